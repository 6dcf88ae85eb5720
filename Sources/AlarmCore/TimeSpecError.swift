/// Why a time spec was refused, and where: `offset`/`length` count characters of `input`,
/// so a caller can print `input` and a caret line under the bad part (`pointer`). The core
/// says what is wrong as data (`reason`, with the words and numbers involved); the person's
/// tools word it in the person's language (AlarmSystem's `message`).
public struct TimeSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case empty, missingTime, missingDuration, ambiguousNumber, unknownWord, unexpectedWord
        case badTime, hourOutOfRange, minuteOutOfRange, secondOutOfRange
        case unknownWeekday, unknownDay, ambiguousWeekday
        case badDate, monthOutOfRange, dayOutOfRange, badOffset, inPast
        case badDuration, unknownUnit, repeatedUnit, durationOutOfRange
    }

    /// What a spec's advice lists: the forms the parser reads where the error is.
    public enum Advice: String, Hashable, Sendable {
        /// Any spec: 7:30, weekdays 6:30, tomorrow 7am, 2026-06-09 09:41 or 10m.
        case spec
        /// A clock time: 7:30, 07:30, 7am, 7:30pm, noon or midnight.
        case clock
        /// A date: YYYY-MM-DD.
        case date
        /// A date, then a time.
        case dateThenTime
        /// 'T' between date and time, as in 2026-06-09T09:41:00+02:00.
        case dateTimeSeparator
        /// ':' after the hour of an ISO date-time.
        case hourColon
        /// Nothing after Z.
        case afterUTC
        /// An ISO date-time's offset: Z, +HH:MM or -HH:MM.
        case offset
        /// An instant (`--from`): 2026-06-09T09:41:00+02:00, 2026-06-09 09:41 or 2026-06-09.
        case instant
        /// A duration: 90s, 5m, 1h30m or 1:30:00.
        case duration
        /// A repeat beyond weekdays: every 2 weeks mon 7:00, monthly on the 15th 9:00, ...
        case repeats
    }

    /// The parts of a clock or date-time a number can be.
    public enum Part: String, Hashable, Sendable {
        case hour, minute, second
    }

    /// What is wrong, with what the person wrote (`word`: the piece at fault, `spec`: the
    /// whole spec, trimmed) and, where the parser has one, the word it would have read
    /// (`suggestion`: "weekdays" for "weekdys").
    public enum Reason: Hashable, Sendable {
        case empty(Advice)
        /// `in` with nothing after it.
        case missingDurationAfterIn
        case missingDuration
        /// `weekdays` alone: days without a time.
        case missingTime(after: String)
        case expectedTime(after: String, got: String)
        /// `7`, `30`: a time or a duration?
        case ambiguousNumber(String)
        /// A bare number where only a duration with a unit is read.
        case ambiguousDurationNumber(String)
        case unknownWord(String, suggestion: String?)
        case unexpectedAfterDateTime(word: String, dateTime: String)
        case unexpectedWord(String, spec: String)
        case unexpectedInInstant(String)
        case unreadableInstant(String)
        case inPast(spec: String, instant: String, now: String)
        // Clock times.
        case clockWithSeconds(String)
        case unreadableTime(String)
        case hourOutOfRange(String, twelveHour: Bool)
        case minuteDigits(String)
        case minuteOutOfRange(String)
        // Dates and ISO date-times.
        /// At `found` (nil: the end of the word) something else was expected.
        case unexpectedCharacter(word: String, found: String?, Advice)
        case unexpectedRest(word: String, rest: String, Advice)
        case unreadableDate(String)
        case unreadableMonth(String)
        case monthOutOfRange(String)
        case unreadableDay(String)
        case dayOutOfRange(String, lastDay: Int, month: Int, year: Int)
        case twoDigits(String, Part)
        case partOutOfRange(String, Part, low: Int, high: Int)
        case fractionDigits(String)
        case badOffset(String)
        // Durations.
        case unexpectedAfterDuration(String, duration: String)
        case durationTooLong(String)
        case zeroDuration(String)
        case negativeDuration(String, positive: String)
        case unreadableDuration(String)
        /// `H:MM:SS` or `M:SS` whose first part is not a number of hours (`minutes: false`) or minutes.
        case expectedLeadingNumber(String, minutes: Bool)
        case expectedTwoDigits(String)
        /// A duration's minutes (`seconds: false`) or seconds beyond 59.
        case durationPartOutOfRange(String, seconds: Bool)
        case expectedNumber(String, at: String)
        case expectedUnit(String, after: Int, found: String?)
        case unknownUnit(String, in: String, suggestion: String?)
        case repeatedUnit(String, unit: String)
        // Days.
        case unreadableRange(String, spec: String, examples: String)
        /// `meanings`: the days the word could be, as "Monday (Lun)".
        case ambiguousWeekday(String, spec: String, meanings: [String])
        case missingWeekday(spec: String, examples: String)
        case unknownWeekday(String, spec: String, examples: String, suggestion: String?)
        case unknownDay(String, spec: String, examples: String, suggestion: String?)
        // Repeats beyond weekdays (`every 2 weeks`, `monthly on the 15th`, `until`, `10 times`).
        /// `until` with no date after it.
        case missingUntilDate
        case unreadableUntilDate(String)
        /// `until` a day before the first time the series would ring (`first`, YYYY-MM-DD).
        case untilBeforeFirst(until: String, first: String)
        /// `N times` with N beyond `max`.
        case tooManyTimes(String, max: Int)
        /// `every N` with N beyond `max`.
        case intervalOutOfRange(String, max: Int)
        /// No time of day in a repeating spec.
        case missingRepeatTime(spec: String)
        /// A time and an end but nothing that says how it repeats.
        case missingRepeat(spec: String)
        /// The rule selects no date at all.
        case neverHappens(spec: String)
        /// `every` with nothing after it.
        case missingRepeatUnit(after: String)
        /// `every` followed by what is no unit or weekday.
        case unknownRepeatUnit(String, after: String)
        /// `first monday of each X` where X is no month.
        case expectedMonth(String)
        case unknownRepeatWord(String)
        case unreadableRepeatDays(String, examples: String)
        case unreadableMonthDay(String)
        /// `yearly on 3` with no month (or no day).
        case missingDayOrMonth(String)
        case unreadableMonthName(String)
        case unreadableDayOfMonth(String)
        case unexpectedInRepeat(String, spec: String)
    }

    public var kind: Kind
    public var reason: Reason
    public var input: String
    public var offset: Int
    public var length: Int

    public init(_ kind: Kind, _ reason: Reason, input: String, offset: Int, length: Int) {
        self.kind = kind
        self.reason = reason
        self.input = input
        self.offset = max(0, offset)
        self.length = max(1, length)
    }

    /// For logs and tests: the kind, the place and the reason's data, in no language.
    public var description: String { "\(kind) at \(offset)+\(length) of '\(input)': \(reason)" }

    /// The input on one line and carets under the bad part:
    /// ```
    /// mno-fri 6:30
    /// ^^^
    /// ```
    public var pointer: String {
        let flat = String(input.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return flat + "\n" + String(repeating: " ", count: offset) + String(repeating: "^", count: length)
    }
}
