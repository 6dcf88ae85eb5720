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
    private let logger: Logger

    init(loop: EventLoop, engine: Engine, zone: CurrentZone, logger: Logger) {
        self.loop = loop
        self.engine = engine
        self.zone = zone
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

    private var zones: ZoneLookup { ZoneLookup(machine: zone.rules, rules: { ZoneRules.named($0) }) }

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
            let zones = zones
            var items: [String: LocalItem] = [:]
            // A subscribed calendar's reminders (`CalendarSubscription`) stay out of the sync.
            for record in engine.records.values where !record.appID.hasPrefix("calendar:") {
                guard let text = ICalendar.event(for: record, zones: zones, now: now) else { continue }
                let uid = Self.uid(of: record)
                items[uid] = LocalItem(uid: uid, fingerprint: Self.fingerprint(text, record: record),
                                       version: SyncVersion(sequence: 0, lastModified: 0))
            }
            return items
        }
    }

    func calendarData(for uid: String) -> String? {
        onLoop { [self] in
            guard let record = record(uid) else { return nil }
            return ICalendar.event(for: record, zones: zones, now: Date())
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
                    // One at a time: a refused alarm (a date that passed) leaves the others in.
                    guard let record = try engine.importRecords([event.record], now: now).first,
                          let text = ICalendar.event(for: record, zones: zones, now: now) else { continue }
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
