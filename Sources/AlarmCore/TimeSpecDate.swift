import FoundationEssentials

/// Calendar dates and instants: `2026-06-09`, `today`, `tomorrow`, and ISO 8601 date-times
/// `2026-06-09T09:41[:00[.5]]` with `Z`, `+02:00`, `+0200` or `+02`, or no offset (local).
struct DateParser {
    let input: String
    let calendar: FireTimeCalendar


    static func looksLikeDate(_ word: SpecText) -> Bool {
        word.count >= 5 && word.characters[0..<4].allSatisfy(isASCIIDigit) && word.characters[4] == "-"
    }

    /// `today`, `tomorrow` or `YYYY-MM-DD`; nil if `word` is none of those shapes.
    func localDate(_ word: SpecText, now: Date) throws(TimeSpecError) -> LocalDate? {
        switch word.lower {
        case "today": return calendar.localDate(of: now)
        case "tomorrow": return calendar.localDate(of: now).adding(days: 1)
        default:
            guard Self.looksLikeDate(word) else { return nil }
            var cursor = Cursor(text: word, input: input)
            let date = try cursor.date()
            try cursor.expectEnd(.dateThenTime)
            return date
        }
    }

    /// An ISO 8601 date-time; nil if `word` is not `YYYY-MM-DDT...`.
    func instant(_ word: SpecText) throws(TimeSpecError) -> Date? {
        guard Self.looksLikeDate(word), word.characters.contains(where: { $0 == "T" || $0 == "t" }) else { return nil }
        var cursor = Cursor(text: word, input: input)
        let date = try cursor.date()
        try cursor.expect("T", .dateTimeSeparator)
        let hour = try cursor.twoDigits(.hourOutOfRange, .hour, 0...23)
        try cursor.expect(":", .hourColon)
        let minute = try cursor.twoDigits(.minuteOutOfRange, .minute, 0...59)
        var second = 0
        var fraction = 0.0
        if cursor.peek == ":" {
            cursor.index += 1
            second = try cursor.twoDigits(.secondOutOfRange, .second, 0...59)
            if cursor.peek == "." || cursor.peek == "," {
                cursor.index += 1
                fraction = try cursor.fraction()
            }
        }
        guard let offset = try cursor.utcOffset() else {
            // No offset: a wall time here, resolved like any nominal local time.
            return calendar.instant(of: date, hour: hour, minute: minute, second: second) + fraction
        }
        let local = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(local - offset) + fraction)
    }

    /// Reads one word left to right, failing with the position of the character at fault.
    struct Cursor {
        let text: SpecText
        let input: String
        var index = 0

        var peek: Character? { index < text.count ? asciiLowercased(text.characters[index]) : nil }

        func failure(_ kind: TimeSpecError.Kind, _ reason: TimeSpecError.Reason, _ range: Range<Int>) -> TimeSpecError {
            let (offset, length) = text.span(range)
            return TimeSpecError(kind, reason, input: input, offset: offset, length: length)
        }

        mutating func digits(maxCount: Int) -> (value: Int, range: Range<Int>)? {
            let start = index
            while index < text.count, index - start < maxCount, isASCIIDigit(text.characters[index]) { index += 1 }
            guard index > start, let value = Int(String(text.characters[start..<index])) else { return nil }
            return (value, start..<index)
        }

        mutating func expect(_ character: Character, _ advice: TimeSpecError.Advice) throws(TimeSpecError) {
            guard peek == asciiLowercased(character) else {
                let found = index < text.count ? String(text.characters[index]) : nil
                throw failure(.badDate, .unexpectedCharacter(word: text.string, found: found, advice), index..<(index + 1))
            }
            index += 1
        }

        mutating func expectEnd(_ advice: TimeSpecError.Advice) throws(TimeSpecError) {
            guard index == text.count else {
                throw failure(.badDate, .unexpectedRest(word: text.string, rest: String(text.characters[index...]), advice), index..<text.count)
            }
        }

        mutating func date() throws(TimeSpecError) -> LocalDate {
            let whole = text.string
            guard let year = digits(maxCount: 4), year.range.count == 4 else {
                throw failure(.badDate, .unreadableDate(whole), 0..<index)
            }
            try expect("-", .date)
            guard let month = digits(maxCount: 2) else {
                throw failure(.badDate, .unreadableMonth(whole), index..<(index + 1))
            }
            guard (1...12).contains(month.value) else {
                throw failure(.monthOutOfRange, .monthOutOfRange(whole), month.range)
            }
            try expect("-", .date)
            guard let day = digits(maxCount: 2) else {
                throw failure(.badDate, .unreadableDay(whole), index..<(index + 1))
            }
            let lastDay = LocalDate.daysInMonth(month.value, year: year.value)
            guard (1...lastDay).contains(day.value) else {
                throw failure(.dayOutOfRange, .dayOutOfRange(whole, lastDay: lastDay, month: month.value, year: year.value), day.range)
            }
            return LocalDate(year: year.value, month: month.value, day: day.value)
        }

        mutating func twoDigits(_ kind: TimeSpecError.Kind, _ part: TimeSpecError.Part, _ range: ClosedRange<Int>) throws(TimeSpecError) -> Int {
            let start = index
            guard let number = digits(maxCount: 2), number.range.count == 2 else {
                throw failure(.badTime, .twoDigits(text.string, part), start..<(max(index, start + 1)))
            }
            guard range.contains(number.value) else {
                throw failure(kind, .partOutOfRange(text.string, part, low: range.lowerBound, high: range.upperBound), number.range)
            }
            return number.value
        }

        mutating func fraction() throws(TimeSpecError) -> Double {
            let start = index
            guard let number = digits(maxCount: 9) else {
                throw failure(.badTime, .fractionDigits(text.string), start..<(start + 1))
            }
            // At most 9 digits: every power of ten up to 1e22 is exact in a Double.
            let scale = (0..<number.range.count).reduce(1.0) { value, _ in value * 10 }
            return Double(number.value) / scale
        }

        /// Seconds east of UTC, or nil when the word ends without an offset.
        mutating func utcOffset() throws(TimeSpecError) -> Int? {
            guard let sign = peek else { return nil }
            if sign == "z" {
                index += 1
                try expectEnd(.afterUTC)
                return 0
            }
            guard sign == "+" || sign == "-" else {
                throw failure(.badOffset, .unexpectedCharacter(word: text.string, found: String(text.characters[index]), .offset), index..<(index + 1))
            }
            let start = index
            index += 1
            guard let hours = digits(maxCount: 2), hours.range.count == 2, hours.value <= 23 else {
                throw failure(.badOffset, .badOffset(text.string), start..<text.count)
            }
            var minutes = 0
            if peek == ":" { index += 1 }
            if index < text.count {
                guard let value = digits(maxCount: 2), value.range.count == 2, value.value <= 59, index == text.count else {
                    throw failure(.badOffset, .badOffset(text.string), start..<text.count)
                }
                minutes = value.value
            }
            return (sign == "-" ? -1 : 1) * (hours.value * 3600 + minutes * 60)
        }
    }
}
