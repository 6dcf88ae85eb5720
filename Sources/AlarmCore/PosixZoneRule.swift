/// A POSIX TZ rule, as `TZ` holds it and as a TZif file's footer extends its table (RFC 8536
/// section 3.3): `CET-1CEST,M3.5.0,M10.5.0/3`, `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`,
/// `EST5EDT,M3.2.0,M11.1.0`, `JST-9`. POSIX offsets count west of Greenwich (`CET-1` is UTC+1);
/// stored here as UTC offsets (east positive). Rule times may be negative or beyond 24 h (the
/// v3 extension), and all-year daylight time (`EST5EDT4,0/0,J365/25`) works.
struct PosixZoneRule: Sendable, Equatable {
    var standard: ZoneRules.LocalTimeType
    /// nil: no daylight saving time.
    var daylight: ZoneRules.LocalTimeType?
    var start: DateRule
    var end: DateRule
    /// Seconds after local midnight (standard time for the start, daylight time for the end).
    var startTime: Int
    var endTime: Int

    /// The day a change happens in a given year.
    enum DateRule: Sendable, Equatable {
        /// `Jn`: day 1...365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0...365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        func date(in year: Int) -> LocalDate {
            switch self {
            case .julianNoLeap(let day):
                let leapShift = LocalDate.isLeapYear(year) && day >= 60 ? 1 : 0
                return LocalDate(year: year, month: 1, day: 1).adding(days: day - 1 + leapShift)
            case .zeroBased(let day):
                return LocalDate(year: year, month: 1, day: 1).adding(days: day)
            case .monthWeekDay(let month, let week, let weekday):
                let first = LocalDate(year: year, month: month, day: 1)
                var day = 1 + (weekday - first.weekdayIndex + 7) % 7 + (week - 1) * 7
                if day > LocalDate.daysInMonth(month, year: year) { day -= 7 }
                return LocalDate(year: year, month: month, day: day)
            }
        }
    }

    /// One change of the rule: at `instant` (UTC), to daylight time or back to standard time.
    struct Change: Equatable {
        var instant: Int
        var toDaylight: Bool
    }

    /// The changes of the rule with `from <= instant < to`, in order. Where a year's end and
    /// the next year's start coincide (all-year daylight time), only the start is kept.
    func transitions(from: Int, to: Int) -> [Change] {
        guard let daylight, from < to else { return [] }
        let firstYear = LocalDate(dayNumber: floorDivide(from, 86_400)).year - 1
        let lastYear = LocalDate(dayNumber: floorDivide(to, 86_400)).year + 1
        var changes: [Change] = []
        for year in firstYear...lastYear {
            let (begins, ends) = self.changes(in: year, daylight: daylight)
            changes.append(Change(instant: begins, toDaylight: true))
            changes.append(Change(instant: ends, toDaylight: false))
        }
        changes.sort { ($0.instant, $0.toDaylight ? 1 : 0) < ($1.instant, $1.toDaylight ? 1 : 0) }
        var merged: [Change] = []
        for change in changes where change.instant >= from && change.instant < to {
            if merged.last?.instant == change.instant { merged.removeLast() }
            merged.append(change)
        }
        return merged
    }

    /// The local time type in force at `instant`: that of the latest change at or before it
    /// (a start wins a tie, as in `transitions`). Allocation-free: past the table this runs
    /// for every query.
    func type(at instant: Int) -> ZoneRules.LocalTimeType {
        guard let daylight else { return standard }
        let year = LocalDate(dayNumber: floorDivide(instant, 86_400)).year
        var latest = Int.min
        var inDaylight = false
        for candidate in (year - 2)...(year + 1) {
            let (begins, ends) = changes(in: candidate, daylight: daylight)
            if ends <= instant, ends > latest { (latest, inDaylight) = (ends, false) }
            if begins <= instant, begins >= latest { (latest, inDaylight) = (begins, true) }
        }
        return inDaylight ? daylight : standard
    }

    /// The instants (UTC) daylight time begins and ends in `year`.
    private func changes(in year: Int, daylight: ZoneRules.LocalTimeType) -> (begins: Int, ends: Int) {
        (start.date(in: year).dayNumber * 86_400 + startTime - standard.offset,
         end.date(in: year).dayNumber * 86_400 + endTime - daylight.offset)
    }
}

// MARK: - Parsing

extension PosixZoneRule {
    init(parsing text: String) throws(ZoneRulesError) {
        var scanner = RuleScanner(bytes: Array(text.utf8), text: text)
        let standardName = try scanner.name()
        let standardOffset = -(try scanner.time(maxHours: 24))
        standard = ZoneRules.LocalTimeType(offset: standardOffset, isDaylightSaving: false, abbreviation: standardName)
        // No rule: the US rules POSIX and glibc assume when only names are given.
        start = .monthWeekDay(month: 3, week: 2, weekday: 0)
        end = .monthWeekDay(month: 11, week: 1, weekday: 0)
        startTime = 7200
        endTime = 7200
        daylight = nil
        if scanner.atEnd { return }
        let daylightName = try scanner.name()
        var daylightOffset = standardOffset + 3600
        if let byte = scanner.peek, byte != UInt8(ascii: ",") { daylightOffset = -(try scanner.time(maxHours: 24)) }
        daylight = ZoneRules.LocalTimeType(offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName)
        if scanner.atEnd { return }
        try scanner.expect(",")
        (start, startTime) = try scanner.dateAndTime()
        try scanner.expect(",")
        (end, endTime) = try scanner.dateAndTime()
        guard scanner.atEnd else { throw scanner.failure("unexpected text after the rule") }
    }
}

/// Reads a TZ string byte by byte; every error names the string.
private struct RuleScanner {
    let bytes: [UInt8]
    let text: String
    var position = 0

    var atEnd: Bool { position == bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    func failure(_ why: String) -> ZoneRulesError {
        ZoneRulesError(.invalidRule, "invalid TZ rule '\(text)': \(why)")
    }

    mutating func expect(_ character: Character) throws(ZoneRulesError) {
        guard peek == character.asciiValue else { throw failure("expected '\(character)'") }
        position += 1
    }

    /// `CET`, or `<+1030>` in angle brackets (letters, digits, '+', '-'); three characters at least.
    mutating func name() throws(ZoneRulesError) -> String {
        let begin = position
        if peek == UInt8(ascii: "<") {
            position += 1
            while let byte = peek, isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { position += 1 }
            guard peek == UInt8(ascii: ">"), position - begin - 1 >= 3 else { throw failure("bad quoted zone name") }
            position += 1
            return String(decoding: bytes[(begin + 1)..<(position - 1)], as: UTF8.self)
        }
        while let byte = peek, isLetter(byte) { position += 1 }
        guard position - begin >= 3 else { throw failure("a zone name needs three letters at least") }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` as seconds.
    mutating func time(maxHours: Int) throws(ZoneRulesError) -> Int {
        var sign = 1
        if peek == UInt8(ascii: "+") { position += 1 } else if peek == UInt8(ascii: "-") { sign = -1; position += 1 }
        let hours = try number(maxDigits: 3)
        guard hours <= maxHours else { throw failure("hours beyond \(maxHours)") }
        var seconds = hours * 3600
        if peek == UInt8(ascii: ":") {
            position += 1
            let minutes = try number(maxDigits: 2)
            guard minutes < 60 else { throw failure("minutes beyond 59") }
            seconds += minutes * 60
            if peek == UInt8(ascii: ":") {
                position += 1
                let secs = try number(maxDigits: 2)
                guard secs < 60 else { throw failure("seconds beyond 59") }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00; -167...167 hours).
    mutating func dateAndTime() throws(ZoneRulesError) -> (PosixZoneRule.DateRule, Int) {
        let rule: PosixZoneRule.DateRule
        if peek == UInt8(ascii: "J") {
            position += 1
            let day = try number(maxDigits: 3)
            guard (1...365).contains(day) else { throw failure("Jn needs 1...365") }
            rule = .julianNoLeap(day)
        } else if peek == UInt8(ascii: "M") {
            position += 1
            let month = try number(maxDigits: 2)
            try expect(".")
            let week = try number(maxDigits: 1)
            try expect(".")
            let weekday = try number(maxDigits: 1)
            guard (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else {
                throw failure("Mm.w.d out of range")
            }
            rule = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            let day = try number(maxDigits: 3)
            guard day <= 365 else { throw failure("n needs 0...365") }
            rule = .zeroBased(day)
        }
        guard peek == UInt8(ascii: "/") else { return (rule, 7200) }
        position += 1
        return (rule, try time(maxHours: 167))
    }

    private mutating func number(maxDigits: Int) throws(ZoneRulesError) -> Int {
        var value = 0
        var digits = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard digits < maxDigits else { throw failure("number too long") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw failure("expected a number") }
        return value
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
