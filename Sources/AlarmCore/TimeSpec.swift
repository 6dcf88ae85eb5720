import FoundationEssentials
import AlarmModel

/// What a person typed for "when": an alarm schedule or a countdown.
///
/// | form | example | result |
/// |---|---|---|
/// | time | `7:30`, `07:30`, `7am`, `7:30pm`, `noon`, `midnight` | next occurrence, once |
/// | days + time | `daily 7:00`, `weekdays 6:30`, `weekends 9:00`, `mon-fri 06:00`, `mon,wed,fri 7:00` | weekly |
/// | date + time | `2026-06-09 09:41`, `today 18:00`, `tomorrow 7am` | fixed, local wall time |
/// | ISO 8601 | `2026-06-09T09:41:00+02:00`, `...Z`, no offset = local | fixed |
/// | duration | `90s`, `5m`, `1h30m`, `2h`, `1:30:00`, `in 10m`, `in 90` | countdown |
/// | German | `morgen 7 Uhr`, `heute 19 Uhr`, `werktags 6.30`, `täglich 7:00`, `in 5 Minuten` | as the English |
/// | repeats | `every 2 weeks mon 7:00`, `monthly on the 15th 9:00`, `alle 2 Wochen 7:00`, `10 times` | an event's schedule |
///
/// Four digits are a clock time (`0730`, `1930`); a bare number of one or two digits is
/// refused where a time could also be meant (`30`: 30m or 7:30?).
package enum TimeSpec: Hashable, Sendable {
    case schedule(Alarm.Schedule)
    case countdown(TimeInterval)
    /// A repeating spec beyond weekdays (`every 2 weeks`, `monthly on the 15th`, `until`,
    /// `10 times`): an event's schedule in the machine's zone (`RecurringSpecParser`).
    case calendar(CalendarSchedule)

    /// Parses `text`. `now` and `timeZone` place `today`/`tomorrow` and local dates, and
    /// refuse fixed times that are already past. `weekdays`: the day names taken besides
    /// English's (the person's locale's).
    package static func parse(_ text: String, now: Date, timeZone: ZoneRules, weekdays: WeekdayNames = .english) throws(TimeSpecError) -> TimeSpec {
        let words = germanWords(specWords(text))
        guard let first = words.first else {
            throw TimeSpecError(.empty, .empty(.spec), input: text, offset: 0, length: 1)
        }
        if first.lower == "in" {
            guard words.count > 1 else {
                throw TimeSpecError(.missingDuration, .missingDurationAfterIn,
                                    input: text, offset: first.offset + first.length + 1, length: 1)
            }
            return .countdown(try DurationParser.parse(rest(of: text, from: words[1]), in: text, allowsShortForms: true))
        }
        if RecurringSpecParser.applies(to: words) {
            return .calendar(try RecurringSpecParser.parse(words, input: text, now: now, calendar: FireTimeCalendar(timeZone: timeZone), weekdays: weekdays))
        }
        if let negative = DurationParser.negative(first, in: text) { throw negative }
        if DurationParser.looksLikeDuration(first, next: words.dropFirst().first) {
            return .countdown(try DurationParser.parse(rest(of: text, from: first), in: text, allowsShortForms: false))
        }
        let calendar = FireTimeCalendar(timeZone: timeZone)
        let dates = DateParser(input: text, calendar: calendar)
        switch words.count {
        case 1:
            if let instant = try dates.instant(first) {
                return .schedule(try future(.fixed(instant), instant, now: now, calendar: calendar, input: text))
            }
            if ClockTimeParser.looksLikeClockTime(first) {
                let time = try ClockTimeParser.parse(first, in: text)
                return .schedule(.relative(.init(time: time, repeats: .never)))
            }
            if first.characters.allSatisfy(isASCIIDigit) { throw ambiguous(first, in: text) }
            if DateParser.looksLikeDate(first) || ["today", "tomorrow"].contains(first.lower)
                || WeekdaySetParser.isDaySelection(first, names: weekdays)
            {
                _ = try dates.localDate(first, now: now)
                throw TimeSpecError(.missingTime, .missingTime(after: shown(first, in: text)),
                                    input: text, offset: first.offset + first.length, length: 1)
            }
            throw TimeSpecError(.unknownWord, .unknownWord(first.string, suggestion: closestWord(first.string, names: weekdays)),
                                input: text, offset: first.offset, length: first.length)
        case 2:
            if try dates.instant(first) != nil {
                let extra = words[1]
                throw TimeSpecError(.unexpectedWord, .unexpectedAfterDateTime(word: extra.string, dateTime: first.string),
                                    input: text, offset: extra.offset, length: extra.length)
            }
            let (dayWord, timeWord) = try dayAndTime(words[0], words[1], in: text)
            let time = try ClockTimeParser.parse(timeWord, in: text)
            if let date = try dates.localDate(dayWord, now: now) {
                let instant = calendar.instant(of: date, hour: time.hour, minute: time.minute)
                return .schedule(try future(.fixed(instant), instant, now: now, calendar: calendar, input: text))
            }
            let days = try WeekdaySetParser.parse(dayWord, in: text, names: weekdays)
            return .schedule(.relative(.init(time: time, repeats: .weekly(days))))
        default:
            let extra = words[2]
            throw TimeSpecError(.unexpectedWord, .unexpectedWord(extra.string, spec: trimmed(text)),
                                input: text, offset: extra.offset, length: extra.length)
        }
    }

    /// A duration alone, for options like `--snooze 9m` and `timer 5m`: also takes `M:SS`
    /// (`5:00` is five minutes) and bare seconds (`90`).
    package static func parseDuration(_ text: String) throws(TimeSpecError) -> TimeInterval {
        let characters = Array(text)
        let whole = SpecText(characters: characters, positions: Array(characters.indices))
        let words = specWords(text)
        let body = words.first?.lower == "in" && words.count > 1 ? rest(of: text, from: words[1]) : whole
        return try DurationParser.parse(body, in: text, allowsShortForms: true)
    }

    /// An instant, for options like `--from`: ISO 8601 with or without offset,
    /// `YYYY-MM-DD HH:MM`, or `YYYY-MM-DD` (its midnight, by the DST policy). Past is fine.
    package static func parseInstant(_ text: String, timeZone: ZoneRules) throws(TimeSpecError) -> Date {
        let words = specWords(text)
        let calendar = FireTimeCalendar(timeZone: timeZone)
        let dates = DateParser(input: text, calendar: calendar)
        guard let first = words.first else {
            throw TimeSpecError(.empty, .empty(.instant), input: text, offset: 0, length: 1)
        }
        guard words.count <= 2 else {
            throw TimeSpecError(.unexpectedWord, .unexpectedInInstant(words[2].string),
                                input: text, offset: words[2].offset, length: words[2].length)
        }
        if words.count == 1, let instant = try dates.instant(first) { return instant }
        guard DateParser.looksLikeDate(first), let date = try dates.localDate(first, now: Date(timeIntervalSince1970: 0)) else {
            throw TimeSpecError(.badDate, .unreadableInstant(first.string),
                                input: text, offset: first.offset, length: first.length)
        }
        guard words.count == 2 else { return calendar.instant(of: date, hour: 0, minute: 0) }
        let time = try ClockTimeParser.parse(words[1], in: text)
        return calendar.instant(of: date, hour: time.hour, minute: time.minute)
    }

    // MARK: - Pieces

    /// Of two words, which names the day(s) and which the time: `tomorrow 7:00` or `7:00 tomorrow`.
    private static func dayAndTime(_ a: SpecText, _ b: SpecText, in input: String) throws(TimeSpecError) -> (SpecText, SpecText) {
        if ClockTimeParser.looksLikeClockTime(b) { return (a, b) }
        if ClockTimeParser.looksLikeClockTime(a) { return (b, a) }
        if b.characters.allSatisfy(isASCIIDigit) { throw ambiguous(b, in: input) }
        throw TimeSpecError(.missingTime, .expectedTime(after: shown(a, in: input), got: b.string),
                            input: input, offset: b.offset, length: b.length)
    }

    private static func ambiguous(_ word: SpecText, in input: String) -> TimeSpecError {
        TimeSpecError(.ambiguousNumber, .ambiguousNumber(word.string), input: input, offset: word.offset, length: word.length)
    }

    /// A word as the person wrote it (`morgen`, not the `tomorrow` it was read as).
    private static func shown(_ word: SpecText, in input: String) -> String {
        let characters = Array(input)
        guard let first = word.positions.first, let last = word.positions.last, first <= last, last < characters.count else { return word.string }
        return String(characters[first...last])
    }

    /// The input from `word` to its end, spaces included.
    private static func rest(of input: String, from word: SpecText) -> SpecText {
        let characters = Array(input)
        let range = word.offset..<characters.count
        return SpecText(characters: Array(characters[range]), positions: Array(range))
    }

    private static func future(
        _ schedule: Alarm.Schedule, _ instant: Date, now: Date, calendar: FireTimeCalendar, input: String
    ) throws(TimeSpecError) -> Alarm.Schedule {
        guard instant > now else {
            throw TimeSpecError(.inPast, .inPast(spec: trimmed(input), instant: calendar.iso8601(instant), now: calendar.iso8601(now)),
                                input: input, offset: 0, length: input.count)
        }
        return schedule
    }
}
