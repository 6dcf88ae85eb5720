import AlarmCore
import AlarmModel
import FoundationEssentials
import LinuxSupport

/// How an event's schedule reads for people, in the person's language: "Every 2 weeks on Mon,
/// Fri", "Monthly on the first Monday", "Yearly on 3 May, until 2027-06-30". The one wording
/// of a calendar schedule: alarmctl's `list`, `show` and `next` and the Alarms window's rows
/// all call it.
package enum RecurrenceWords {
    /// The repeat in words; `localTime` gives the weekday names as the locale writes them.
    package static func text(_ schedule: CalendarSchedule, localTime: LocalTimeText = .current) -> String {
        guard let rule = schedule.rule else {
            return schedule.additions.isEmpty ? (schedule.isAllDay ? tr("Once, all day") : tr("Once")) : tr("On some dates")
        }
        var text = repeats(rule, start: schedule.start, localTime: localTime)
        if let count = rule.count {
            text += trn(", %d time", ", %d times", count)
        } else if let until = rule.until {
            text += tr(", until %s", LocalDate(year: until.year, month: until.month, day: until.day).description)
        }
        if !schedule.additions.isEmpty { text += tr(", and on other dates") }
        return text
    }

    private static func repeats(_ rule: RecurrenceRule, start: CalendarDateTime, localTime: LocalTimeText) -> String {
        let n = String(rule.interval)
        switch rule.frequency {
        case .daily:
            guard rule.byDay.isEmpty, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty else { return custom(rule) }
            return rule.interval == 1 ? tr("Every day") : tr("Every %s days", n)
        case .weekly:
            guard rule.byMonth.isEmpty, rule.bySetPosition.isEmpty else { return custom(rule) }
            let days = rule.byDay.isEmpty ? [CalendarSchedule.weekdayIndex(year: start.year, month: start.month, day: start.day)] : rule.byDay.map(\.weekday)
            let names = dayList(days, localTime: localTime)
            if rule.interval == 1 { return names }
            return rule.interval == 2 ? tr("Every other week on %s", names) : tr("Every %1$s weeks on %2$s", n, names)
        case .monthly:
            guard rule.byMonth.isEmpty, rule.bySetPosition.isEmpty, let day = monthDay(rule, start: start, localTime: localTime) else { return custom(rule) }
            return rule.interval == 1 ? tr("Monthly %s", day) : tr("Every %1$s months %2$s", n, day)
        case .yearly:
            guard rule.bySetPosition.isEmpty else { return custom(rule) }
            if rule.byDay.isEmpty, rule.byMonth.count <= 1, rule.byMonthDay.count <= 1, rule.byMonthDay.first.map({ $0 > 0 }) ?? true {
                let month = monthName(rule.byMonth.first ?? start.month), day = String(rule.byMonthDay.first ?? start.day)
                return rule.interval == 1 ? tr("Yearly on %1$s %2$s", day, month) : tr("Every %1$s years on %2$s %3$s", n, day, month)
            }
            if rule.byMonth.count == 1, rule.byMonthDay.isEmpty, rule.byDay.count == 1, rule.byDay[0].ordinal != 0,
               let weekday = ordinalWeekday(rule.byDay[0], localTime: localTime) {
                let text = tr("%1$s in %2$s", weekday, monthName(rule.byMonth[0]))
                return rule.interval == 1 ? tr("Yearly %s", text) : tr("Every %1$s years %2$s", n, text)
            }
            return custom(rule)
        }
    }

    /// "on day 15", "on the last day", "on the first Monday"; nil when the rule says more.
    private static func monthDay(_ rule: RecurrenceRule, start: CalendarDateTime, localTime: LocalTimeText) -> String? {
        if rule.byDay.isEmpty {
            let days = rule.byMonthDay.isEmpty ? [start.day] : rule.byMonthDay
            guard days.count == 1 else { return nil }
            if days[0] == -1 { return tr("on the last day") }
            return days[0] > 0 ? tr("on day %s", String(days[0])) : nil
        }
        guard rule.byMonthDay.isEmpty, rule.byDay.count == 1 else { return nil }
        return ordinalWeekday(rule.byDay[0], localTime: localTime)
    }

    private static func ordinalWeekday(_ day: RecurrenceRule.WeekdayNumber, localTime: LocalTimeText) -> String? {
        let name = fullWeekday(day.weekday, localTime: localTime)
        switch day.ordinal {
        case 1: return tr("on the first %s", name)
        case 2: return tr("on the second %s", name)
        case 3: return tr("on the third %s", name)
        case 4: return tr("on the fourth %s", name)
        case 5: return tr("on the fifth %s", name)
        case -1: return tr("on the last %s", name)
        case -2: return tr("on the second to last %s", name)
        default: return nil
        }
    }

    /// Anything the sentences above do not cover, as the rule itself.
    private static func custom(_ rule: RecurrenceRule) -> String { tr("Repeats by the rule %s", rule.text) }

    /// "Mon, Wed, Fri", Monday first; "Every day", "Weekdays", "Weekends" as a row says them.
    private static func dayList(_ days: [Int], localTime: LocalTimeText) -> String {
        let set = Set(days)
        if set.count == 7 { return tr("Every day") }
        if set == [1, 2, 3, 4, 5] { return tr("Weekdays") }
        if set == [0, 6] { return tr("Weekends") }
        // From the locale's first weekday, as the window's weekday lists (`WeekdaySet`).
        let first = LocalDate.weekdaysSundayFirst.firstIndex(of: localTime.firstWeekday) ?? 1
        return (0..<7).map { (first + $0) % 7 }.filter(set.contains).map { localTime.shortWeekdays[$0] }.joined(separator: ", ")
    }

    private static func fullWeekday(_ index: Int, localTime: LocalTimeText) -> String {
        localTime.conventions?.weekdays[index] ?? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][index]
    }

    private static func monthName(_ month: Int) -> String {
        switch month {
        case 1: tr("January")
        case 2: tr("February")
        case 3: tr("March")
        case 4: tr("April")
        case 5: tr("May")
        case 6: tr("June")
        case 7: tr("July")
        case 8: tr("August")
        case 9: tr("September")
        case 10: tr("October")
        case 11: tr("November")
        default: tr("December")
        }
    }
}
