import FoundationEssentials

/// The bounds of an event's schedule (`CalendarSchedule`): dates a calendar may hold, lists no
/// real event exceeds, offsets within a year, so that fire times never overflow and a hostile
/// file or request cannot make each next fire cost seconds.
extension AlarmBounds {
    /// Years of any date in the schedule (wall times, UNTIL, overrides).
    package static let calendarYears = 1900...2100
    /// EXDATEs, RDATEs and overrides, each; an event's reminders; a reminder's REPEAT.
    package static let maxCalendarDates = 1000
    package static let maxAlerts = 32
    package static let maxAlertRepeats = 100
    /// A reminder's offset, an event's length, a repeat's interval: at most a year either way.
    package static let maxCalendarOffsetSeconds = 366 * 86_400

    package static func checkCalendar(_ schedule: CalendarSchedule) throws(Violation) {
        try checkCalendarDate(schedule.start, "schedule.calendar.start")
        if let duration = schedule.duration { try checkOffset(duration, "schedule.calendar.duration") }
        if let rule = schedule.rule {
            if let until = rule.until { try checkCalendarDate(until, "schedule.calendar.rule.until") }
            guard (1...RecurrenceRule.maxInterval).contains(rule.interval) else { throw Violation(field: "schedule.calendar.rule.interval", limit: "1 to \(RecurrenceRule.maxInterval)") }
            if let count = rule.count, !(1...RecurrenceRule.maxCount).contains(count) {
                throw Violation(field: "schedule.calendar.rule.count", limit: "1 to \(RecurrenceRule.maxCount)")
            }
        }
        try checkCalendarCounts(alerts: schedule.alerts.count, exclusions: schedule.exclusions.count,
                                additions: schedule.additions.count, overrides: schedule.overrides.count)
        for (name, dates) in [("exclusions", schedule.exclusions), ("additions", schedule.additions)] {
            for date in dates { try checkCalendarDate(date, "schedule.calendar.\(name)") }
        }
        try checkAlerts(schedule.alerts, "schedule.calendar.alerts")
        for override in schedule.overrides {
            try checkCalendarDate(override.occurrence, "schedule.calendar.overrides.occurrence")
            if let start = override.start { try checkCalendarDate(start, "schedule.calendar.overrides.start") }
            if let duration = override.duration { try checkOffset(duration, "schedule.calendar.overrides.duration") }
            if let title = override.title, title.utf8.count > maxTitleBytes || title.utf8.contains(0) {
                throw Violation(field: "schedule.calendar.overrides.title", limit: "at most \(maxTitleBytes) bytes, no NUL")
            }
            try checkAlerts(override.alerts, "schedule.calendar.overrides.alerts")
        }
    }

    /// The lengths of an event's lists, alone: a reader counts them before building anything
    /// from a calendar's text (100,000 EXDATEs are refused in the time it takes to count them).
    package static func checkCalendarCounts(alerts: Int, exclusions: Int, additions: Int, overrides: Int) throws(Violation) {
        guard alerts <= maxAlerts else { throw Violation(field: "schedule.calendar.alerts", limit: "at most \(maxAlerts) reminders") }
        for (name, count) in [("exclusions", exclusions), ("additions", additions)] where count > maxCalendarDates {
            throw Violation(field: "schedule.calendar.\(name)", limit: "at most \(maxCalendarDates) dates")
        }
        guard overrides <= maxCalendarDates else { throw Violation(field: "schedule.calendar.overrides", limit: "at most \(maxCalendarDates)") }
    }

    private static func checkAlerts(_ alerts: [CalendarAlert], _ field: String) throws(Violation) {
        guard alerts.count <= maxAlerts else { throw Violation(field: field, limit: "at most \(maxAlerts) reminders") }
        for alert in alerts {
            switch alert.trigger {
            case .start(let offset), .end(let offset): try checkOffset(offset, field + ".trigger")
            case .absolute(let instant): try checkDate(instant, field + ".at")
            }
            guard (0...maxAlertRepeats).contains(alert.repeatCount) else { throw Violation(field: field + ".repeat", limit: "0 to \(maxAlertRepeats)") }
            if let every = alert.repeatInterval {
                try checkOffset(every, field + ".every")
                if alert.repeatCount > 0, every.approximateSeconds <= 0 { throw Violation(field: field + ".every", limit: "more than 0 when it repeats") }
                if abs(every.approximateSeconds) * alert.repeatCount > maxCalendarOffsetSeconds {
                    throw Violation(field: field + ".repeat", limit: "all repeats within a year")
                }
            }
            if let uid = alert.uid { try checkCalendarText(uid, field + ".uid", max: maxCalendarUIDBytes) }
        }
    }

    private static func checkOffset(_ duration: CalendarDuration, _ field: String) throws(Violation) {
        guard abs(duration.days) * 86_400 + abs(duration.seconds) <= maxCalendarOffsetSeconds else {
            throw Violation(field: field, limit: "at most a year (366 days) either way")
        }
    }

    private static func checkCalendarDate(_ value: CalendarDateTime, _ field: String) throws(Violation) {
        guard calendarYears.contains(value.year), (1...12).contains(value.month),
              (1...CalendarDateTime.daysInMonth(value.month, year: value.year)).contains(value.day),
              (value.secondOfDay.map { (0..<86_400).contains($0) } ?? true)
        else { throw Violation(field: field, limit: "a date from \(calendarYears.lowerBound) to \(calendarYears.upperBound)") }
    }

    private static func checkCalendarText(_ text: String, _ field: String, max: Int) throws(Violation) {
        guard text.utf8.count <= max, !text.isEmpty, !text.utf8.contains(0) else {
            throw Violation(field: field, limit: "1 to \(max) bytes, no NUL")
        }
    }
}
