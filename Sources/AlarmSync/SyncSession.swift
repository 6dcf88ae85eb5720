import LinuxSupport

/// What the sync remembers between rounds (stored by the daemon, in its database): the
/// collection's sync token and, per alarm, what both sides agreed on. Local changes not yet on
/// the server are not queued separately: an alarm whose fingerprint differs from its
/// `SyncedItem` (or that has none, or whose alarm is gone) is pending until a round gets it
/// out, so the queue is as durable as the alarms themselves.
package struct SyncState: Hashable, Sendable {
    package var token: String?
    package var items: [String: SyncedItem] = [:]
    /// The server objects that are no alarm we can hold (another program's events, an event
    /// without a reminder), href to ETag: fetched again only when they change. Not saved: the
    /// first round of a process lists the whole calendar (`restarted`), so what they are is
    /// known again after a restart.
    package var ignored: [String: String] = [:]
    package init(token: String? = nil, items: [String: SyncedItem] = [:]) {
        self.token = token
        self.items = items
    }

    /// The state as a new process starts from it: no token, so that the first round lists the
    /// whole calendar and meets the objects that are no alarm again.
    package var restarted: SyncState { SyncState(token: nil, items: items) }
}

/// A server object as the replica reads it: its event's UID and version, and whether another
/// program wrote it.
package struct RemoteDescription: Hashable, Sendable {
    package var uid: String
    package var version: SyncVersion
    package var foreign: Bool
    package init(uid: String, version: SyncVersion, foreign: Bool) {
        self.uid = uid
        self.version = version
        self.foreign = foreign
    }
}

/// What a round agreed with the server since it last said, for the replica to store: items
/// (nil: forgotten), the texts uploaded for other programs' events (now the server's), and
/// the new token once the round is complete.
package struct SyncProgress: Sendable {
    package var items: [String: SyncedItem?] = [:]
    package var uploadedTexts: [String: String] = [:]
    package var token: String??
    package init() {}
    package var isEmpty: Bool { items.isEmpty && uploadedTexts.isEmpty && token == nil }
}

/// The local side of a sync: the daemon's alarms through the iCalendar codec (or, in tests,
/// a dictionary).
package protocol SyncReplica: AnyObject {
    /// Every alarm that syncs, by calendar UID; and other programs' events that ended here
    /// with an acknowledgement still to send.
    func localItems() -> [String: LocalItem]
    /// The event texts to upload for `uids` (those it still has), asked for several at once.
    func calendarData(for uids: [String]) -> [String: String]
    /// The UID, version and writer of a server object; nil when it holds no event with a UID.
    /// Called on the sync thread, once per object a round: what it read may be kept for
    /// `apply` and `ignored` of the same object (href and ETag).
    func describe(_ object: RemoteObject) -> RemoteDescription?
    /// Takes the server's versions in and removes the alarms deleted elsewhere, in one step,
    /// storing what is then agreed about each with it; returns that, per UID it holds as the
    /// server has it (a download it refused is left out and tried again when it changes).
    func apply(downloads: [String: RemoteObject], deletions: [String]) -> [String: SyncedItem]
    /// Stores what the round agreed since the last call.
    func record(_ progress: SyncProgress)
    /// A server object that `describe` found no alarm in: the replica may say why.
    func ignored(_ object: RemoteObject)
    /// A server object larger than the client reads (`MultistatusReader.defaultMaxPropertyBytes`).
    func tooLarge(_ href: String)
}

extension SyncReplica {
    package func ignored(_ object: RemoteObject) {}
    package func tooLarge(_ href: String) {}
}

/// What one round did, for `alarmctl sync` and the log.
package struct SyncReport: Hashable, Sendable {
    package var uploaded: [String] = []
    package var downloaded: [String] = []
    package var deletedOnServer: [String] = []
    package var deletedHere: [String] = []
    /// The losers of conflicts, in words.
    package var conflicts: [String] = []
    /// Writes the server refused with 412 (changed meanwhile): settled next round.
    package var retried: [String] = []
    /// Server objects that are not events we can hold (no UID, larger than the cap).
    package var ignored: [String] = []
    package var isEmpty: Bool { uploaded.isEmpty && downloaded.isEmpty && deletedOnServer.isEmpty && deletedHere.isEmpty }
}

/// One sync round: read what changed on the server (sync-collection, else a full listing),
/// fetch those objects and decide each as it arrives (`SyncPlanner`), then carry out the
/// rest. What is agreed goes to the replica in batches (one trip to the daemon's loop and one
/// commit per batch, not per object), so a round cut short (the server gone mid-way) loses
/// at most a batch, which the next round redoes; the token moves only when the whole round
/// succeeded. Downloads are taken in a few MiB at a time: a large calendar is never all in
/// memory.
package final class SyncSession {
    package let client: CalDAVClient
    /// Objects fetched and waiting to be taken in together, at most this many bytes and this
    /// many objects: one batch is one turn of the daemon's loop, which must stay short.
    static let downloadBatchBytes = 4 << 20
    static let downloadBatchObjects = 100
    /// Agreed items reported to the replica together, at most this many or this old.
    static let progressBatch = 100
    static let progressSeconds = 1.0
    /// Upload texts asked of the replica together.
    let uploadBatch: Int

    package init(client: CalDAVClient, uploadBatch: Int = 50) {
        self.client = client
        self.uploadBatch = uploadBatch
    }

    package func run(_ replica: any SyncReplica, state: inout SyncState) throws(CalDAVError) -> SyncReport {
        var log = ProgressLog(replica: replica)
        do {
            let report = try round(replica, state: &state, log: &log)
            return report
        } catch {
            log.flush()
            throw error
        }
    }

    private func round(_ replica: any SyncReplica, state: inout SyncState, log: inout ProgressLog) throws(CalDAVError) -> SyncReport {
        var report = SyncReport()
        let (etags, token) = try remoteListing(state)
        let uidByHref = Dictionary(state.items.map { ($0.value.href, $0.key) }, uniquingKeysWith: { first, _ in first })
        state.ignored = state.ignored.filter { etags[$0.key] != nil }  // gone from the server
        var remote: [String: RemoteItem] = [:]
        var stale: [String] = []
        for (href, etag) in etags {
            if let uid = uidByHref[href], let agreed = state.items[uid], agreed.etag == etag {
                remote[uid] = RemoteItem(uid: uid, href: href, etag: etag, version: nil, foreign: agreed.foreign)
            } else if state.ignored[href] != etag {
                stale.append(href)
            }
        }
        stale.sort()
        let local = replica.localItems()

        // The changed objects, each decided as it arrives; downloads taken in by the batch.
        var decided: Set<String> = []
        var uploads: [(uid: String, href: String?, condition: WriteCondition)] = []
        var downloads: [String: RemoteObject] = [:]
        var downloadBytes = 0
        func takeDownloads(_ state: inout SyncState) {
            guard !downloads.isEmpty else { return }
            let held = replica.apply(downloads: downloads, deletions: [])
            for (uid, item) in held {
                state.items[uid] = item
                report.downloaded.append(uid)
            }
            downloads = [:]
            downloadBytes = 0
        }
        var fetchedState = state
        // One too large to read is passed over until it changes, and `alarmctl unrung` says why.
        try client.objects(stale, tooLarge: { href in
            report.ignored.append(href)
            fetchedState.ignored[href] = etags[href]
            replica.tooLarge(href)
        }) { object in
            guard let description = replica.describe(object) else {
                report.ignored.append(object.href)
                fetchedState.ignored[object.href] = object.etag
                replica.ignored(object)
                return
            }
            fetchedState.ignored[object.href] = nil
            let uid = description.uid
            guard decided.insert(uid).inserted else { return }  // the same UID twice: keep the first
            let item = RemoteItem(uid: uid, href: object.href, etag: object.etag, version: description.version, foreign: description.foreign)
            remote[uid] = item
            let plan = SyncPlanner.plan(local: local[uid].map { [uid: $0] } ?? [:], remote: [uid: item],
                                        synced: fetchedState.items[uid].map { [uid: $0] } ?? [:])
            report.conflicts += plan.conflicts
            for action in plan.actions {
                switch action {
                case .download:
                    downloads[uid] = object
                    downloadBytes += object.calendarData.utf8.count
                    if downloadBytes >= Self.downloadBatchBytes || downloads.count >= Self.downloadBatchObjects { takeDownloads(&fetchedState) }
                case .upload(_, let href, let condition):
                    uploads.append((uid, href, condition))
                case .deleteRemote, .deleteLocal, .forget:
                    break  // not with the server's object in hand
                }
            }
        }
        takeDownloads(&fetchedState)
        state = fetchedState

        // Everything else: alarms unchanged on the server, new here, or gone on either side.
        let rest = Set(local.keys).union(remote.keys).union(state.items.keys).subtracting(decided)
        let plan = SyncPlanner.plan(local: local.filter { rest.contains($0.key) }, remote: remote.filter { rest.contains($0.key) },
                                    synced: state.items.filter { rest.contains($0.key) })
        report.conflicts += plan.conflicts
        var deletions: [String] = []
        for action in plan.actions {
            switch action {
            case .upload(let uid, let href, let condition):
                uploads.append((uid, href, condition))
            case .deleteRemote(let uid, let href, let etag):
                do {
                    try client.delete(href, ifMatch: etag)
                    state.items[uid] = nil
                    log.add(uid, nil)
                    report.deletedOnServer.append(uid)
                } catch .preconditionFailed {
                    report.retried.append(uid)
                }
            case .download:
                break  // only for objects fetched above
            case .deleteLocal(let uid):
                deletions.append(uid)
            case .forget(let uid):
                state.items[uid] = nil
                log.add(uid, nil)
            }
        }
        if !deletions.isEmpty {
            let held = replica.apply(downloads: [:], deletions: deletions)
            for uid in deletions where held[uid] == nil {
                state.items[uid] = nil
                report.deletedHere.append(uid)
            }
        }

        // Uploads, their texts asked for a batch at a time.
        var start = 0
        while start < uploads.count {
            let batch = uploads[start..<min(start + uploadBatch, uploads.count)]
            start += batch.count
            let texts = replica.calendarData(for: batch.map(\.uid))
            for (uid, href, condition) in batch {
                guard let data = texts[uid], let item = local[uid] else { continue }
                let target = href ?? client.href(forName: uid)
                do {
                    let etag = try client.put(target, calendarData: data, condition: condition)
                    // No ETag in the reply: "" differs from the server's, so the next round
                    // reads it back once.
                    let agreed = SyncedItem(href: target, etag: etag ?? "", fingerprint: item.fingerprint, foreign: item.foreign || state.items[uid]?.foreign == true)
                    state.items[uid] = agreed
                    log.add(uid, agreed, uploaded: agreed.foreign ? data : nil)
                    report.uploaded.append(uid)
                } catch .preconditionFailed {
                    report.retried.append(uid)
                }
            }
        }
        state.token = token
        log.finish(token: token)
        for list in [\SyncReport.uploaded, \.downloaded, \.deletedOnServer, \.deletedHere] { report[keyPath: list].sort() }
        return report
    }

    /// Every object's href and ETag on the server, and the token to save after this round:
    /// the known state moved on by sync-collection's changes, or a full listing (no token yet,
    /// a token the server forgot, no sync-collection).
    private func remoteListing(_ state: SyncState) throws(CalDAVError) -> (etags: [String: String], token: String?) {
        if let token = state.token {
            do {
                let changes = try client.changes(since: token)
                var etags = Dictionary(state.items.values.map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first })
                etags.merge(state.ignored) { tracked, _ in tracked }
                for href in changes.removed { etags[href] = nil }
                for resource in changes.changed { etags[resource.href] = resource.etag }
                return (etags, changes.token)
            } catch .syncTokenExpired {}
        }
        do {
            let all = try client.changes(since: nil)
            return (Dictionary(all.changed.map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first }), all.token)
        } catch {
            switch error {
            case .http, .malformedReply:  // no sync-collection here: list with ETags each round
                let all = try client.list()
                return (Dictionary(all.map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first }), nil)
            default: throw error
            }
        }
    }
}

/// What a round agreed, handed to the replica a batch at a time.
private struct ProgressLog {
    let replica: any SyncReplica
    var pending = SyncProgress()
    var since = MonotonicClock.now()

    mutating func add(_ uid: String, _ item: SyncedItem?, uploaded text: String? = nil) {
        pending.items[uid] = .some(item)
        if let text { pending.uploadedTexts[uid] = text }
        if pending.items.count >= SyncSession.progressBatch
            || Double(MonotonicClock.now() - since) / 1e9 >= SyncSession.progressSeconds { flush() }
    }

    mutating func flush() {
        since = MonotonicClock.now()
        guard !pending.isEmpty else { return }
        replica.record(pending)
        pending = SyncProgress()
    }

    mutating func finish(token: String?) {
        pending.token = .some(token)
        flush()
    }
}
