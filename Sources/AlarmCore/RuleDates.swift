import AlarmModel

/// The dates an RRULE selects (RFC 5545 §3.3.10), in order, as day numbers (days since
/// 1970-01-01): period by period (a day, a week from WKST, a month, a year; every INTERVAL-th
/// from the start's), each period's candidates filtered by BYMONTH, BYMONTHDAY and BYDAY and
/// picked by BYSETPOS. DTSTART is always the first date and counts towards COUNT, whether or
/// not the rule selects it; no date before it is given. UNTIL is the caller's to apply (it
/// may be an instant, which needs the zone).
///
/// `from`: the first date wanted. Without COUNT the walk starts at the period holding it
/// (arithmetic, not a walk from the start); with COUNT the dates before it must be counted,
/// and COUNT is bounded (`RecurrenceRule.maxCount`).
struct RuleDates: IteratorProtocol {
    private let rule: RecurrenceRule
    private let startDay: Int
    private let from: Int
    /// BYMONTH, BYMONTHDAY and BYDAY after RFC 5545's defaults from DTSTART (a monthly rule
    /// without days repeats on DTSTART's day of the month, a weekly one on its weekday, a yearly
    /// one without BYMONTH on DTSTART's month unless only BYDAY is given...).
    private let monthDays: [Int]
    private let weekdays: [RecurrenceRule.WeekdayNumber]
    private let months: [Int]
    private let hasOrdinals: Bool
    /// The next period to expand, counted in periods from the start's (a multiple of INTERVAL).
    private var period: Int
    private var pending: [Int] = []
    private var pendingIndex = 0
    private var emitted = 0
    private var startGiven = false
    private var emptyPeriods = 0
    private var done = false
    private let startIsOccurrence: Bool

    /// No rule goes about 40 years without a date (Feb 29 on a Monday: 28 years); a rule that
    /// does (BYMONTH=2;BYMONTHDAY=30) selects nothing, and the walk ends.
    private var maxEmptyPeriods: Int {
        switch rule.frequency {
        case .daily: 15_000
        case .weekly: 2_100
        case .monthly: 500
        case .yearly: 50
        }
    }

    /// `startIsOccurrence`: false to have only the dates the rule selects (a spec's first
    /// date is found so, from today).
    init(rule: RecurrenceRule, start: LocalDate, from: Int, startIsOccurrence: Bool = true) {
        self.rule = rule
        self.startIsOccurrence = startIsOccurrence
        startDay = start.dayNumber
        self.from = from
        var monthDays = rule.byMonthDay
        var weekdays = rule.byDay
        var months = rule.byMonth
        // A yearly rule that names days of the month and no month takes DTSTART's: RFC 5545
        // takes what a rule does not say from DTSTART, and libical (Google Calendar, GNOME)
        // reads Google's birthdays, FREQ=YEARLY;BYMONTHDAY=9 on a 9 March, as every 9 March,
        // not the 9th of every month (python-dateutil's reading: docs/TIME.md). BYDAY alone
        // still spans the year (`BYDAY=20MO`, the year's 20th Monday; RFC 5545's example).
        if rule.frequency == .yearly && months.isEmpty && !monthDays.isEmpty { months = [start.month] }
        if monthDays.isEmpty && weekdays.isEmpty {
            switch rule.frequency {
            case .daily: break
            case .weekly: weekdays = [.init(weekday: start.weekdayIndex)]
            case .monthly: monthDays = [start.day]
            case .yearly:
                if months.isEmpty { months = [start.month] }
                monthDays = [start.day]
            }
        }
        self.monthDays = monthDays
        self.weekdays = weekdays
        self.months = months
        hasOrdinals = weekdays.contains { $0.ordinal != 0 }
        // Jump to the period that holds `from`, when nothing before it needs counting.
        var first = 0
        if rule.count == nil, from > startDay {
            let periods = Self.periodIndex(of: from, frequency: rule.frequency, start: start, weekStart: rule.weekStart)
            first = max(0, periods / rule.interval * rule.interval)
        }
        period = first
        // A COUNT whose every period has the same number of dates (daily without filters,
        // weekly on days) counts the periods before `from` by multiplication, not by a walk.
        if let count = rule.count, startIsOccurrence, from > startDay, let perPeriod = constantDatesPerPeriod {
            let target = Self.periodIndex(of: from, frequency: rule.frequency, start: start, weekStart: rule.weekStart) / rule.interval
            if target >= 2 {
                let firstPeriod = 1 + candidates(inPeriod: 0).filter { $0 > startDay }.count
                let counted = firstPeriod + (target - 1) * perPeriod
                startGiven = true
                if counted >= count {
                    done = true  // every date was before `from`
                } else {
                    emitted = counted
                    period = target * rule.interval
                }
            }
        }
    }

    /// How many dates each period gives, when that never varies; nil otherwise.
    private var constantDatesPerPeriod: Int? {
        switch rule.frequency {
        case .daily: months.isEmpty && monthDays.isEmpty && weekdays.isEmpty ? 1 : nil
        case .weekly: months.isEmpty && monthDays.isEmpty && rule.bySetPosition.isEmpty ? Set(weekdays.map(\.weekday)).count : nil
        case .monthly, .yearly: nil
        }
    }

    mutating func next() -> Int? {
        if !startGiven {
            startGiven = true
            if startIsOccurrence {
                emitted = 1
                if startDay >= from { return startDay }
            }
        }
        while !done {
            if let count = rule.count, emitted >= count { done = true; return nil }
            if pendingIndex < pending.count {
                let day = pending[pendingIndex]
                pendingIndex += 1
                guard day > startDay || (day == startDay && !startIsOccurrence) else { continue }  // DTSTART was given first
                emitted += 1
                if day >= from { return day }
                continue
            }
            pending = candidates(inPeriod: period)
            pendingIndex = 0
            period += rule.interval
            if pending.isEmpty {
                emptyPeriods += 1
                if emptyPeriods > maxEmptyPeriods { done = true }
            } else {
                emptyPeriods = 0
            }
            // Years past 9999 are no calendar's; stop rather than overflow.
            if pending.last.map({ $0 > Self.lastDay }) == true { done = true }
        }
        return nil
    }

    static let lastDay = LocalDate(year: 9999, month: 12, day: 31).dayNumber

    // MARK: Periods

    /// How many periods of `frequency` lie between the start's and the one holding `day`.
    static func periodIndex(of day: Int, frequency: RecurrenceRule.Frequency, start: LocalDate, weekStart: Int) -> Int {
        let date = LocalDate(dayNumber: day)
        switch frequency {
        case .daily: return day - start.dayNumber
        case .weekly: return floorDivide(weekBegin(day, weekStart) - weekBegin(start.dayNumber, weekStart), 7)
        case .monthly: return (date.year * 12 + date.month) - (start.year * 12 + start.month)
        case .yearly: return date.year - start.year
        }
    }

    static func weekBegin(_ day: Int, _ weekStart: Int) -> Int {
        day - ((LocalDate.weekdayIndex(ofDayNumber: day) - weekStart + 7) % 7)
    }

    private var start: LocalDate { LocalDate(dayNumber: startDay) }

    /// The dates of period `index`, ascending, after BYSETPOS.
    private func candidates(inPeriod index: Int) -> [Int] {
        var days: [Int] = []
        let start = self.start
        switch rule.frequency {
        case .daily:
            let day = startDay + index
            let date = LocalDate(dayNumber: day)
            if matches(date, day: day, monthRelative: true) { days.append(day) }
        case .weekly:
            let begin = Self.weekBegin(startDay, rule.weekStart) + index * 7
            for day in begin..<(begin + 7) where matches(LocalDate(dayNumber: day), day: day, monthRelative: true) { days.append(day) }
        case .monthly:
            let monthIndex = start.year * 12 + (start.month - 1) + index
            let (year, month) = (floorDivide(monthIndex, 12), monthIndex - floorDivide(monthIndex, 12) * 12 + 1)
            if months.isEmpty || months.contains(month) { appendMonth(year, month, yearRelative: false, to: &days) }
        case .yearly:
            let year = start.year + index
            if hasOrdinals && rule.byMonth.isEmpty {
                // Numbered weekdays of the year (`20MO`: the year's 20th Monday).
                let first = LocalDate(year: year, month: 1, day: 1).dayNumber
                let last = LocalDate(year: year, month: 12, day: 31).dayNumber
                for day in first...last {
                    let date = LocalDate(dayNumber: day)
                    if (months.isEmpty || months.contains(date.month)) && matchesYearly(date, day: day, first: first, last: last) { days.append(day) }
                }
            } else {
                for month in 1...12 where months.isEmpty || months.contains(month) { appendMonth(year, month, yearRelative: false, to: &days) }
            }
        }
        return select(days)
    }

    private func appendMonth(_ year: Int, _ month: Int, yearRelative: Bool, to days: inout [Int]) {
        let first = LocalDate(year: year, month: month, day: 1).dayNumber
        let count = LocalDate.daysInMonth(month, year: year)
        for offset in 0..<count {
            let day = first + offset
            if matchesMonth(dayOfMonth: offset + 1, daysInMonth: count, weekday: LocalDate.weekdayIndex(ofDayNumber: day)) { days.append(day) }
        }
    }

    /// A day of a DAILY or WEEKLY period: BYMONTH, BYMONTHDAY, BYDAY (no ordinals there).
    private func matches(_ date: LocalDate, day: Int, monthRelative: Bool) -> Bool {
        if !months.isEmpty && !months.contains(date.month) { return false }
        return matchesMonth(dayOfMonth: date.day, daysInMonth: LocalDate.daysInMonth(date.month, year: date.year), weekday: LocalDate.weekdayIndex(ofDayNumber: day))
    }

    private func matchesMonth(dayOfMonth: Int, daysInMonth: Int, weekday: Int) -> Bool {
        if !monthDays.isEmpty && !monthDays.contains(where: { $0 > 0 ? $0 == dayOfMonth : daysInMonth + $0 + 1 == dayOfMonth }) { return false }
        if !weekdays.isEmpty {
            let fromStart = (dayOfMonth - 1) / 7 + 1, fromEnd = -((daysInMonth - dayOfMonth) / 7 + 1)
            if !weekdays.contains(where: { $0.weekday == weekday && ($0.ordinal == 0 || $0.ordinal == fromStart || $0.ordinal == fromEnd) }) { return false }
        }
        return true
    }

    private func matchesYearly(_ date: LocalDate, day: Int, first: Int, last: Int) -> Bool {
        if !monthDays.isEmpty && !monthDays.contains(where: { $0 > 0 ? $0 == date.day : LocalDate.daysInMonth(date.month, year: date.year) + $0 + 1 == date.day }) { return false }
        let weekday = LocalDate.weekdayIndex(ofDayNumber: day)
        let fromStart = (day - first) / 7 + 1, fromEnd = -((last - day) / 7 + 1)
        return weekdays.contains { $0.weekday == weekday && ($0.ordinal == 0 || $0.ordinal == fromStart || $0.ordinal == fromEnd) }
    }

    /// BYSETPOS: the n-th (or from the end, -n-th) of the period's dates.
    private func select(_ days: [Int]) -> [Int] {
        guard !rule.bySetPosition.isEmpty, !days.isEmpty else { return days }
        var picked: [Int] = []
        for position in rule.bySetPosition {
            let index = position > 0 ? position - 1 : days.count + position
            if days.indices.contains(index), !picked.contains(days[index]) { picked.append(days[index]) }
        }
        return picked.sorted()
    }
}
