import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// How an event's schedule reads (`AlarmDescription.CalendarRepeat`): "Every 2 weeks on Mon,
/// Fri", "Monthly on the first Monday", "Yearly on 3 May, until 2027-06-30"; alarmctl's `list`,
/// `show` and `next` and the window's rows all say it so.
extension AlarmWords {
    package func calendar(_ repeats: AlarmDescription.CalendarRepeat) -> String {
        var text: String
        switch repeats.rule {
        case .once(let allDay): return allDay ? tr("Once, all day") : tr("Once")
        case .someDates: return tr("On some dates")
        case .daily(let every):
            text = every == 1 ? tr("Every day") : tr("Every %s days", String(every))
        case .weekly(let every, let days):
            let names = self.days(days)
            text = every == 1 ? names : every == 2 ? tr("Every other week on %s", names) : tr("Every %1$s weeks on %2$s", String(every), names)
        case .monthly(let every, let day):
            let on = monthDay(day)
            text = every == 1 ? tr("Monthly %s", on) : tr("Every %1$s months %2$s", String(every), on)
        case .yearly(let every, let day, let month):
            text = every == 1
                ? tr("Yearly on %1$s %2$s", String(day), LocalTimeText.monthName(month))
                : tr("Every %1$s years on %2$s %3$s", String(every), String(day), LocalTimeText.monthName(month))
        case .yearlyOnWeekday(let every, let weekday, let month):
            let on = tr("%1$s in %2$s", ordinal(weekday), LocalTimeText.monthName(month))
            text = every == 1 ? tr("Yearly %s", on) : tr("Every %1$s years %2$s", String(every), on)
        case .custom(let rule):
            text = tr("Repeats by the rule %s", TerminalSafe.text(rule))
        }
        switch repeats.end {
        case .after(let count)?: text += trn(", %d time", ", %d times", count)
        case .until(let date)?: text += tr(", until %s", date.description)
        case nil: break
        }
        if repeats.otherDates { text += tr(", and on other dates") }
        return text
    }

    /// "on day 15", "on the last day", "on the first Monday".
    private func monthDay(_ day: AlarmDescription.CalendarRepeat.MonthDay) -> String {
        switch day {
        case .day(let number): tr("on day %s", String(number))
        case .lastDay: tr("on the last day")
        case .weekday(let weekday): ordinal(weekday)
        }
    }

    private func ordinal(_ day: AlarmDescription.CalendarRepeat.OrdinalWeekday) -> String {
        let name = fullWeekday(day.weekday)
        switch day.ordinal {
        case 1: return tr("on the first %s", name)
        case 2: return tr("on the second %s", name)
        case 3: return tr("on the third %s", name)
        case 4: return tr("on the fourth %s", name)
        case 5: return tr("on the fifth %s", name)
        case -1: return tr("on the last %s", name)
        default: return tr("on the second to last %s", name)
        }
    }

    /// "Monday", as the locale writes it (English without a locale).
    private func fullWeekday(_ day: Locale.Weekday) -> String {
        let index = Self.sundayFirstIndex(day)
        return localTime.conventions?.weekdays[index] ?? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][index]
    }
}
