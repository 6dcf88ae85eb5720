import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmStore
import AlarmSync
import AlarmSystem
import CLinux
import Dispatch
import FoundationEssentials
import LinuxSupport
import Logging

/// The daemon's alarms as the sync sees them, through the iCalendar codec, and the sync's
/// state (the `syncItem` rows: what was agreed with the server, versions, acknowledgements,
/// other programs' events as the server has them). Called on the sync thread; every touch of
/// the engine and of the state is done on the loop thread (`onLoop`), so remote changes go
/// through the engine as requests do, and every change of the state is committed in the same
/// transaction as the alarm change it belongs to (`Engine.stageSync`).
final class DaemonReplica: SyncReplica, @unchecked Sendable {  // state and engine: loop thread only; `describeZones` under its lock
    private let loop: EventLoop
    // Not owned: the sync thread outlives the loop, and must not keep the store open (its
    // close at the end checkpoints the write-ahead log). Touched on the loop thread only.
    private unowned let engine: Engine
    private let zone: CurrentZone
    private weak var persistence: SyncPersistence?
    private let unrung: UnrungLedger
    private let logger: Logger
    /// Per calendar UID, the stored row (its server text apart). Loop thread only.
    private var items: [String: StoredSyncItem] = [:]
    private var collectionURL: String?
    private var token: String?
    /// Set while the replica changes alarms itself (downloads, a ring ended by another
    /// machine's Stop): those are not edits made here.
    private var applying = false
    private let describeLock = Lock()
    private var describeZones: ZoneLookup
    /// What `describe` read of each server object this round, by href, until `apply` or
    /// `ignored` takes it: an object is parsed once a round, on the sync thread, never on the
    /// loop thread that rings alarms. Under `describeLock`.
    private var reads: [String: ObjectRead] = [:]
    private struct ObjectRead {
        var etag: String
        var results: Result<[EventResult], ICalendarError>
        /// Another program's object as the server stores it (`asStored`); nil for ours.
        var serverText: String?
    }

    init(loop: EventLoop, engine: Engine, zone: CurrentZone, persistence: SyncPersistence?, unrung: UnrungLedger, logger: Logger) {
        self.loop = loop
        self.engine = engine
        self.zone = zone
        self.persistence = persistence
        self.unrung = unrung
        self.logger = logger
        describeZones = .system(machine: zone.rules)
        do {
            let stored = try persistence?.loadSync() ?? StoredSyncState()
            collectionURL = stored.url
            token = stored.token
            for item in stored.items { items[item.uid] = item }
        } catch {
            logger.error("sync: cannot read the sync state from the database (\(error)); the next round compares every alarm with the server afresh")
        }
        engine.onSaving = { [unowned self] before, after in alarmSaving(before, after) }
        engine.editRefusal = { [unowned self] existing, request in refusal(existing, request) }
    }

    /// Runs `body` on the loop thread and waits for its result.
    private func onLoop<Result>(_ body: @escaping () -> Result) -> Result {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Result>()
        let work = UncheckedSendable { box.value = body(); done.signal() }
        loop.post { work.value() }
        done.wait()
        return box.value!
    }

    private var zones: ZoneLookup { .system(machine: zone.rules) }

    static func uid(of record: AlarmRecord) -> String { record.calendarUID ?? record.id.uuidString }

    /// Alarms of a subscribed calendar (`CalendarSubscription`) and timers stay out of the sync.
    static func syncs(_ record: AlarmRecord) -> Bool { !record.appID.hasPrefix("calendar:") && record.schedule != nil }

    // MARK: The state

    /// The sync thread, before its first round: the collection it syncs with (another URL
    /// keeps the versions and marks but nothing agreed with the old server), and the state.
    func begin(url: String) -> SyncState {
        onLoop { [self] in
            var changes = SyncChanges()
            if collectionURL != url {
                if collectionURL != nil { logger.notice("sync: the calendar URL changed; every alarm is compared with the new calendar afresh") }
                for (uid, var item) in items where item.href != nil || item.etag != nil || item.fingerprint != nil {
                    item.href = nil
                    item.etag = nil
                    item.fingerprint = nil
                    items[uid] = item
                    changes.items[uid] = item
                }
                collectionURL = url
                token = nil
                changes.collection = (url, nil)
            }
            engine.stageSync(changes)
            var state = SyncState(token: token)
            for (uid, item) in items {
                guard let href = item.href, let etag = item.etag, let fingerprint = item.fingerprint else { continue }
                state.items[uid] = SyncedItem(href: href, etag: etag, fingerprint: fingerprint, foreign: item.foreign)
            }
            return state
        }
    }

    /// The state of `sync-state.json` (before the database held it) taken in once, when the
    /// database has none for this URL yet. Returns whether it was taken (then the file may go
    /// once it is committed: `afterCommit`).
    func adopt(_ legacy: SyncState, url: String) -> Bool {
        onLoop { [self] in
            guard collectionURL == url, token == nil, !items.values.contains(where: { $0.href != nil }) else { return false }
            var changes = SyncChanges()
            for (uid, agreed) in legacy.items {
                var item = items[uid] ?? StoredSyncItem(uid: uid)
                item.href = agreed.href
                item.etag = agreed.etag
                item.fingerprint = agreed.fingerprint
                items[uid] = item
                changes.items[uid] = item
            }
            token = legacy.token
            changes.collection = (url, legacy.token)
            engine.stageSync(changes)
            return true
        }
    }

    /// Runs `work` on the loop once what was staged so far was committed (or failed to be);
    /// `committed` says whether everything is on disk.
    func afterCommit(_ work: @escaping @Sendable (_ committed: Bool) -> Void) {
        // A turn after the one that staged it, whose end committed it (or failed to).
        loop.post { [self] in work(engine.storageProblem == nil) }
    }

    /// After a round: what it read and wrote (replies, server texts, SQLite's page cache)
    /// goes back to the system. SQLite's cache is freed on the loop thread that owns the
    /// store, the heap trimmed here: trimming what a large reply left behind takes tens of
    /// milliseconds, which the loop thread's clients must not wait for.
    func roundEnded() {
        describeLock.withLock { reads = [:] }
        onLoop { [self] in persistence?.releaseMemory() }
        _ = malloc_trim(0)
    }

    private func stage(_ item: StoredSyncItem, serverText: String?? = nil) {
        items[item.uid] = item
        var changes = SyncChanges()
        changes.items[item.uid] = item
        if let serverText { changes.serverTexts[item.uid] = serverText }
        engine.stageSync(changes)
    }

    private func forget(_ uid: String) {
        guard items.removeValue(forKey: uid) != nil else { return }
        var changes = SyncChanges()
        changes.items[uid] = .some(nil)
        engine.stageSync(changes)
    }

    private func marks(_ uid: String) -> SyncMarks? {
        guard let item = items[uid], item.sequence != 0 || item.lastModified != nil || item.acknowledged != nil else { return nil }
        return SyncMarks(sequence: item.sequence, lastModified: item.lastModified ?? Date(timeIntervalSince1970: 0),
                         acknowledged: item.acknowledged, snoozedUntil: item.snoozedUntil)
    }

    private func version(_ uid: String) -> SyncVersion {
        SyncVersion(sequence: items[uid]?.sequence ?? 0, lastModified: items[uid]?.lastModified?.timeIntervalSince1970 ?? 0)
    }

    /// A foreign event's server text: staged this turn, else committed.
    private func serverText(_ uid: String) -> String? {
        if let staged = engine.stagedServerText(uid: uid) { return staged }
        do { return try persistence?.syncServerText(uid: uid) } catch {
            logger.error("sync: cannot read the server's copy of \(uid) from the database: \(error)")
            return nil
        }
    }

    // MARK: What happens here

    /// Loop thread, in the engine's turn: an alarm is saved. A change of what its event says
    /// (not its phase) is an edit made here, which its next upload carries with a new version:
    /// SEQUENCE one higher (for another program's event only a new time is that significant,
    /// RFC 5545) and LAST-MODIFIED now, committed with the edit.
    private func alarmSaving(_ before: AlarmRecord?, _ after: AlarmRecord) {
        guard !applying, let before, Self.syncs(after) else { return }
        let now = Date()
        guard let old = plainFingerprint(before, now: now), let new = plainFingerprint(after, now: now), old != new else { return }
        let uid = Self.uid(of: after)
        var item = items[uid] ?? StoredSyncItem(uid: uid)
        if !item.foreign || before.schedule != after.schedule { item.sequence += 1 }
        item.lastModified = now
        stage(item)
    }

    /// Loop thread, in the engine's turn: a person stopped or snoozed `record`'s ring here.
    /// Its next upload says so (RFC 9074), committed with the Stop. A ring ended because another
    /// machine's acknowledgement arrived is already marked and is not written back.
    func ringEnded(_ record: AlarmRecord, firedFor: Date, snoozedUntil: Date?, now: Date = Date()) {
        guard Self.syncs(record) else { return }
        let uid = Self.uid(of: record)
        var item = items[uid] ?? StoredSyncItem(uid: uid)
        if let acknowledged = item.acknowledged, Self.acknowledges(acknowledged, firedFor) { return }
        if !item.foreign { item.sequence += 1 }
        item.lastModified = now
        item.acknowledged = now
        item.snoozedUntil = snoozedUntil
        stage(item)
    }

    /// Whether an acknowledgement is of the fire at `firedFor` or later: iCalendar times are
    /// whole seconds, a fire need not be.
    static func acknowledges(_ acknowledged: Date, _ firedFor: Date) -> Bool {
        acknowledged.timeIntervalSince1970 >= firedFor.timeIntervalSince1970.rounded(.down)
    }

    /// The largest text of another program's event an edit here is checked against. The
    /// check parses it on the loop thread, in the edit's turn: this keeps that turn short
    /// (a real event, even an invitation with a long description, is a few KiB).
    static let maxEditedForeignBytes = 256 << 10

    /// Loop thread: why an edit of another program's event cannot be written into it.
    private func refusal(_ existing: AlarmRecord, _ request: AlarmRecord) -> String? {
        let uid = Self.uid(of: existing)
        guard items[uid]?.foreign == true, let text = serverText(uid) else { return nil }
        let title = existing.presentation.alert.title.text
        guard text.utf8.count <= Self.maxEditedForeignBytes else {
            return "'\(title)' is another calendar program's event of \(text.utf8.count >> 10) KiB, too large to change here: change it in its calendar program"
        }
        return ForeignEvent.refusal(of: request, in: text, uid: uid, zones: zones, now: Date())
            .map { "'\(title)' is another calendar program's event: \($0)" }
    }

    // MARK: Fingerprints

    private func plainFingerprint(_ record: AlarmRecord, now: Date) -> String? {
        ICalendar.event(for: record, zones: zones, now: now).map { Self.fingerprint($0, record: record) }
    }

    private func text(_ record: AlarmRecord, now: Date) -> String? {
        ICalendar.event(for: record, zones: zones, now: now, marks: marks(Self.uid(of: record)))
    }

    /// The event text without what changes by itself: DTSTAMP (the time of writing), and for
    /// a clock-time alarm the date of DTSTART (the next fire's date, which moves every time
    /// it rings). What a person changes (time, days, title, sound, on/off, skip) stays in.
    static func fingerprint(_ text: String, record: AlarmRecord) -> String {
        var isRelative = false
        if case .relative = record.schedule { isRelative = true }
        return text.split(separator: "\r\n", omittingEmptySubsequences: false).compactMap { line -> Substring? in
            if line.hasPrefix("DTSTAMP") { return nil }
            if isRelative, line.hasPrefix("DTSTART"), let colon = line.lastIndex(of: ":"), let t = line[colon...].firstIndex(of: "T") {
                return line[..<line.index(after: colon)] + line[t...]
            }
            return line
        }.joined(separator: "\r\n")
    }

    /// Another program's event whose alarm is gone here (it rang once and was stopped, or was
    /// removed here): what is left to say about it is its marks.
    private static func endedFingerprint(_ item: StoredSyncItem) -> String {
        "ended \(item.acknowledged.map { "\($0.timeIntervalSince1970)" } ?? "-") \(item.snoozedUntil.map { "\($0.timeIntervalSince1970)" } ?? "-")"
    }

    /// A calendar object as the server stores it, from its text in a multistatus reply: XML
    /// turns every CRLF it carries unescaped into LF (XML 1.0, 2.11), so a text without any CR
    /// had RFC 5545's CRLF line ends (a server that escapes CR as `&#13;` sends them as they are).
    static func asStored(_ text: String) -> String {
        text.utf8.contains(0x0D) ? text : text.replacing("\n", with: "\r\n")
    }

    // MARK: SyncReplica

    func localItems() -> [String: LocalItem] {
        onLoop { [self] in
            let now = Date()
            let zones = zones
            describeLock.withLock { describeZones = zones }
            var result: [String: LocalItem] = [:]
            var fingerprints: [String: Fingerprint] = [:]
            for record in engine.records.values where Self.syncs(record) {
                let uid = Self.uid(of: record)
                let marks = marks(uid)
                // An alarm unchanged since the last round keeps its fingerprint: an idle round
                // writes no event text.
                var known = lastFingerprints[uid]
                if known?.record != record || known?.marks != marks {
                    guard let text = ICalendar.event(for: record, zones: zones, now: now, marks: marks) else { continue }
                    known = Fingerprint(record: record, marks: marks, text: Self.fingerprint(text, record: record))
                }
                fingerprints[uid] = known
                result[uid] = LocalItem(uid: uid, fingerprint: known!.text, version: version(uid), foreign: items[uid]?.foreign == true)
            }
            lastFingerprints = fingerprints
            for (uid, item) in items where item.foreign && result[uid] == nil && item.acknowledged != nil {
                result[uid] = LocalItem(uid: uid, fingerprint: Self.endedFingerprint(item), version: version(uid), foreign: true)
            }
            return result
        }
    }

    /// Why a server object gives no alarm, for `alarmctl unrung`. Sync thread.
    func ignored(_ object: RemoteObject) {
        let read = describeLock.withLock { reads.removeValue(forKey: object.href) }
        guard let read, read.etag == object.etag else { return }
        unrung.syncObjectRefused(href: object.href, refused: Self.refusals(in: read.results))
    }

    /// A server object too large to read: what `alarmctl unrung` says of it.
    func tooLarge(_ href: String) {
        unrung.syncObjectRefused(href: href, refused: [RefusedEvent(uid: nil, summary: nil, line: 0,
            reason: .damaged("larger than \(MultistatusReader.defaultMaxPropertyBytes >> 20) MiB, the most alarmd reads of one calendar object"), start: nil)])
    }

    /// What in a calendar object gives no alarm, and why.
    private static func refusals(in text: String, zones: ZoneLookup) -> [RefusedEvent] {
        refusals(in: parse(text, zones: zones))
    }

    private static func refusals(in results: Result<[EventResult], ICalendarError>) -> [RefusedEvent] {
        switch results {
        case .success(let results):
            results.compactMap { result in if case .refused(let refusal) = result { refusal } else { nil } }
        case .failure(let error):
            [RefusedEvent(uid: nil, summary: nil, line: error.line, reason: .damaged(error.description), start: nil)]
        }
    }

    private static func parse(_ text: String, zones: ZoneLookup) -> Result<[EventResult], ICalendarError> {
        do throws(ICalendarError) { return .success(try ICalendar.parse(text, zones: zones, now: Date())) } catch { return .failure(error) }
    }

    /// Sync thread, before the first round: other programs' events held as the server has
    /// them that give no alarm here are not fetched again while they stay unchanged, so what
    /// `alarmctl unrung` says of them is read from their stored text.
    func recallUnrung() {
        let texts: [(href: String, text: String)] = onLoop { [self] in
            items.values.compactMap { item in
                guard item.foreign, let href = item.href, record(item.uid) == nil, let text = serverText(item.uid) else { return nil }
                return (href, text)
            }
        }
        let zones = describeLock.withLock { describeZones }
        for (href, text) in texts { unrung.syncObjectRefused(href: href, refused: Self.refusals(in: text, zones: zones)) }
    }

    /// A round ended; `ignored` are the server objects it knows as giving no alarm, besides
    /// other programs' events held here without an alarm.
    func roundEnded(ignored: Set<String>) {
        let held: [String] = onLoop { [self] in
            items.values.compactMap { item in item.foreign && record(item.uid) == nil ? item.href : nil }
        }
        unrung.syncRoundEnded(keeping: ignored.union(held), at: Date())
    }

    /// Our alarms' texts are written on the loop thread; this machine's changes are written
    /// into other programs' events (their server text parsed) here, on the sync thread.
    func calendarData(for uids: [String]) -> [String: String] {
        let (own, foreign): ([String: String], [ForeignUpload]) = onLoop { [self] in withUIDIndex { texts(for: uids) } }
        var result = own
        let now = Date()
        let zones = describeLock.withLock { describeZones }
        for event in foreign {
            do {
                let patched = try ForeignEvent.patch(event.base, uid: event.uid, record: event.record, marks: event.marks, zones: zones, now: now)
                for why in patched.refused { logger.warning("sync: a change of \(event.uid) stays on this machine: \(why)") }
                result[event.uid] = patched.text
            } catch {
                logger.warning("sync: cannot write this machine's changes into \(event.uid), another program's event: \(error)")
            }
        }
        return result
    }

    /// Another program's event to upload: its server text and what this machine adds to it.
    private struct ForeignUpload: @unchecked Sendable {
        var uid: String
        var base: String
        var record: AlarmRecord?
        var marks: SyncMarks?
    }

    private func texts(for uids: [String]) -> ([String: String], [ForeignUpload]) {
        let now = Date()
        var texts: [String: String] = [:]
        var foreign: [ForeignUpload] = []
        for uid in uids {
            let record = record(uid)
            guard items[uid]?.foreign == true else {
                if let record, let text = text(record, now: now) { texts[uid] = text }
                continue
            }
            guard let base = serverText(uid) else { continue }
            foreign.append(ForeignUpload(uid: uid, base: base, record: record, marks: marks(uid)))
        }
        return (texts, foreign)
    }

    func describe(_ object: RemoteObject) -> RemoteDescription? {
        let zones = describeLock.withLock { describeZones }
        let read = Self.parse(object.calendarData, zones: zones)
        let foreign = !ForeignEvent.isOurs(object.calendarData)
        let stored = foreign ? Self.asStored(object.calendarData) : nil
        describeLock.withLock { reads[object.href] = ObjectRead(etag: object.etag, results: read, serverText: stored) }
        guard case .success(let results) = read else { return nil }
        for result in results {
            switch result {
            case .alarm(let event):
                return RemoteDescription(
                    uid: event.uid, version: SyncVersion(sequence: event.sequence ?? 0, lastModified: event.lastModified?.timeIntervalSince1970 ?? 0),
                    foreign: foreign)
            case .refused(let refused):
                // Another program's event that gives no alarm here (no reminder, over): kept
                // in the state all the same, so that it is not read again every round.
                if foreign, let uid = refused.uid, !uid.isEmpty { return RemoteDescription(uid: uid, version: SyncVersion(sequence: 0, lastModified: 0), foreign: true) }
            }
        }
        return nil
    }

    func apply(downloads: [String: RemoteObject], deletions: [String]) -> [String: SyncedItem] {
        onLoop { [self] in withUIDIndex { take(downloads: downloads, deletions: deletions) } }
    }

    private func take(downloads: [String: RemoteObject], deletions: [String]) -> [String: SyncedItem] {
        do {
            applying = true
            defer { applying = false }
            let now = Date()
            let zones = zones
            var held: [String: SyncedItem] = [:]
            for (uid, object) in downloads.sorted(by: { $0.key < $1.key }) {
                // Read by `describe` on the sync thread; one that changed between the two
                // (an href twice in a reply) is read again next round.
                let read = describeLock.withLock { reads.removeValue(forKey: object.href) }
                guard let read, read.etag == object.etag else {
                    logger.warning("sync: \(object.href) changed while it was read; read again next round")
                    continue
                }
                let foreign = read.serverText != nil
                let results: [EventResult]
                switch read.results {
                case .success(let parsed): results = parsed
                case .failure(let error):
                    logger.warning("sync: \(object.href) is not iCalendar this machine can read (\(error)); left on the server")
                    continue
                }
                let event = results.lazy.compactMap { result -> ImportedEvent? in
                    if case .alarm(let event) = result, event.uid == uid { return event } else { return nil }
                }.first
                guard let event else {
                    unrung.syncObjectRefused(href: object.href, refused: results.compactMap { result in
                        if case .refused(let refusal) = result { refusal } else { nil }
                    })
                    guard foreign else {
                        logger.warning("sync: \(object.href) is not an alarm this machine can hold; left on the server")
                        continue
                    }
                    // Someone's event that gives no alarm (now): its alarm here goes, and it is
                    // kept as the server has it.
                    if let local = record(uid) { _ = try? engine.handle(.cancel, id: local.id, now: now) }
                    var item = items[uid] ?? StoredSyncItem(uid: uid)
                    item.foreign = true
                    item.href = object.href
                    item.etag = object.etag
                    item.fingerprint = Self.endedFingerprint(item)
                    stage(item, serverText: .some(read.serverText))
                    held[uid] = SyncedItem(href: object.href, etag: object.etag, fingerprint: item.fingerprint!, foreign: true)
                    continue
                }
                let (agreedMarks, sameAlarm) = takeMarks(of: event, foreign: foreign, now: now)
                var record: AlarmRecord?
                if sameAlarm {
                    record = self.record(uid)
                } else {
                    // One at a time: a refused alarm (a date that passed) leaves the others in.
                    do {
                        record = try engine.importRecords([event.record], now: now).first
                        if let record, let calendarUID = record.calendarUID { calendarUIDs?[calendarUID] = record.id }
                    } catch {
                        logger.warning("sync: \(object.href) cannot become an alarm here: \(error)")
                    }
                }
                guard let record, let text = ICalendar.event(for: record, zones: zones, now: now, marks: agreedMarks) else { continue }
                var item = items[uid] ?? StoredSyncItem(uid: uid)
                item.foreign = foreign
                item.href = object.href
                item.etag = object.etag
                item.fingerprint = Self.fingerprint(text, record: record)
                stage(item, serverText: .some(read.serverText))
                held[uid] = SyncedItem(href: object.href, etag: object.etag, fingerprint: item.fingerprint!, foreign: foreign)
            }
            for uid in deletions {
                if let record = record(uid) {
                    do { _ = try engine.handle(.cancel, id: record.id, now: now) } catch {
                        logger.warning("sync: cannot remove \(uid), deleted on another machine: \(error)")
                        held[uid] = SyncedItem(href: "", etag: "", fingerprint: "")
                        continue
                    }
                }
                forget(uid)
            }
            return held
        }
    }

    func record(_ progress: SyncProgress) {
        onLoop { [self] in
            var changes = SyncChanges()
            for (uid, agreed) in progress.items {
                guard let agreed else {
                    if items.removeValue(forKey: uid) != nil { changes.items[uid] = .some(nil) }
                    continue
                }
                var item = items[uid] ?? StoredSyncItem(uid: uid)
                item.href = agreed.href
                item.etag = agreed.etag
                item.fingerprint = agreed.fingerprint
                item.foreign = agreed.foreign
                items[uid] = item
                changes.items[uid] = item
            }
            for (uid, text) in progress.uploadedTexts { changes.serverTexts[uid] = .some(text) }
            if let token = progress.token, let url = collectionURL {
                self.token = token
                changes.collection = (url, token)
            }
            engine.stageSync(changes)
        }
    }

    /// Takes a received copy's version and acknowledgement in; a ring here of the fire it
    /// acknowledges stops (or snoozes) as if a person had pressed the button here. Returns the
    /// marks as the server has them (what is agreed) and whether the copy is, apart from
    /// those marks, the alarm this machine already holds. For another program's event, an
    /// acknowledgement made here and not yet on the server is kept, and goes out next round
    /// written into the server's new text.
    private func takeMarks(of event: ImportedEvent, foreign: Bool, now: Date) -> (SyncMarks?, Bool) {
        let received: SyncMarks? = event.sequence == nil && event.lastModified == nil && event.acknowledged == nil ? nil
            : SyncMarks(sequence: event.sequence ?? 0, lastModified: event.lastModified ?? Date(timeIntervalSince1970: 0),
                        acknowledged: event.acknowledged, snoozedUntil: event.snoozedUntil)
        var item = items[event.uid] ?? StoredSyncItem(uid: event.uid)
        let mine = item
        item.sequence = received?.sequence ?? 0
        item.lastModified = received?.lastModified
        item.acknowledged = received?.acknowledged
        item.snoozedUntil = received?.snoozedUntil
        if foreign, let ours = mine.acknowledged, ours > (received?.acknowledged ?? .distantPast) {
            item.acknowledged = ours
            item.snoozedUntil = mine.snoozedUntil
            item.lastModified = max(mine.lastModified ?? now, received?.lastModified ?? .distantPast)
        }
        items[event.uid] = item
        if let local = record(event.uid), case .alerting(_, let firedFor) = local.phase, let acknowledged = received?.acknowledged,
           Self.acknowledges(acknowledged, firedFor) {
            let snooze = received?.snoozedUntil.map { $0 > now } ?? false
            do {
                _ = try engine.handle(snooze ? .countdown : .stop, id: local.id, now: now)
                logger.info("sync: '\(local.presentation.alert.title.text)' was \(snooze ? "snoozed" : "stopped") on another machine")
            } catch {
                logger.warning("sync: cannot end the ring of \(event.uid), acknowledged on another machine: \(error)")
            }
        }
        guard let current = record(event.uid), let mineText = ICalendar.event(for: current, zones: zones, now: now, marks: received),
              let theirs = ICalendar.event(for: event.record, zones: zones, now: now, marks: received) else { return (received, false) }
        return (received, Self.fingerprint(mineText, record: current) == Self.fingerprint(theirs, record: event.record))
    }

    private func record(_ uid: String) -> AlarmRecord? {
        if let id = UUID(uuidString: uid), let record = engine.records[id] { return record }
        guard let id = calendarUIDs?[uid] ?? (calendarUIDs == nil ? engine.records.values.first(where: { $0.calendarUID == uid })?.id : nil) else { return nil }
        return engine.records[id]
    }

    /// What the last round computed, per UID: a round only writes the event text of an alarm
    /// (or marks) that changed since.
    private struct Fingerprint {
        var record: AlarmRecord
        var marks: SyncMarks?
        var text: String
    }
    private var lastFingerprints: [String: Fingerprint] = [:]

    /// The alarms' calendar UIDs, while a batch of look-ups runs (`withUIDIndex`).
    private var calendarUIDs: [String: UUID]?

    /// Runs `body` with the calendar UIDs indexed: a batch of 1,000 look-ups is not 1,000 scans.
    private func withUIDIndex<Result>(_ body: () -> Result) -> Result {
        var index: [String: UUID] = [:]
        for record in engine.records.values { if let uid = record.calendarUID { index[uid] = record.id } }
        calendarUIDs = index
        defer { calendarUIDs = nil }
        return body()
    }
}

private final class ResultBox<Value>: @unchecked Sendable { var value: Value? }
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
