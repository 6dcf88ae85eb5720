import AlarmModel
import AlarmCore
import FoundationEssentials

/// An alarm with a calendar schedule as the event it came from: DTSTART (a date for an
/// all-day event), DURATION, RRULE, EXDATE and RDATE in the event's zone, one VALARM per
/// reminder, and one VEVENT with RECURRENCE-ID per changed occurrence, so that importing the
/// export gives the same alarm (`X-OPENALARMKIT-SCHEDULE:CALENDAR` keeps an event that looks
/// like one of our weekly alarms a calendar schedule).
extension EventWriter {
    static func calendarEvent(_ record: AlarmRecord, _ calendar: CalendarSchedule, now: Date, marks: SyncMarks?,
                              zoneParameter: [(String, String)], to writer: inout ICalWriter) {
        let title = record.presentation.alert.title.text
        writer.line("DTSTART", calendar.start.text, parameters(calendar.start, zoneParameter))
        if let duration = calendar.duration { writer.line("DURATION", duration.text) }
        if let rule = calendar.rule { writer.line("RRULE", rule.text) }
        for date in calendar.exclusions { writer.line("EXDATE", date.text, parameters(date, zoneParameter)) }
        for date in calendar.additions { writer.line("RDATE", date.text, parameters(date, zoneParameter)) }
        writer.line(OurProperties.prefix + "SCHEDULE", "CALENDAR")
        writer.line(OurProperties.prefix + "GAP", "FORWARD")
        OurProperties.write(record, to: &writer)
        for alert in calendar.alerts {
            self.alert(alert, record: record, title: title, acknowledged: marks?.acknowledged, to: &writer)
        }
        if let until = marks?.snoozedUntil {
            // RFC 9074 section 6: a snooze is a VALARM of its own, related to the one it snoozes.
            writer.line("BEGIN", "VALARM")
            writer.line("UID", record.id.uuidString + "-snooze")
            writer.line("ACTION", "DISPLAY")
            writer.line("DESCRIPTION", ICalText.escape(title))
            writer.line("TRIGGER", ICalDateTime.utc(until).text, [("VALUE", "DATE-TIME")])
            if let related = calendar.alerts.first?.uid { writer.line("RELATED-TO", related, [("RELTYPE", "SNOOZE")]) }
            writer.line("END", "VALARM")
        }
        writer.line("END", "VEVENT")
        for override in calendar.overrides {
            writer.line("BEGIN", "VEVENT")
            writer.line("UID", ICalText.escape(record.calendarUID ?? record.id.uuidString))
            writer.line("DTSTAMP", ICalDateTime.utc(now).text)
            writer.line("RECURRENCE-ID", override.occurrence.text, parameters(override.occurrence, zoneParameter))
            let start = override.start ?? override.occurrence
            writer.line("DTSTART", start.text, parameters(start, zoneParameter))
            if let duration = override.duration { writer.line("DURATION", duration.text) }
            writer.line("SUMMARY", ICalText.escape(override.title ?? title))
            if override.cancelled { writer.line("STATUS", "CANCELLED") }
            for alert in override.alerts { self.alert(alert, record: record, title: override.title ?? title, acknowledged: nil, to: &writer) }
            writer.line("END", "VEVENT")
        }
    }

    private static func parameters(_ value: CalendarDateTime, _ zone: [(String, String)]) -> [(String, String)] {
        value.isDate ? [("VALUE", "DATE")] : value.isUTC ? [] : zone
    }

    private static func alert(_ alert: CalendarAlert, record: AlarmRecord, title: String, acknowledged: Date?, to writer: inout ICalWriter) {
        writer.line("BEGIN", "VALARM")
        if let uid = alert.uid { writer.line("UID", ICalText.escape(uid)) }
        if case .named(let name) = record.sound.sound {
            writer.line("ACTION", "AUDIO")
            writer.line("ATTACH", name)
        } else {
            writer.line("ACTION", "DISPLAY")
            writer.line("DESCRIPTION", ICalText.escape(title))
        }
        switch alert.trigger {
        case .start(let offset): writer.line("TRIGGER", offset.text)
        case .end(let offset): writer.line("TRIGGER", offset.text, [("RELATED", "END")])
        case .absolute(let instant): writer.line("TRIGGER", ICalDateTime.utc(instant).text, [("VALUE", "DATE-TIME")])
        }
        if alert.repeatCount > 0, let every = alert.repeatInterval {
            writer.line("REPEAT", "\(alert.repeatCount)")
            writer.line("DURATION", every.text)
        }
        if let acknowledged { writer.line("ACKNOWLEDGED", ICalDateTime.utc(acknowledged).text) }
        writer.line("END", "VALARM")
    }
}
