import AlarmModel
import AlarmCore
import FoundationEssentials

/// An alarm as a VEVENT (the mapping in docs/ICALENDAR.md), and a zone as a VTIMEZONE.
enum EventWriter {
    static func event(_ record: AlarmRecord, zones: ZoneLookup, now: Date, marks: SyncMarks? = nil, to writer: inout ICalWriter) {
        guard let schedule = record.schedule else { return }
        writer.line("BEGIN", "VEVENT")
        writer.line("UID", ICalText.escape(record.calendarUID ?? record.id.uuidString))
        writer.line("DTSTAMP", ICalDateTime.utc(now).text)
        if let marks {
            writer.line("SEQUENCE", "\(marks.sequence)")
            writer.line("LAST-MODIFIED", ICalDateTime.utc(marks.lastModified).text)
        }
        writer.line("SUMMARY", ICalText.escape(record.presentation.alert.title.text))
        let rules = record.timeZone.flatMap(zones.rules) ?? zones.machine
        let zoneParameter: [(String, String)] = record.timeZone.map { [("TZID", $0)] } ?? []
        if let calendar = record.calendar {
            calendarEvent(record, calendar, now: now, marks: marks, zoneParameter: zoneParameter, to: &writer)
            return
        }
        switch schedule {
        case .fixed(let instant):
            if record.timeZone != nil {
                writer.line("DTSTART", ICalDateTime.local(instant, in: rules).text, zoneParameter)
            } else {
                writer.line("DTSTART", ICalDateTime.utc(instant).text)
            }
            if instant.timeIntervalSince1970.rounded(.down) != instant.timeIntervalSince1970 {
                writer.line(OurProperties.prefix + "INSTANT", "\(instant.timeIntervalSince1970)")
            }
        case .relative(let relative):
            // The nominal wall-clock time on the date it fires next (or today): a time in a DST
            // gap is written as it is, and GAP says how we ring it (shifted forward).
            let date = ICalDateTime.local(nextFire(record) ?? now, in: rules).date
            let start = ICalDateTime(date: date, secondOfDay: relative.time.hour * 3600 + relative.time.minute * 60, isUTC: false)
            writer.line("DTSTART", start.text, zoneParameter)
            switch relative.repeats {
            case .weekly(let days):
                // In the record's order, so that the import gives the same list back.
                let codes = days.compactMap { day in LocalDate.weekdaysSundayFirst.firstIndex(of: day).map { RecurrenceRule.dayCodes[$0] } }
                writer.line("RRULE", "FREQ=WEEKLY;BYDAY=" + codes.joined(separator: ","))
            case .never:
                writer.line(OurProperties.prefix + "SCHEDULE", "NEXT")
            }
            writer.line(OurProperties.prefix + "GAP", "FORWARD")
        }
        OurProperties.write(record, to: &writer)
        writer.line("BEGIN", "VALARM")
        writer.line("UID", record.id.uuidString + "-ring")
        if case .named(let name) = record.sound.sound {
            writer.line("ACTION", "AUDIO")
            writer.line("ATTACH", name)
        } else {
            writer.line("ACTION", "DISPLAY")
            writer.line("DESCRIPTION", ICalText.escape(record.presentation.alert.title.text))
        }
        writer.line("TRIGGER", "PT0S")
        if let acknowledged = marks?.acknowledged { writer.line("ACKNOWLEDGED", ICalDateTime.utc(acknowledged).text) }
        writer.line("END", "VALARM")
        if let until = marks?.snoozedUntil {
            // RFC 9074 section 6: a snooze is a VALARM of its own, related to the one it snoozes.
            writer.line("BEGIN", "VALARM")
            writer.line("UID", record.id.uuidString + "-snooze")
            writer.line("ACTION", "DISPLAY")
            writer.line("DESCRIPTION", ICalText.escape(record.presentation.alert.title.text))
            writer.line("TRIGGER", ICalDateTime.utc(until).text, [("VALUE", "DATE-TIME")])
            writer.line("RELATED-TO", record.id.uuidString + "-ring", [("RELTYPE", "SNOOZE")])
            writer.line("END", "VALARM")
        }
        writer.line("END", "VEVENT")
    }

    private static func nextFire(_ record: AlarmRecord) -> Date? {
        switch record.phase {
        case .scheduled(let fire), .countdown(_, let fire, _, _): fire
        case .alerting(_, let firedFor): firedFor
        case .paused: nil
        }
    }

    /// The zone's changes from the start of last year to ten years on, one observance each
    /// (RFC 5545 allows DTSTART-only observances), and X-LIC-LOCATION, which libical and
    /// Evolution read. A zone without changes gets one STANDARD.
    static func timezone(_ rules: ZoneRules, name: String, now: Date, to writer: inout ICalWriter) {
        writer.line("BEGIN", "VTIMEZONE")
        writer.line("TZID", name)
        writer.line("X-LIC-LOCATION", name)
        let year = LocalDate(dayNumber: Int(clampingFinite: now.timeIntervalSince1970 / 86_400)).year
        let from = LocalDate(year: year - 1, month: 1, day: 1).dayNumber * 86_400
        let until = LocalDate(year: year + 10, month: 1, day: 1).dayNumber * 86_400
        var instant = from
        var changes = 0
        while let next = rules.nextTransition(after: instant), next < until {
            let before = rules.secondsFromGMT(at: next - 1), after = rules.secondsFromGMT(at: next)
            let kind = rules.isDaylightSavingTime(at: next) ? "DAYLIGHT" : "STANDARD"
            writer.line("BEGIN", kind)
            writer.line("DTSTART", ICalDateTime.local(Date(timeIntervalSince1970: Double(next)), in: .fixed(secondsFromGMT: before, identifier: "")).text)
            writer.line("TZOFFSETFROM", offset(before))
            writer.line("TZOFFSETTO", offset(after))
            writer.line("TZNAME", rules.abbreviation(at: next))
            writer.line("END", kind)
            instant = next
            changes += 1
        }
        if changes == 0 {
            let offset = offset(rules.secondsFromGMT(at: from))
            writer.line("BEGIN", "STANDARD")
            writer.line("DTSTART", "19700101T000000")
            writer.line("TZOFFSETFROM", offset)
            writer.line("TZOFFSETTO", offset)
            writer.line("END", "STANDARD")
        }
        writer.line("END", "VTIMEZONE")
    }

    private static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let value = abs(seconds)
        return sign + pad(value / 3600, 2) + pad(value / 60 % 60, 2) + (value % 60 != 0 ? pad(value % 60, 2) : "")
    }
}
