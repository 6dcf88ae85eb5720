import AlarmModel
import FoundationEssentials

extension AlarmDescription {
    /// How an event's schedule repeats, as values a sentence is made of: "Every 2 weeks on Mon,
    /// Fri", "Monthly on the first Monday", "Yearly on 3 May, until 2027-06-30". A rule the
    /// cases do not cover is kept as its text (`custom`), so it is still shown, never dropped.
    package struct CalendarRepeat: Hashable, Sendable {
        package enum Rule: Hashable, Sendable {
            /// No rule and no added dates: one occurrence (an all-day one says so).
            case once(allDay: Bool)
            /// No rule, but dates added (RDATE).
            case someDates
            /// Every `every` days.
            case daily(every: Int)
            /// Every `every` weeks on these days, Monday first.
            case weekly(every: Int, days: [Locale.Weekday])
            /// Every `every` months on a day of the month.
            case monthly(every: Int, on: MonthDay)
            /// Every `every` years on a date.
            case yearly(every: Int, day: Int, month: Int)
            /// Every `every` years on a weekday of a month ("the last Sunday in October").
            case yearlyOnWeekday(every: Int, OrdinalWeekday, month: Int)
            /// Any other rule, as its RRULE text.
            case custom(String)
        }

        /// A day of the month as a monthly rule names it.
        package enum MonthDay: Hashable, Sendable {
            /// The day with this number (1...31).
            case day(Int)
            /// The month's last day.
            case lastDay
            /// "the first Monday", "the last Friday".
            case weekday(OrdinalWeekday)
        }

        /// A weekday counted in its month: `ordinal` 1...5 from the start, -1 or -2 from the end.
        package struct OrdinalWeekday: Hashable, Sendable {
            package var ordinal: Int
            package var weekday: Locale.Weekday

            package init(ordinal: Int, weekday: Locale.Weekday) {
                self.ordinal = ordinal
                self.weekday = weekday
            }
        }

        /// Where a rule stops.
        package enum End: Hashable, Sendable {
            /// After this many occurrences (COUNT).
            case after(Int)
            /// On this date (UNTIL).
            case until(LocalDate)
        }

        package var rule: Rule
        /// Nil for a rule without an end, and for no rule.
        package var end: End?
        /// A rule with dates added beside it (RDATE).
        package var otherDates: Bool

        package init(rule: Rule, end: End? = nil, otherDates: Bool = false) {
            self.rule = rule
            self.end = end
            self.otherDates = otherDates
        }

        package init(_ schedule: CalendarSchedule) {
            guard let rule = schedule.rule else {
                self.rule = schedule.additions.isEmpty ? .once(allDay: schedule.isAllDay) : .someDates
                end = nil
                otherDates = false
                return
            }
            self.rule = Self.rule(rule, start: schedule.start)
            if let count = rule.count {
                end = .after(count)
            } else if let until = rule.until {
                end = .until(LocalDate(year: until.year, month: until.month, day: until.day))
            } else {
                end = nil
            }
            otherDates = !schedule.additions.isEmpty
        }

        private static func rule(_ rule: RecurrenceRule, start: CalendarDateTime) -> Rule {
            let custom = Rule.custom(rule.text)
            switch rule.frequency {
            case .daily:
                guard rule.byDay.isEmpty, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty else { return custom }
                return .daily(every: rule.interval)
            case .weekly:
                guard rule.byMonth.isEmpty, rule.bySetPosition.isEmpty else { return custom }
                let indices = rule.byDay.isEmpty
                    ? [CalendarSchedule.weekdayIndex(year: start.year, month: start.month, day: start.day)] : rule.byDay.map(\.weekday)
                let days = Set(indices.map { LocalDate.weekdaysSundayFirst[($0 % 7 + 7) % 7] })
                return .weekly(every: rule.interval, days: AlarmDescription.week.filter(days.contains))
            case .monthly:
                guard rule.byMonth.isEmpty, rule.bySetPosition.isEmpty, let day = monthDay(rule, start: start) else { return custom }
                return .monthly(every: rule.interval, on: day)
            case .yearly:
                guard rule.bySetPosition.isEmpty else { return custom }
                if rule.byDay.isEmpty, rule.byMonth.count <= 1, rule.byMonthDay.count <= 1, rule.byMonthDay.first.map({ $0 > 0 }) ?? true {
                    return .yearly(every: rule.interval, day: rule.byMonthDay.first ?? start.day, month: rule.byMonth.first ?? start.month)
                }
                if rule.byMonth.count == 1, rule.byMonthDay.isEmpty, rule.byDay.count == 1, let weekday = ordinalWeekday(rule.byDay[0]) {
                    return .yearlyOnWeekday(every: rule.interval, weekday, month: rule.byMonth[0])
                }
                return custom
            }
        }

        /// Day 15, the last day, the first Monday; nil when the rule says more.
        private static func monthDay(_ rule: RecurrenceRule, start: CalendarDateTime) -> MonthDay? {
            if rule.byDay.isEmpty {
                let days = rule.byMonthDay.isEmpty ? [start.day] : rule.byMonthDay
                guard days.count == 1 else { return nil }
                if days[0] == -1 { return .lastDay }
                return days[0] > 0 ? .day(days[0]) : nil
            }
            guard rule.byMonthDay.isEmpty, rule.byDay.count == 1 else { return nil }
            return ordinalWeekday(rule.byDay[0]).map(MonthDay.weekday)
        }

        /// The ordinals a sentence says (1st to 5th, last, second to last); nil for others.
        private static func ordinalWeekday(_ day: RecurrenceRule.WeekdayNumber) -> OrdinalWeekday? {
            guard [1, 2, 3, 4, 5, -1, -2].contains(day.ordinal) else { return nil }
            return OrdinalWeekday(ordinal: day.ordinal, weekday: LocalDate.weekdaysSundayFirst[(day.weekday % 7 + 7) % 7])
        }
    }
}
