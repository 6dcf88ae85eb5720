/// What the sync remembers between rounds (stored by the daemon): the collection's sync
/// token and, per alarm, what both sides agreed on. Local changes not yet on the server are
/// not queued separately: an alarm whose fingerprint differs from its `SyncedItem` (or that has
/// none, or whose alarm is gone) is pending until a round gets it out, so the queue is as
/// durable as the alarms themselves.
package struct SyncState: Hashable, Sendable, Codable {
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

    private enum CodingKeys: String, CodingKey { case token, items }

    /// The state as a new process starts from it: no token, so that the first round lists the
    /// whole calendar and meets the objects that are no alarm again.
    package var restarted: SyncState { SyncState(token: nil, items: items) }
}

/// The local side of a sync: the daemon's alarms through the iCalendar codec (or, in tests,
/// a dictionary).
package protocol SyncReplica: AnyObject {
    /// Every alarm that syncs, by calendar UID.
    func localItems() -> [String: LocalItem]
    /// The event text to upload for `uid`.
    func calendarData(for uid: String) -> String?
    /// The UID and version of a server object, nil if it is not an alarm we can hold.
    func describe(_ calendarData: String) -> (uid: String, version: SyncVersion)?
    /// Takes the server's versions in and removes the alarms deleted elsewhere, in one step;
    /// returns the fingerprint of each UID it now holds as the server has it (a download it
    /// refused is left out and tried again when it changes).
    func apply(downloads: [String: RemoteObject], deletions: [String]) -> [String: String]
    /// A server object that `describe` found no alarm in: the replica may say why.
    func ignored(_ object: RemoteObject)
}

extension SyncReplica {
    package func ignored(_ object: RemoteObject) {}
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
    /// Server objects that are not alarms we can hold (another program's events).
    package var ignored: [String] = []
    package var isEmpty: Bool { uploaded.isEmpty && downloaded.isEmpty && deletedOnServer.isEmpty && deletedHere.isEmpty }
}

/// One sync round: read what changed on the server (sync-collection, else a full listing),
/// fetch those objects, let `SyncPlanner` decide, carry it out. `state` is updated after each
/// step that succeeded, so a round cut short (the server gone mid-way) loses nothing and the
/// next one resumes; the token moves only when the whole round succeeded.
package final class SyncSession {
    package let client: CalDAVClient

    package init(client: CalDAVClient) { self.client = client }

    package func run(_ replica: any SyncReplica, state: inout SyncState) throws(CalDAVError) -> SyncReport {
        var report = SyncReport()
        let (etags, token) = try remoteListing(state)
        let uidByHref = Dictionary(state.items.map { ($0.value.href, $0.key) }, uniquingKeysWith: { first, _ in first })
        state.ignored = state.ignored.filter { etags[$0.key] != nil }  // gone from the server
        let stale = etags.filter { href, etag in (uidByHref[href].flatMap { state.items[$0]?.etag } ?? state.ignored[href]) != etag }.map(\.key).sorted()
        var fetched: [String: RemoteObject] = [:]
        var remote: [String: RemoteItem] = [:]
        for object in try client.objects(stale) {
            guard let (uid, version) = replica.describe(object.calendarData) else {
                report.ignored.append(object.href)
                state.ignored[object.href] = object.etag
                replica.ignored(object)
                continue
            }
            state.ignored[object.href] = nil
            guard remote[uid] == nil else { continue }  // the same UID twice: keep the first
            fetched[uid] = object
            remote[uid] = RemoteItem(uid: uid, href: object.href, etag: object.etag, version: version)
        }
        for (href, etag) in etags {
            guard let uid = uidByHref[href], remote[uid] == nil, state.items[uid]?.etag == etag else { continue }
            remote[uid] = RemoteItem(uid: uid, href: href, etag: etag, version: nil)
        }

        let local = replica.localItems()
        let plan = SyncPlanner.plan(local: local, remote: remote, synced: state.items)
        report.conflicts = plan.conflicts
        var downloads: [String: RemoteObject] = [:]
        var deletions: [String] = []
        for action in plan.actions {
            switch action {
            case .upload(let uid, let href, let condition):
                guard let data = replica.calendarData(for: uid), let item = local[uid] else { continue }
                let target = href ?? client.href(forName: uid)
                do {
                    let etag = try client.put(target, calendarData: data, condition: condition)
                    // No ETag in the reply: "" differs from the server's, so the next round
                    // reads it back once.
                    state.items[uid] = SyncedItem(href: target, etag: etag ?? "", fingerprint: item.fingerprint)
                    report.uploaded.append(uid)
                } catch .preconditionFailed {
                    report.retried.append(uid)
                }
            case .deleteRemote(let uid, let href, let etag):
                do {
                    try client.delete(href, ifMatch: etag)
                    state.items[uid] = nil
                    report.deletedOnServer.append(uid)
                } catch .preconditionFailed {
                    report.retried.append(uid)
                }
            case .download(let uid, _):
                if let object = fetched[uid] { downloads[uid] = object }
            case .deleteLocal(let uid):
                deletions.append(uid)
            case .forget(let uid):
                state.items[uid] = nil
            }
        }
        if !downloads.isEmpty || !deletions.isEmpty {
            let held = replica.apply(downloads: downloads, deletions: deletions)
            for (uid, object) in downloads {
                guard let fingerprint = held[uid] else { continue }
                state.items[uid] = SyncedItem(href: object.href, etag: object.etag, fingerprint: fingerprint)
                report.downloaded.append(uid)
            }
            for uid in deletions where held[uid] == nil {
                state.items[uid] = nil
                report.deletedHere.append(uid)
            }
        }
        state.token = token
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
