import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmWords
import FoundationEssentials
import LinuxSupport

/// The form's repeat (`RepeatKind` and its details): the rule and the schedule it makes, the
/// schedule an edit sends, what Save compares, an event's schedule read into the kinds, and
/// the repeat in words.
extension AlarmForm {
    /// The repeat's rule, as `alarmctl add` reads the same words (`every 2 weeks mon`, `first
    /// monday of each month`, `yearly on 3 may`, `… 5 times`); nil for `never` and
    /// `asInCalendar`. Its UNTIL is the schedule's to set (`CalendarSchedule.repeating`).
    package var rule: RecurrenceRule? {
        var rule: RecurrenceRule
        switch repeatKind {
        case .never, .asInCalendar:
            return nil
        case .weekly, .everyFewWeeks:
            let interval = repeatKind == .weekly ? 1 : weekInterval
            if interval == 1 && days.days == WeekdaySet.everyDay {
                rule = RecurrenceRule(frequency: .daily)
            } else {
                rule = RecurrenceRule(frequency: .weekly, interval: interval, byDay: days.ordered.map { .init(weekday: WeekdaySet.sundayFirstIndex($0)) })
            }
        case .monthlyByDate:
            rule = RecurrenceRule(frequency: .monthly, byMonthDay: [monthDay])
        case .monthlyByWeekday:
            rule = RecurrenceRule(frequency: .monthly, byDay: [.init(ordinal: weekdayOrdinal, weekday: WeekdaySet.sundayFirstIndex(weekday))])
        case .yearly:
            rule = RecurrenceRule(frequency: .yearly, byMonthDay: [monthDay], byMonth: [month])
        }
        if case .count(let times) = end { rule.count = times }
        return rule
    }

    /// The last day of a repeat that ends on a date.
    var untilDate: LocalDate? {
        if case .until(let date) = end { date } else { nil }
    }

    /// The zone whose wall clock the alarm follows: its own (an imported event's), else `zone`.
    func wallClock(_ zone: ZoneRules) -> ZoneRules { timeZone.flatMap { ZoneRules.named($0) } ?? zone }

    /// `schedule(now:zone:)`, or what the dialog says instead.
    func built(now: Date, zone: ZoneRules) -> Result<AlarmRecord.ScheduleKind, Problem> {
        let time = Alarm.Schedule.Relative.Time(hour: hour, minute: minute)
        let wallClock = FireTimeCalendar(timeZone: wallClock(zone))
        switch repeatKind {
        case .never:
            guard let date else { return .success(.alarmKit(.relative(.init(time: time, repeats: .never)))) }
            return .success(.alarmKit(.fixed(wallClock.instant(of: date, hour: hour, minute: minute))))
        case .asInCalendar:
            return calendar.map { .success(.calendar($0)) } ?? .failure(.repeat(tr("Choose how it repeats.")))
        case .weekly where end == .never:
            return .success(.alarmKit(.relative(.init(time: time, repeats: .weekly(days.ordered)))))
        default:
            guard let rule else { return .failure(.repeat(tr("Choose how it repeats."))) }
            do {
                return .success(.calendar(try CalendarSchedule.repeating(rule, at: time, until: untilDate, now: now, calendar: wallClock)))
            } catch {
                switch error {
                case .neverHappens:
                    return .failure(.repeat(tr("It would never ring: choose another day.")))
                case .endsBeforeFirst(_, let first):
                    return .failure(.repeat(tr("It would end before it first rings (%1$s): choose a later end date.", first.description)))
                }
            }
        }
    }

    /// The schedule Save sends for an alarm shown as `shown`: an event's schedule whose repeat
    /// stays what it was keeps its first date, its reminders and its count of times (a series
    /// that has rung twice of five has three left) and takes the new time and end; any other
    /// change is scheduled afresh from now, as `alarmctl edit --at` does.
    func edited(shown: AlarmForm, now: Date, zone: ZoneRules) -> Result<AlarmRecord.ScheduleKind, Problem> {
        guard var kept = calendar, repeatKind != .asInCalendar, pattern == shown.pattern, let rule, kept.rule != nil else {
            return built(now: now, zone: zone)
        }
        let first = LocalDate(year: kept.start.year, month: kept.start.month, day: kept.start.day)
        if let until = untilDate, until < first {
            return .failure(.repeat(tr("It would end before it first rings (%1$s): choose a later end date.", first.description)))
        }
        kept.start.secondOfDay = hour * 3600 + minute * 60
        kept.rule?.count = rule.count
        kept.rule?.until = CalendarSchedule(repeating: rule, from: first, at: .init(hour: hour, minute: minute), until: untilDate).rule?.until
        return .success(.calendar(kept))
    }

    /// The repeat without the details its kind does not use: what Save compares.
    enum Pattern: Hashable {
        case never(LocalDate?)
        case weekly(WeekdaySet, weeksApart: Int)
        case monthlyByDate(Int)
        case monthlyByWeekday(Int, Locale.Weekday)
        case yearly(month: Int, day: Int)
        case asInCalendar
    }

    var pattern: Pattern {
        switch repeatKind {
        case .never: .never(date)
        case .weekly: .weekly(days, weeksApart: 1)
        case .everyFewWeeks: .weekly(days, weeksApart: weekInterval)
        case .monthlyByDate: .monthlyByDate(monthDay)
        case .monthlyByWeekday: .monthlyByWeekday(weekdayOrdinal, weekday)
        case .yearly: .yearly(month: month, day: monthDay)
        case .asInCalendar: .asInCalendar
        }
    }

    /// Whether the person changed when it rings: its time, its repeat, or its end.
    func schedulesDiffer(from shown: AlarmForm) -> Bool {
        let end = repeatKind.hasEnd ? self.end : .never
        let shownEnd = shown.repeatKind.hasEnd ? shown.end : .never
        return pattern != shown.pattern || end != shownEnd || (repeatKind != .asInCalendar && (hour, minute) != (shown.hour, shown.minute))
    }

    /// Reads an event's schedule into the kinds, if they can show it: one made as
    /// `CalendarSchedule.repeating` makes them (by alarmctl or this editor), whose rule the
    /// kind's rule gives back. False (the form unchanged) for anything else: an all-day
    /// event, its own reminders or length, dates left out or added, changed occurrences,
    /// BYSETPOS, every 2 days or months, an UNTIL in UTC.
    mutating func read(_ schedule: CalendarSchedule) -> Bool {
        guard let second = schedule.start.secondOfDay, second % 60 == 0, !schedule.start.isUTC, schedule.duration == nil,
              schedule.exclusions.isEmpty, schedule.additions.isEmpty, schedule.overrides.isEmpty,
              schedule.alerts.count == 1, schedule.alerts[0].trigger == .start(.zero), schedule.alerts[0].repeatCount == 0,
              let original = schedule.rule
        else { return false }
        let first = LocalDate(year: schedule.start.year, month: schedule.start.month, day: schedule.start.day)
        let rule = Self.explicit(original, start: first)
        var form = self
        form.hour = second / 3600
        form.minute = second / 60 % 60
        switch rule.frequency {
        case .daily:
            form.repeatKind = .weekly
            form.days = WeekdaySet(WeekdaySet.everyDay)
        case .weekly:
            form.repeatKind = rule.interval == 1 ? .weekly : .everyFewWeeks
            form.weekInterval = max(rule.interval, 2)
            form.days = WeekdaySet(rule.byDay.map { LocalDate.weekdaysSundayFirst[$0.weekday] })
        case .monthly:
            if let day = rule.byMonthDay.first {
                form.repeatKind = .monthlyByDate
                form.monthDay = day
            } else if let weekday = rule.byDay.first {
                form.repeatKind = .monthlyByWeekday
                form.weekdayOrdinal = weekday.ordinal
                form.weekday = LocalDate.weekdaysSundayFirst[weekday.weekday]
            }
        case .yearly:
            form.repeatKind = .yearly
            form.month = rule.byMonth.first ?? first.month
            form.monthDay = rule.byMonthDay.first ?? first.day
        }
        if let count = rule.count {
            form.end = .count(count)
        } else if let until = rule.until {
            guard until.secondOfDay == 86_399, !until.isUTC else { return false }
            form.end = .until(LocalDate(year: until.year, month: until.month, day: until.day))
        }
        // Only what the rows can show: a day of the month or the last, the first to fifth or
        // the last weekday (a monthly `BYDAY=MO`, every Monday, has no row).
        guard form.repeatKind != .never, (1...12).contains(form.month),
              (1...31).contains(form.monthDay) || (form.monthDay == -1 && form.repeatKind == .monthlyByDate),
              RepeatWords.ordinals.contains(where: { $0.ordinal == form.weekdayOrdinal }),
              let built = form.rule
        else { return false }
        var comparable = schedule
        comparable.rule = rule
        comparable.alerts = [CalendarAlert()]  // its UID, once synced, is kept: not the editor's
        guard CalendarSchedule(repeating: built, from: first, at: .init(hour: form.hour, minute: form.minute), until: form.untilDate) == comparable else {
            return false
        }
        self = form
        return true
    }

    /// `rule` with the days RFC 5545 takes from its start written out (a weekly rule without
    /// BYDAY repeats on the start's weekday...), and every day of the week as daily.
    private static func explicit(_ rule: RecurrenceRule, start: LocalDate) -> RecurrenceRule {
        var rule = rule
        switch rule.frequency {
        case .daily:
            break
        case .weekly:
            if rule.byDay.isEmpty { rule.byDay = [.init(weekday: start.weekdayIndex)] }
            if rule.interval == 1, rule.byMonth.isEmpty, Set(rule.byDay) == Set((0...6).map { RecurrenceRule.WeekdayNumber(weekday: $0) }) {
                rule.frequency = .daily
                rule.byDay = []
            }
        case .monthly:
            if rule.byDay.isEmpty && rule.byMonthDay.isEmpty { rule.byMonthDay = [start.day] }
        case .yearly:
            if rule.byDay.isEmpty && rule.byMonthDay.isEmpty {
                if rule.byMonth.isEmpty { rule.byMonth = [start.month] }
                rule.byMonthDay = [start.day]
            }
        }
        return rule
    }

    /// The end date as the dialog's calendar gives it.
    package var untilDay: Day? {
        if case .until(let date) = end { (date.year, date.month, date.day) } else { nil }
    }

    /// The number of times, when it ends so.
    package var endCount: Int? {
        if case .count(let times) = end { times } else { nil }
    }

    /// The end as the dialog's rows give it: the Ends row's choice (`RepeatEnd.index`), the
    /// end date (`defaultUntil` when none is picked yet), the number of times.
    package mutating func setEnd(choice: Int, until: Day?, count: Int) {
        switch choice {
        case RepeatEnd.untilIndex:
            let day = until ?? Self.defaultUntil()
            end = .until(LocalDate(year: day.year, month: day.month, day: day.day))
        case RepeatEnd.countIndex:
            end = .count(count)
        default:
            end = .never
        }
    }

    /// Where the end date starts when a person chooses to end on a date: the same day next
    /// month (its last day when shorter), on the machine's wall clock.
    package static func defaultUntil(now: Date = Date(), zone: ZoneRules = .current) -> Day {
        let today = FireTimeCalendar(timeZone: zone).localDate(of: now)
        let month = today.month % 12 + 1, year = today.year + (today.month == 12 ? 1 : 0)
        return (year, month, min(today.day, LocalDate.daysInMonth(month, year: year)))
    }

    /// The end date row's line: "Thu 2026-12-24" as the locale writes dates.
    package func untilText(localTime: LocalTimeText) -> String {
        if case .until(let date) = end { localTime.weekdayAndDate(date) } else { "" }
    }

    /// The repeat in words, as the alarm's row will say it ("Every other week on Mon", "Monthly
    /// on the first Monday, 5 times"): "Once" for a one-off, the kept schedule's words "As in
    /// the calendar: …", nothing while the details are incomplete (no day chosen).
    package func repeatText(localTime: LocalTimeText, now: Date = Date(), zone: ZoneRules = .current) -> String {
        switch repeatKind {
        case .never:
            return tr("Once")
        case .asInCalendar:
            guard let calendar else { return "" }
            let words = AlarmWords(now: now, zone: zone, localTime: localTime)
            return tr("As in the calendar: %1$s", TerminalSafe.text(words.calendar(AlarmDescription.CalendarRepeat(calendar))))
        default:
            guard !(repeatKind.hasDays && days.days.isEmpty), schedule(now: now, zone: zone) != nil else { return "" }
            return AlarmRowMaker(zone: zone, localTime: localTime).row(record(now: now, zone: zone), now: now).repeatText
        }
    }
}
