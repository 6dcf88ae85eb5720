import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmSync
import AlarmSystem
import Dispatch
import FoundationEssentials
import Logging

/// The daemon's alarms as the sync sees them, through the iCalendar codec. Called on the sync
/// thread; every touch of the engine is done on the loop thread (`onLoop`), so remote changes
/// go through the engine as requests do (checked, one commit per turn, watchers told).
final class DaemonReplica: SyncReplica, @unchecked Sendable {  // the engine is touched on the loop thread only
    private let loop: EventLoop
    private let engine: Engine
    private let zone: CurrentZone
    private let unrung: UnrungLedger
    private let logger: Logger
    /// Per calendar UID, the version and RFC 9074 acknowledgement its synced copy carries:
    /// set by a Stop or Snooze here (`ringEnded`) or taken from the server. Loop thread only;
    /// in memory (after a restart an alarm is written without them again, which is harmless:
    /// an old acknowledgement silences nothing).
    private var marks: [String: SyncMarks] = [:]
    /// Per calendar UID, the alarm's fingerprint without the marks when last seen (a round's
    /// look, or a download taken in): a change in between is an edit made here, which bumps
    /// SEQUENCE and LAST-MODIFIED. Loop thread only; empty after a restart (no bump then).
    private var seen: [String: String] = [:]

    init(loop: EventLoop, engine: Engine, zone: CurrentZone, unrung: UnrungLedger, logger: Logger) {
        self.loop = loop
        self.engine = engine
        self.zone = zone
        self.unrung = unrung
        self.logger = logger
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

    /// Loop thread: a person stopped or snoozed `record`'s ring here. Its next upload says so,
    /// with SEQUENCE bumped and LAST-MODIFIED now. A ring ended because another machine's
    /// acknowledgement arrived is already marked and is not written back.
    func ringEnded(_ record: AlarmRecord, firedFor: Date, snoozedUntil: Date?, now: Date = Date()) {
        guard !record.appID.hasPrefix("calendar:"), record.schedule != nil else { return }
        let uid = Self.uid(of: record)
        if let acknowledged = marks[uid]?.acknowledged, Self.acknowledges(acknowledged, firedFor) { return }
        marks[uid] = SyncMarks(sequence: (marks[uid]?.sequence ?? 0) + 1, lastModified: now, acknowledged: now, snoozedUntil: snoozedUntil)
    }

    /// Whether an acknowledgement is of the fire at `firedFor` or later: iCalendar times are
    /// whole seconds, a fire need not be.
    static func acknowledges(_ acknowledged: Date, _ firedFor: Date) -> Bool {
        acknowledged.timeIntervalSince1970 >= firedFor.timeIntervalSince1970.rounded(.down)
    }

    /// An edit here: its upload carries a higher SEQUENCE and LAST-MODIFIED now, so it wins a
    /// conflict with an older edit elsewhere.
    private func edited(_ uid: String, now: Date) {
        var next = marks[uid] ?? SyncMarks(sequence: 0, lastModified: now)
        next.sequence += 1
        next.lastModified = now
        marks[uid] = next
    }

    private func plainFingerprint(_ record: AlarmRecord, now: Date) -> String? {
        ICalendar.event(for: record, zones: zones, now: now).map { Self.fingerprint($0, record: record) }
    }

    private func text(_ record: AlarmRecord, now: Date) -> String? {
        ICalendar.event(for: record, zones: zones, now: now, marks: marks[Self.uid(of: record)])
    }

    private func version(_ uid: String) -> SyncVersion {
        marks[uid].map { SyncVersion(sequence: $0.sequence, lastModified: $0.lastModified.timeIntervalSince1970) }
            ?? SyncVersion(sequence: 0, lastModified: 0)
    }

    private var zones: ZoneLookup { .system(machine: zone.rules) }

    static func uid(of record: AlarmRecord) -> String { record.calendarUID ?? record.id.uuidString }

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

    func localItems() -> [String: LocalItem] {
        onLoop { [self] in
            let now = Date()
            var items: [String: LocalItem] = [:]
            // A subscribed calendar's reminders (`CalendarSubscription`) stay out of the sync.
            for record in engine.records.values where !record.appID.hasPrefix("calendar:") {
                let uid = Self.uid(of: record)
                if let plain = plainFingerprint(record, now: now) {
                    if let before = seen[uid], before != plain { edited(uid, now: now) }
                    seen[uid] = plain
                }
                guard let text = text(record, now: now) else { continue }
                items[uid] = LocalItem(uid: uid, fingerprint: Self.fingerprint(text, record: record), version: version(uid))
            }
            return items
        }
    }

    func calendarData(for uid: String) -> String? {
        onLoop { [self] in
            guard let record = record(uid) else { return nil }
            return text(record, now: Date())
        }
    }

    func describe(_ calendarData: String) -> (uid: String, version: SyncVersion)? {
        onLoop { [self] in
            guard let results = try? ICalendar.parse(calendarData, zones: zones, now: Date()) else { return nil }
            for case .alarm(let event) in results {
                return (event.uid, SyncVersion(sequence: event.sequence ?? 0, lastModified: event.lastModified?.timeIntervalSince1970 ?? 0))
            }
            return nil
        }
    }

    /// Why a server object gives no alarm, for `alarmctl unrung`.
    func ignored(_ object: RemoteObject) {
        let refused: [RefusedEvent] = onLoop { [self] in
            do throws(ICalendarError) {
                return try ICalendar.parse(object.calendarData, zones: zones, now: Date()).compactMap { result in
                    if case .refused(let refusal) = result { refusal } else { nil }
                }
            } catch {
                return [RefusedEvent(uid: nil, summary: nil, line: error.line, reason: .damaged(error.description), start: nil)]
            }
        }
        unrung.syncObjectRefused(href: object.href, refused: refused)
    }

    /// A round ended; `ignored` are the server objects it knows as giving no alarm.
    func roundEnded(ignored: Set<String>) {
        unrung.syncRoundEnded(keeping: ignored, at: Date())
    }

    func apply(downloads: [String: RemoteObject], deletions: [String]) -> [String: String] {
        onLoop { [self] in
            let now = Date()
            let zones = zones
            var held: [String: String] = [:]
            for (uid, object) in downloads.sorted(by: { $0.key < $1.key }) {
                do {
                    let results = try ICalendar.parse(object.calendarData, zones: zones, now: now)
                    guard let event = results.lazy.compactMap({ result -> ImportedEvent? in
                        if case .alarm(let event) = result, event.uid == uid { return event } else { return nil }
                    }).first else {
                        logger.warning("sync: \(object.href) is not an alarm this machine can hold; left on the server")
                        continue
                    }
                    let sameAlarm = takeMarks(of: event, now: now)
                    if sameAlarm, let record = record(uid), let text = text(record, now: now) {
                        held[uid] = Self.fingerprint(text, record: record)  // only the marks changed
                        seen[uid] = plainFingerprint(record, now: now)
                        continue
                    }
                    // One at a time: a refused alarm (a date that passed) leaves the others in.
                    guard let record = try engine.importRecords([event.record], now: now).first,
                          let text = text(record, now: now) else { continue }
                    seen[uid] = plainFingerprint(record, now: now)
                    held[uid] = Self.fingerprint(text, record: record)
                } catch {
                    logger.warning("sync: \(object.href) cannot become an alarm here: \(error)")
                }
            }
            for uid in deletions {
                guard let record = record(uid) else { continue }
                do { _ = try engine.handle(.cancel, id: record.id, now: now) } catch {
                    logger.warning("sync: cannot remove \(uid), deleted on another machine: \(error)")
                    held[uid] = ""
                }
            }
            return held
        }
    }

    /// Takes a received copy's version and acknowledgement in; a ring here of the fire it
    /// acknowledges stops (or snoozes) as if a person had pressed the button here. Returns
    /// whether the copy is, apart from those marks, the alarm this machine already holds.
    private func takeMarks(of event: ImportedEvent, now: Date) -> Bool {
        let received: SyncMarks? = event.sequence == nil && event.lastModified == nil && event.acknowledged == nil ? nil
            : SyncMarks(sequence: event.sequence ?? 0, lastModified: event.lastModified ?? Date(timeIntervalSince1970: 0),
                        acknowledged: event.acknowledged, snoozedUntil: event.snoozedUntil)
        marks[event.uid] = received
        guard let local = record(event.uid) else { return false }
        if case .alerting(_, let firedFor) = local.phase, let acknowledged = received?.acknowledged, Self.acknowledges(acknowledged, firedFor) {
            let snooze = received?.snoozedUntil.map { $0 > now } ?? false
            do {
                _ = try engine.handle(snooze ? .countdown : .stop, id: local.id, now: now)
                logger.info("sync: '\(local.presentation.alert.title.text)' was \(snooze ? "snoozed" : "stopped") on another machine")
            } catch {
                logger.warning("sync: cannot end the ring of \(event.uid), acknowledged on another machine: \(error)")
            }
        }
        guard let current = record(event.uid), let mine = text(current, now: now),
              let theirs = ICalendar.event(for: event.record, zones: zones, now: now, marks: received) else { return false }
        return Self.fingerprint(mine, record: current) == Self.fingerprint(theirs, record: event.record)
    }

    private func record(_ uid: String) -> AlarmRecord? {
        if let id = UUID(uuidString: uid), let record = engine.records[id] { return record }
        return engine.records.values.first { $0.calendarUID == uid }
    }
}

private final class ResultBox<Value>: @unchecked Sendable { var value: Value? }
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
