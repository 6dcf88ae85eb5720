import FoundationEssentials
import AlarmModel

/// Repeating specs beyond weekdays, as people say them, read into an event's schedule
/// (`CalendarSchedule`, the machine's zone):
///
/// | form | examples |
/// |---|---|
/// | every N days, weeks, months, years | `every 2 days 7:00`, `every 2 weeks 7:00`, `every other week mon,fri 7:00` |
/// | a day of the month | `monthly on the 15th 9:00`, `monthly on the last day 9:00`, `every 3 months on the 1st 9:00` |
/// | a weekday of the month | `first monday of each month 9:00`, `last fri of every month 17:00`, `monthly on the second tuesday 18:00` |
/// | a day of the year | `yearly on 3 may 9:00`, `yearly on may 3 9:00`, `every 2 years on 29 feb 8:00` |
/// | an end | `... until 2026-12-31`, `... 10 times` (also after `weekdays 6:30`, `daily 7:00`) |
///
/// `on`, `the`, `of`, `each` are read past. The first occurrence is the first the rule gives
/// from today on whose time is still ahead; a series counts from it. German's words come
/// read as these (`germanWords`): `alle 2 Wochen`, `monatlich am 15.`, `jeden ersten Montag`,
/// `jährlich am 3. Mai`, `bis 2026-12-31`, `10-mal`.
enum RecurringSpecParser {

    /// Whether the words ask for such a schedule (else the plain spec grammar reads them).
    static func applies(to words: [SpecText]) -> Bool {
        words.contains { ["every", "monthly", "yearly", "annually", "until", "times", "of", "weekly", "biweekly", "fortnightly"].contains($0.lower) }
    }

    static func parse(_ words: [SpecText], input: String, now: Date, calendar: FireTimeCalendar, weekdays: WeekdayNames) throws(TimeSpecError) -> CalendarSchedule {
        var reader = Reader(words: words.filter { !ignored.contains($0.lower) }, input: input)
        // The time of day, the end (until / times), wherever they stand.
        var time: Alarm.Schedule.Relative.Time?
        var until: LocalDate?
        var count: Int?
        var pattern: [SpecText] = []
        let dates = DateParser(input: input, calendar: calendar)
        while let word = reader.next() {
            if ClockTimeParser.looksLikeClockTime(word), time == nil, !Self.isOrdinalDay(word) {
                time = try ClockTimeParser.parse(word, in: input)
            } else if word.lower == "until" {
                guard let date = reader.next() else { throw reader.error(.badDate, .missingUntilDate, at: word) }
                guard let day = try dates.localDate(date, now: now) else {
                    throw reader.error(.badDate, .unreadableUntilDate(date.string), at: date)
                }
                until = day
            } else if reader.peek?.lower == "times" || reader.peek?.lower == "x", let number = Int(word.string), number >= 1 {
                guard number <= RecurrenceRule.maxCount else { throw reader.error(.unexpectedWord, .tooManyTimes(word.string, max: RecurrenceRule.maxCount), at: word) }
                count = number
                _ = reader.next()
            } else {
                pattern.append(word)
            }
        }
        guard let time else {
            throw TimeSpecError(.missingTime, .missingRepeatTime(spec: trimmed(input)), input: input, offset: input.count, length: 1)
        }
        var rule = try self.rule(pattern, reader: reader, weekdays: weekdays)
        rule.count = count
        do {
            return try CalendarSchedule.repeating(rule, at: time, until: until, now: now, calendar: calendar)
        } catch {
            switch error {
            case .neverHappens:
                throw TimeSpecError(.badDate, .neverHappens(spec: trimmed(input)), input: input, offset: 0, length: input.count)
            case .endsBeforeFirst(let until, let first):
                throw TimeSpecError(.inPast, .untilBeforeFirst(until: "\(until)", first: "\(first)"), input: input, offset: 0, length: input.count)
            }
        }
    }

    private static func rule(_ words: [SpecText], reader: Reader, weekdays: WeekdayNames) throws(TimeSpecError) -> RecurrenceRule {
        var rest = words[...]
        guard let first = rest.first else {
            throw TimeSpecError(.missingTime, .missingRepeat(spec: trimmed(reader.input)), input: reader.input, offset: 0, length: reader.input.count)
        }
        var frequency: RecurrenceRule.Frequency?
        var interval = 1
        switch first.lower {
        case "daily":
            frequency = .daily
            rest = rest.dropFirst()
        case "weekly":
            frequency = .weekly
            rest = rest.dropFirst()
        case "biweekly", "fortnightly":
            frequency = .weekly
            interval = 2
            rest = rest.dropFirst()
        case "monthly":
            frequency = .monthly
            rest = rest.dropFirst()
        case "yearly", "annually":
            frequency = .yearly
            rest = rest.dropFirst()
        case "every":
            rest = rest.dropFirst()
            if let word = rest.first, let number = Int(word.string) {
                guard (1...RecurrenceRule.maxInterval).contains(number) else {
                    throw reader.error(.unexpectedWord, .intervalOutOfRange(word.string, max: RecurrenceRule.maxInterval), at: word)
                }
                interval = number
                rest = rest.dropFirst()
            } else if rest.first?.lower == "other" {
                interval = 2
                rest = rest.dropFirst()
            }
            if interval == 1, let monthly = try monthlyByWeekday(rest, reader: reader, weekdays: weekdays) {
                // `every first monday (of the month)`, as German's `jeden ersten Montag` reads.
                return monthly
            }
            guard let unit = rest.first else { throw reader.error(.missingTime, .missingRepeatUnit(after: first.string), at: first) }
            switch unit.lower {
            case "day", "days": frequency = .daily
            case "week", "weeks": frequency = .weekly
            case "month", "months": frequency = .monthly
            case "year", "years": frequency = .yearly
            default:
                if isDays(unit, weekdays) {
                    // `every monday`, `every other fri`: weekly on those days.
                    frequency = .weekly
                    let days = try WeekdaySetParser.parse(unit, in: reader.input, names: weekdays)
                    var rule = RecurrenceRule(frequency: .weekly, interval: interval, byDay: days.map { .init(weekday: LocalDate.weekdaysSundayFirst.firstIndex(of: $0)!) })
                    if days.count == 7 && interval == 1 { rule = RecurrenceRule(frequency: .daily) }
                    try reader.expectEnd(Array(rest.dropFirst()))
                    return rule
                }
                throw reader.error(.unknownWord, .unknownRepeatUnit(unit.string, after: first.string), at: unit)
            }
            rest = rest.dropFirst()
        default:
            // `first monday (of each) month`, or days (`weekdays`, `mon,wed`) with an end.
            if let monthly = try monthlyByWeekday(rest, reader: reader, weekdays: weekdays) { return monthly }
            if isDays(first, weekdays) {
                let days = try WeekdaySetParser.parse(first, in: reader.input, names: weekdays)
                try reader.expectEnd(Array(rest.dropFirst()))
                if days.count == 7 { return RecurrenceRule(frequency: .daily) }
                return RecurrenceRule(frequency: .weekly, byDay: days.map { .init(weekday: LocalDate.weekdaysSundayFirst.firstIndex(of: $0)!) })
            }
            throw reader.error(.unknownWord, .unknownRepeatWord(first.string), at: first)
        }
        var rule = RecurrenceRule(frequency: frequency!, interval: interval)
        switch frequency! {
        case .daily:
            try reader.expectEnd(Array(rest))
        case .weekly:
            if let days = rest.first {
                guard isDays(days, weekdays) else {
                    throw reader.error(.unknownWeekday, .unreadableRepeatDays(days.string, examples: weekdays.examples), at: days)
                }
                rule.byDay = try WeekdaySetParser.parse(days, in: reader.input, names: weekdays).map { .init(weekday: LocalDate.weekdaysSundayFirst.firstIndex(of: $0)!) }
                try reader.expectEnd(Array(rest.dropFirst()))
            }
        case .monthly:
            guard let word = rest.first else { break }
            if let ordinal = ordinal(word.lower), let next = rest.dropFirst().first, let weekday = weekday(next, weekdays) {
                rule.byDay = [.init(ordinal: ordinal, weekday: weekday)]
                try reader.expectEnd(Array(rest.dropFirst(2)))
            } else if word.lower == "last", rest.dropFirst().first.map({ $0.lower == "day" }) ?? true {
                rule.byMonthDay = [-1]
                try reader.expectEnd(Array(rest.dropFirst(rest.count > 1 ? 2 : 1)))
            } else if let day = monthDay(word) {
                rule.byMonthDay = [day]
                try reader.expectEnd(Array(rest.dropFirst()))
            } else {
                throw reader.error(.unknownDay, .unreadableMonthDay(word.string), at: word)
            }
        case .yearly:
            guard let a = rest.first else { break }
            guard let b = rest.dropFirst().first else { throw reader.error(.badDate, .missingDayOrMonth(a.string), at: a) }
            let (dayWord, monthWord) = month(a) != nil ? (b, a) : (a, b)
            guard let month = month(monthWord) else { throw reader.error(.monthOutOfRange, .unreadableMonthName(monthWord.string), at: monthWord) }
            guard let day = monthDay(dayWord), day > 0, day <= CalendarDateTime.daysInMonth(month, year: 2024) else {
                throw reader.error(.dayOutOfRange, .unreadableDayOfMonth(dayWord.string), at: dayWord)
            }
            rule.byMonth = [month]
            rule.byMonthDay = [day]
            try reader.expectEnd(Array(rest.dropFirst(2)))
        }
        return rule
    }

    /// Words read past: English's `on the 15th`, `of each month`, German's `am 15.`, `im Monat`,
    /// `des Monats`.
    private static let ignored: Set<String> = ["on", "the", "of", "each", "at", "and", "am", "im", "des"]

    /// `first monday (of each month)`, `last fri (every month)`: monthly on that weekday; nil
    /// when the words do not start with an ordinal and a weekday.
    private static func monthlyByWeekday(_ words: ArraySlice<SpecText>, reader: Reader, weekdays: WeekdayNames) throws(TimeSpecError) -> RecurrenceRule? {
        var rest = words
        guard let first = rest.first, let ordinal = ordinal(first.lower), let day = rest.dropFirst().first, let weekday = weekday(day, weekdays) else {
            return nil
        }
        if rest.dropFirst(2).first?.lower == "every" { rest = [first] + [day] + rest.dropFirst(3) }
        let unit = rest.dropFirst(2).first
        guard unit == nil || ["month", "months", "monthly"].contains(unit!.lower) else {
            throw reader.error(.unknownWord, .expectedMonth(unit!.string), at: unit!)
        }
        try reader.expectEnd(Array(rest.dropFirst(3)))
        return RecurrenceRule(frequency: .monthly, byDay: [.init(ordinal: ordinal, weekday: weekday)])
    }

    /// A day selection (`mon`, `weekdays`) or a list or range of days (`mon,fri`, `mon-fri`),
    /// which the weekday parser reads (and explains when it cannot).
    private static func isDays(_ word: SpecText, _ names: WeekdayNames) -> Bool {
        WeekdaySetParser.isDaySelection(word, names: names)
            || (word.characters.contains { $0 == "," || $0 == "-" } && word.characters.allSatisfy { $0.isLetter || $0 == "," || $0 == "-" || $0 == "." })
    }

    static func ordinal(_ word: String) -> Int? {
        ["first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1][word]
    }

    private static func weekday(_ word: SpecText, _ names: WeekdayNames) -> Int? {
        guard case .day(let day) = names.match(word.string) else { return nil }  // Monday first
        return LocalDate.weekdaysSundayFirst.firstIndex(of: WeekdaySetParser.mondayFirst[day])
    }

    /// `15`, `15th`, `1st`, `22nd`, `3rd`: 1...31.
    static func monthDay(_ word: SpecText) -> Int? {
        var text = word.lower
        for suffix in ["st", "nd", "rd", "th", "."] where text.hasSuffix(suffix) { text = String(text.dropLast(suffix.count)) }
        guard let day = Int(text), (1...31).contains(day) else { return nil }
        return day
    }

    /// `15th` is a day, not a time (`7am` is a time).
    private static func isOrdinalDay(_ word: SpecText) -> Bool {
        ["st", "nd", "rd", "th"].contains { word.lower.hasSuffix($0) }
    }

    static func month(_ word: SpecText) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        let text = word.lower.hasSuffix(".") ? String(word.lower.dropLast()) : word.lower
        guard text.count >= 3 else { return nil }
        return names.firstIndex { $0 == text || ($0.hasPrefix(text) && text.count >= 3 && (text.count == 3 || text == "sept")) }.map { $0 + 1 }
    }

    /// The words one by one, and errors that point at one of them.
    struct Reader {
        let words: [SpecText]
        let input: String
        var index = 0

        init(words: [SpecText], input: String) {
            self.words = words
            self.input = input
        }

        var peek: SpecText? { index < words.count ? words[index] : nil }

        mutating func next() -> SpecText? {
            defer { index += 1 }
            return peek
        }

        func error(_ kind: TimeSpecError.Kind, _ reason: TimeSpecError.Reason, at word: SpecText) -> TimeSpecError {
            TimeSpecError(kind, reason, input: input, offset: word.offset, length: word.length)
        }

        func expectEnd(_ rest: [SpecText]) throws(TimeSpecError) {
            if let extra = rest.first {
                throw error(.unexpectedWord, .unexpectedInRepeat(extra.string, spec: trimmed(input)), at: extra)
            }
        }
    }
}
