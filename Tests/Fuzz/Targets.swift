import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmNotify
import AlarmSync
import AlarmSystem
import AlarmWire
import FoundationEssentials

// Every parser of what comes from outside alarmd (docs/SECURITY.md, "Fuzzing"), and what alarmd
// then does with its result (an event's or a record's next fire time). scripts/fuzz reads the
// names from this list: one `FuzzTarget(name: "…"` a line.
let fuzzTargets: [FuzzTarget] = [
    // iCalendar files and CalDAV bodies: content lines, VCALENDAR/VEVENT/VTODO/VALARM,
    // VTIMEZONE, RRULE; then each alarm's next fire, and another program's event patched.
    FuzzTarget(name: "icalendar") { calendar(Array($0)) },
    // An RRULE value in an event that rings, on Berlin's wall clock (a DST gap on its start).
    FuzzTarget(name: "rrule") { calendar(ruleEvent(Array($0))) },
    // A CalDAV server's 207 Multi-Status reply, whole and in small pieces with a small cap.
    FuzzTarget(name: "multistatus") { bytes in
        _ = try? Multistatus(Array(bytes), host: "fuzz.example")
        let reader = MultistatusReader(host: "fuzz.example", maxPropertyBytes: 64) { _ in }
        var offset = 0
        while offset < bytes.count {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(offset + 7, bytes.count)])
            guard reader.feed(piece) else { break }
            offset += 7
        }
        _ = try? reader.finish()
    },
    // A client's request line, as alarmd reads it; a record it holds is checked and scheduled.
    FuzzTarget(name: "wire-request") { bytes in
        guard case .success(let request) = RequestReader.read(bytes) else { return }
        for record in (request.record.map { [$0] } ?? []) + (request.records ?? []) { schedule(record) }
    },
    // A reply or event line, as a client reads alarmd's.
    FuzzTarget(name: "wire-message") { _ = MessageReader.message($0) },
    // A record (the wire's and the store's `record` column), in both epochs.
    FuzzTarget(name: "wire-record") { bytes in
        if let record = RecordReader(dates: .since1970).record(bytes) { schedule(record) }
        _ = RecordReader(dates: .sinceReferenceDate).record(bytes)
    },
    // config.toml, read as alarmd and `alarmctl config` read it.
    FuzzTarget(name: "config") { _ = try? DaemonConfig.read(Array($0), path: "config.toml") },
    // What a person types for when (`alarmctl add tomorrow 7:30`), in English and German.
    FuzzTarget(name: "timespec") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for weekdays in [WeekdayNames.english, german] {
            switch try? TimeSpec.parse(text, now: now, timeZone: berlin, weekdays: weekdays) {
            case .schedule(let schedule): _ = FireTimeCalendar(timeZone: berlin).nextFire(of: schedule, after: now)
            case .calendar(let schedule): _ = CalendarFires(schedule: schedule, calendar: FireTimeCalendar(timeZone: berlin), floating: false).nextFire(after: now)
            case .countdown, nil: break
            }
        }
        _ = try? TimeSpec.parseDuration(text)
        _ = try? TimeSpec.parseInstant(text, timeZone: berlin)
    },
    // `alarmctl notify`'s arguments (NUL-separated here), and the body's escapes.
    FuzzTarget(name: "notify-send") { bytes in
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let parsed = try? NotifySendArguments(arguments) else { return }
        for operand in parsed.operands { _ = NotifySend.expandEscapes(operand.text) }
    },
    // A TZif file (the system's tz database, RFC 8536), then what alarmd asks of the rules.
    FuzzTarget(name: "tzif") { bytes in
        guard let rules = try? ZoneRules(identifier: "Fuzz/Zone", tzif: Array(bytes)) else { return }
        var instant = -2_000_000_000
        for _ in 0..<8 {
            _ = rules.secondsFromGMT(at: instant)
            _ = rules.abbreviation(at: instant)
            guard let next = rules.nextTransition(after: instant) else { break }
            instant = next
        }
        let calendar = FireTimeCalendar(timeZone: rules)
        let daily = Alarm.Schedule.relative(.init(time: .init(hour: 2, minute: 30), repeats: .weekly([.sunday, .wednesday])))
        _ = calendar.nextFire(of: daily, after: now)
    },
]

private let now = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28
private let berlin = ZoneRules.named("Europe/Berlin") ?? .utc
private let zones = ZoneLookup.system(machine: berlin)
private let german = WeekdayNames(
    localeName: "de_DE", sundayFirstFull: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
    short: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"])

/// As alarmd takes a record from a client: checked against the bounds, then scheduled.
private func schedule(_ record: AlarmRecord) {
    guard (try? AlarmBounds.checkRequest(record)) != nil else { return }
    var lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: berlin))
    if let name = record.timeZone, let rules = zones.rules(name) { lifecycle.namedZones[name] = rules }
    _ = lifecycle.nextFire(of: record, after: now)
}

/// As `alarmctl import`, `[sync]` and `[[calendars]]` read a calendar: each event's alarm
/// scheduled, and the first one's event patched as sync writes a Stop into another program's.
private func calendar(_ bytes: [UInt8]) {
    guard let results = try? ICalendar.parse(bytes, zones: zones, now: now) else { return }
    var patched = false
    for case .alarm(let event) in results {
        schedule(event.record)
        if !patched {
            patched = true
            let marks = SyncMarks(sequence: 2, lastModified: now, acknowledged: now)
            _ = try? ForeignEvent.patch(String(decoding: bytes, as: UTF8.self), uid: event.uid, record: event.record, marks: marks, zones: zones, now: now)
        }
    }
}

private func ruleEvent(_ rule: [UInt8]) -> [UInt8] {
    Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:fuzz\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20260329T023000\r\nRRULE:".utf8)
        + rule + Array("\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
}
