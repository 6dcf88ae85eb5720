import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmSync
import AlarmSystem
import AlarmWire
import Dispatch
import FoundationEssentials
import LinuxSupport
import Logging

/// A `[[calendars]]` subscription: the reminders of someone's calendar ring here. Read only:
/// every `interval` the calendar is read whole (a listing, then the events), each VEVENT with
/// a VALARM becomes an alarm of app `calendar:<name>` titled with its summary, and the set is
/// brought in step on the loop thread (new ones added, changed ones edited, gone ones removed).
/// The events are parsed here, never on the loop thread that rings alarms.
/// An unchanged event is left alone, so a skip or a ring in progress is never undone by a
/// poll. Nothing is written to the server. A server that is down changes nothing here: the
/// alarms it gave keep ringing. On a thread of its own, like `[sync]`.
final class CalendarSubscription: @unchecked Sendable {  // the engine is touched on the loop thread only
    private let settings: CalendarSubscriptionSettings
    private let loop: EventLoop
    private let engine: Engine
    private let zone: CurrentZone
    private let unrung: UnrungLedger
    private let logger: Logger
    private let sleeper = WakeableSleeper()

    init(settings: CalendarSubscriptionSettings, loop: EventLoop, engine: Engine, zone: CurrentZone, unrung: UnrungLedger, logger: Logger) {
        self.settings = settings
        self.loop = loop
        self.engine = engine
        self.zone = zone
        self.unrung = unrung
        self.logger = logger
    }

    var app: String { "calendar:" + settings.name }

    func start() {
        DetachedThread.start(name: "alarmd-calendar", background: true) { [self] in run() }
    }

    private func run() {
        var client: CalDAVClient?
        var lastError: String?
        while true {
            do {
                if client == nil {
                    let password = try SyncPassword.resolve(command: settings.passwordCommand, username: settings.username)
                    client = try CalDAVClient(url: settings.url, username: settings.username, password: password, caFile: settings.caFile)
                }
                let listing = try client!.list()
                let objects = try client!.objects(listing.map(\.href))
                let zones = machineZones()
                let now = Date()
                let read = objects.map { object -> Result<[EventResult], ICalendarError> in
                    do throws(ICalendarError) { return .success(try ICalendar.parse(object.calendarData, zones: zones, now: now)) } catch { return .failure(error) }
                }
                loop.post { [self] in bringInStep(read) }
                if lastError != nil { logger.info("calendar \(settings.name): reachable again") }
                lastError = nil
            } catch {
                let words = (error as? CalDAVError)?.description ?? "\(error)"
                if case .unauthorized? = error as? CalDAVError { client = nil }  // read the password again
                if lastError != words { logger.error("calendar \(settings.name): \(words); its alarms stay as they are") }
                lastError = words
            }
            sleeper.sleep(forNanoseconds: UInt64(settings.interval * 1e9))
        }
    }

    /// The machine's zone as the loop thread has it (waits for a turn of the loop).
    private func machineZones() -> ZoneLookup {
        let done = DispatchSemaphore(value: 0)
        let box = ZoneBox()
        loop.post { [self, box] in
            box.zones = .system(machine: zone.rules)
            done.signal()
        }
        done.wait()
        return box.zones!
    }

    /// On the loop thread: the calendar's alarms become what its events, as read, say.
    private func bringInStep(_ read: [Result<[EventResult], ICalendarError>]) {
        let now = Date()
        var wanted: [String: AlarmRecord] = [:]
        var refused: [RefusedEvent] = []
        for object in read {
            let results: [EventResult]
            switch object {
            case .success(let parsed): results = parsed
            case .failure(let error):
                logger.warning("calendar \(settings.name): an event that is not iCalendar was passed over: \(error)")
                refused.append(RefusedEvent(uid: nil, summary: nil, line: error.line, reason: .damaged(error.description), start: nil))
                continue
            }
            for case .refused(let refusal) in results { refused.append(refusal) }
            for case .alarm(let event) in results {
                // Our own event that rings no more comes back off; a calendar read here never
                // gives it back, so it is passed over with its reason, as another program's is.
                if let ended = event.ended {
                    refused.append(ended)
                    continue
                }
                var record = event.record
                // Never one of our ids, never in another calendar's way.
                record.id = UUID()
                record.appID = app
                record.calendarUID = app + ":" + event.uid
                record.disabledAt = nil
                record.skippedFire = nil
                wanted[record.calendarUID!] = record
            }
        }
        let existing = engine.records.values.filter { $0.appID == app }
        var byUID: [String: AlarmRecord] = [:]
        for record in existing { if let uid = record.calendarUID { byUID[uid] = record } }
        var changes: [AlarmRecord] = []
        for (uid, record) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let old = byUID[uid] else { changes.append(record); continue }
            var same = record
            same.id = old.id
            same.phase = old.phase
            same.disabledAt = old.disabledAt
            same.skippedFire = old.skippedFire
            if same != old { changes.append(same) }
        }
        // One at a time: an event the engine refuses (a cap reached) leaves the others in.
        for record in changes {
            do { _ = try engine.importRecords([record], now: now) } catch {
                logger.warning("calendar \(settings.name): '\(record.presentation.alert.title.text)' cannot ring here: \(error.description)")
                refused.append(RefusedEvent(uid: record.calendarUID.map { String($0.dropFirst(app.count + 1)) }, summary: record.presentation.alert.title.text,
                                            line: 0, reason: .notAccepted(error.description), start: nil))
            }
        }
        unrung.subscriptionRead(settings.name, refused: refused, at: now)
        for old in existing where wanted[old.calendarUID ?? ""] == nil {
            _ = try? engine.handle(.cancel, id: old.id, now: now)
        }
    }
}

private final class ZoneBox: @unchecked Sendable { var zones: ZoneLookup? }
