import AlarmModel
import AlarmCore
import FoundationEssentials

/// Alarms as iCalendar (RFC 5545) and back: one VEVENT with one VALARM per alarm, our own
/// fields in `X-OPENALARMKIT-*` properties so that export then import loses nothing. The
/// reader and writer are our own (docs/ICALENDAR.md says why), checked against libical's
/// parser and writer by the tests. Fire times never come from here: an event becomes a
/// schedule (and a zone), and AlarmCore computes when it rings.
package enum ICalendar {
    /// The most bytes a file may have: about 100,000 alarms.
    package static let maxFileBytes = 64 << 20

    /// One VCALENDAR holding a VEVENT for each alarm with a schedule, and a VTIMEZONE for each
    /// zone an alarm keeps. Timers (no schedule) are left out: the caller says so.
    package static func export(_ records: [AlarmRecord], zones: ZoneLookup, now: Date) -> String {
        export(records, zones: zones, now: now, marks: nil)
    }

    private static func export(_ records: [AlarmRecord], zones: ZoneLookup, now: Date, marks: SyncMarks?) -> String {
        var writer = ICalWriter()
        writer.line("BEGIN", "VCALENDAR")
        writer.line("VERSION", "2.0")
        writer.line("PRODID", "-//OpenAlarmKit//alarmctl//EN")
        var written: Set<String> = []
        for record in records where record.schedule != nil {
            if let zone = record.timeZone, !written.contains(zone), let rules = zones.rules(zone) {
                written.insert(zone)
                EventWriter.timezone(rules, name: zone, now: now, to: &writer)
            }
        }
        for record in records where record.schedule != nil {
            EventWriter.event(record, zones: zones, now: now, marks: marks, to: &writer)
        }
        writer.line("END", "VCALENDAR")
        return writer.text
    }

    /// One alarm as a calendar object resource (a CalDAV PUT's body): a VCALENDAR with its
    /// VTIMEZONE, if it keeps a zone, and its VEVENT. Nil for a timer (no schedule).
    /// `marks`, when the sync has some for it, adds its version and acknowledgement.
    package static func event(for record: AlarmRecord, zones: ZoneLookup, now: Date, marks: SyncMarks? = nil) -> String? {
        guard record.schedule != nil else { return nil }
        return export([record], zones: zones, now: now, marks: marks)
    }

    /// Every VEVENT and VTODO (a task: the same reading, DUE where an event has DTEND) of the
    /// text, each an alarm or a refusal with its reason. A text that is
    /// not well-formed iCalendar (cut short, BEGIN/END not matching, a bad date, binary junk,
    /// a line over 256 KiB) is refused whole: the error names the line.
    package static func parse(_ text: String, zones: ZoneLookup, now: Date) throws(ICalendarError) -> [EventResult] {
        try parse(Array(text.utf8), zones: zones, now: now)
    }

    package static func parse(_ bytes: [UInt8], zones: ZoneLookup, now: Date) throws(ICalendarError) -> [EventResult] {
        guard bytes.count <= maxFileBytes else { throw ICalendarError(line: 0, "the file is larger than \(maxFileBytes >> 20) MiB") }
        let top = try ICalComponent.tree(try ContentLineReader.lines(bytes))
        guard !top.isEmpty else { throw ICalendarError(line: 1, "no BEGIN:VCALENDAR: this is not an iCalendar file") }
        for component in top where component.name != "VCALENDAR" {
            throw ICalendarError(line: component.line, "BEGIN:\(component.name) outside a VCALENDAR")
        }
        let calendars = top
        let timezones = calendars.flatMap { $0.components("VTIMEZONE") }
        var resolver = ZoneResolver(lookup: zones, timezones: timezones, now: now)
        // Syntax first, for the whole file: a damaged value anywhere refuses it all.
        for calendar in calendars {
            for event in calendar.items { try EventReader.checkSyntax(event) }
        }
        var results: [EventResult] = []
        var seen: [String: Int] = [:]
        // The VEVENTs (VTODOs) that change one occurrence (RECURRENCE-ID) belong to the event
        // (task) of their UID; one whose event is not in the file stands alone.
        let events = calendars.flatMap(\.items)
        let uid: (ICalComponent) -> String? = { $0.first("UID").map { ICalText.unescape($0.value) } }
        let masters = Set(events.filter { $0.first("RECURRENCE-ID") == nil }.compactMap(uid))
        var changes: [String: [ICalComponent]] = [:]
        for event in events where event.first("RECURRENCE-ID") != nil {
            if let id = uid(event), masters.contains(id) { changes[id, default: []].append(event) }
        }
        for calendar in calendars {
            var reader = EventReader(zones: zones, now: now)
            // Floating times are in the calendar's zone when it names one we know.
            if let name = calendar.first("X-WR-TIMEZONE").flatMap({ resolver.resolve(ICalText.unescape($0.value)) }), let rules = zones.rules(name) {
                reader.calendarZone = (name, rules)
            }
            for event in calendar.items {
                if event.first("RECURRENCE-ID") != nil, let id = uid(event), masters.contains(id) { continue }
                var result = reader.read(event, changes: uid(event).flatMap { changes[$0] } ?? [], resolver: &resolver)
                if case .alarm(let imported) = result {
                    if let earlier = seen[imported.uid] {
                        result = .refused(RefusedEvent(uid: imported.uid, summary: imported.record.presentation.alert.title.text, line: event.line,
                                                       reason: .duplicateUID(line: earlier), start: reader.start(of: event, resolver: &resolver)))
                    } else {
                        seen[imported.uid] = event.line
                    }
                }
                results.append(result)
            }
        }
        return results
    }
}

/// Why a file cannot be read at all, and where.
package struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based; 0 when it concerns the whole file.
    package var line: Int
    package var message: String

    init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// One VEVENT's outcome.
package enum EventResult: Sendable {
    case alarm(ImportedEvent)
    case refused(RefusedEvent)
}

/// An event that became an alarm, with what sync needs of it.
package struct ImportedEvent: Sendable {
    /// The alarm (phase `.scheduled` at a placeholder: the daemon schedules it). Its id is
    /// the UID when the UID is a UUID (an alarm of ours), else new, with `calendarUID` set.
    package var record: AlarmRecord
    package var uid: String
    package var sequence: Int?
    package var lastModified: Date?
    /// RFC 9074: the VALARM's UID, when it acknowledged (Stop on some device), and when a
    /// snooze (a VALARM related to it by `RELTYPE=SNOOZE`) rings again.
    package var alarmUID: String?
    package var acknowledged: Date?
    package var snoozedUntil: Date?
    /// Set for our own event that rings no more (its one reminder passed, its series ended):
    /// read back as it was written, turned off (`record.disabledAt`: when the event says, else
    /// when it last rang), never rung late; the refusal another program's event would get.
    /// A subscribed calendar (never written back) still passes it over with that reason.
    package var ended: RefusedEvent?
    /// Where the VEVENT begins in the file.
    package var line: Int
}

/// An event that cannot become an alarm, and why (worded by the clients).
package struct RefusedEvent: Sendable, Hashable {
    package var uid: String?
    package var summary: String?
    package var line: Int
    package var reason: EventRefusal
    /// Its DTSTART, as the event states it; nil when it has none.
    package var start: EventTime?

    package init(uid: String?, summary: String?, line: Int, reason: EventRefusal, start: EventTime?) {
        self.uid = uid
        self.summary = summary
        self.line = line
        self.reason = reason
        self.start = start
    }
}
