import FoundationEssentials
import AlarmModel

/// A repeat as a person asks for one, in `alarmctl add` (`every 2 weeks mon 7:00`,
/// `monthly on the 15th 9:00 until 2026-12-31`) and in the window's editor alike: one
/// implementation, so that the same words make the same schedule in both.
extension CalendarSchedule {
    /// Why a repeat a person asked for cannot be made.
    package enum RepeatProblem: Error, Hashable, Sendable {
        /// The rule gives no date from today on (30 February).
        case neverHappens
        /// `until` is before `first`, the first date it would ring.
        case endsBeforeFirst(until: LocalDate, first: LocalDate)
    }

    /// `rule` at `time` on `calendar`'s wall clock, from the first date its days give from
    /// today on whose time is still ahead (`firstDate`; a rule with no day of its own repeats
    /// on today's weekday, day or date; INTERVAL and COUNT count from that first date), until
    /// the end of `until`'s day. The rule's own UNTIL is replaced by `until`.
    package static func repeating(_ rule: RecurrenceRule, at time: Alarm.Schedule.Relative.Time, until: LocalDate?,
                                  now: Date, calendar: FireTimeCalendar) throws(RepeatProblem) -> CalendarSchedule {
        guard let first = firstDate(of: rule, at: time, now: now, calendar: calendar) else { throw .neverHappens }
        if let until, until < first { throw .endsBeforeFirst(until: until, first: first) }
        return CalendarSchedule(repeating: rule, from: first, at: time, until: until)
    }

    /// The first date `rule`'s days give from today (on `calendar`'s wall clock) whose `time`
    /// is still ahead of `now`; nil when they give none for years. Its INTERVAL counts from
    /// that date: `every 2 weeks on Monday`, said on a Tuesday, rings next Monday (not the one
    /// after, as weeks counted from today's would have it), `every 3 months on the 1st` next
    /// 1st.
    package static func firstDate(of rule: RecurrenceRule, at time: Alarm.Schedule.Relative.Time, now: Date, calendar: FireTimeCalendar) -> LocalDate? {
        let today = calendar.localDate(of: now)
        var days = rule
        days.interval = 1
        days.count = nil
        days.until = nil
        var dates = RuleDates(rule: days, start: today, from: today.dayNumber, startIsOccurrence: false)
        for _ in 0..<5000 {
            guard let day = dates.next() else { return nil }
            let date = LocalDate(dayNumber: day)
            if calendar.instant(of: date, hour: time.hour, minute: time.minute) > now { return date }
        }
        return nil
    }

    /// The schedule of such a repeat whose first date is `first`: one reminder at each start,
    /// the series ending with the last second of `until`'s day on its wall clock.
    package init(repeating rule: RecurrenceRule, from first: LocalDate, at time: Alarm.Schedule.Relative.Time, until: LocalDate?) {
        var rule = rule
        rule.until = until.map { CalendarDateTime(year: $0.year, month: $0.month, day: $0.day, secondOfDay: 86_399) }
        self.init(start: CalendarDateTime(year: first.year, month: first.month, day: first.day, secondOfDay: time.hour * 3600 + time.minute * 60),
                  rule: rule)
    }
}
