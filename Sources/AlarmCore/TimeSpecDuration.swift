import FoundationEssentials

/// Durations: `90s`, `5m`, `2h`, `1h30m`, `1h 30m`, `1d`, long unit names (`10 minutes`),
/// `1:30:00` (H:MM:SS); and where nothing else is meant, `5:00` (M:SS) and bare seconds `90`.
enum DurationParser {
    /// Longer than any alarm; also keeps every sum far from overflow.
    static let maximum: TimeInterval = 365 * 86_400
    static let advice = "use 90s, 5m, 1h30m or 1:30:00"

    private static let units: [String: (seconds: Int, symbol: String)] = {
        var units: [String: (Int, String)] = [:]
        for (symbol, seconds, names) in [
            ("d", 86_400, ["d", "day", "days"]), ("h", 3600, ["h", "hr", "hrs", "hour", "hours"]),
            ("m", 60, ["m", "min", "mins", "minute", "minutes"]), ("s", 1, ["s", "sec", "secs", "second", "seconds"]),
        ] {
            for name in names { units[name] = (seconds, symbol) }
        }
        return units
    }()

    /// Whether a spec's first word starts a duration rather than a time or a date.
    static func looksLikeDuration(_ word: SpecText, next: SpecText?) -> Bool {
        guard let first = word.characters.first, isASCIIDigit(first), !DateParser.looksLikeDate(word) else { return false }
        let colons = word.characters.filter { $0 == ":" }.count
        if colons == 2 { return true }
        if colons > 0 || ClockTimeParser.looksLikeClockTime(word) { return false }
        if word.characters.contains(where: isASCIILetter) { return true }
        // "10 minutes": a bare number followed by a unit name.
        return next.map { units[$0.lower] != nil || units[String($0.lower.prefix { isASCIILetter($0) })] != nil } ?? false
    }

    /// `text` is the rest of the input from the duration on (spaces allowed between parts).
    /// `allowsShortForms` admits `M:SS` and bare seconds, which in a full spec would be
    /// ambiguous with clock times.
    static func parse(_ text: SpecText, in input: String, allowsShortForms: Bool) throws(TimeSpecError) -> TimeInterval {
        // Trim the ends; inside, spaces may separate "1h 30m" but nothing else.
        var first = 0
        var last = text.count
        while first < last, text.characters[first].isWhitespace { first += 1 }
        while last > first, text.characters[last - 1].isWhitespace { last -= 1 }
        let body = text.slice(first..<last)
        func failure(_ kind: TimeSpecError.Kind, _ message: String, _ range: Range<Int>) -> TimeSpecError {
            let (offset, length) = body.span(range)
            return TimeSpecError(kind, message, input: input, offset: offset, length: length)
        }
        guard !body.isEmpty else {
            throw failure(.missingDuration, "missing duration (\(advice))", 0..<0)
        }
        let shown = body.string
        if let negative = negative(body, in: input) { throw negative }
        let total: Int
        if body.characters.contains(":") {
            if let space = body.characters.firstIndex(where: \.isWhitespace) {
                var extra = space
                while body.characters[extra].isWhitespace { extra += 1 }
                throw failure(.badDuration, "unexpected '\(String(body.characters[extra...]))' after the duration '\(String(body.characters[..<space]))' (\(advice))",
                              extra..<body.count)
            }
            total = try clockStyle(body, shown: shown, allowsShortForms: allowsShortForms, failure: failure)
        } else if body.characters.allSatisfy(isASCIIDigit) {
            guard allowsShortForms else {
                throw failure(.ambiguousNumber, "'\(shown)' is ambiguous: write \(shown)s or \(shown)m", 0..<body.count)
            }
            guard body.count <= 9, let seconds = Int(shown) else {
                throw failure(.durationOutOfRange, "\(shown): duration must be at most 365 days", 0..<body.count)
            }
            total = seconds
        } else {
            total = try withUnits(body, shown: shown, failure: failure)
        }
        guard total > 0 else {
            throw failure(.durationOutOfRange, "'\(shown)' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)", 0..<body.count)
        }
        guard Double(total) <= maximum else {
            throw failure(.durationOutOfRange, "\(shown): duration must be at most 365 days", 0..<body.count)
        }
        return TimeInterval(total)
    }

    /// `-5m`: people write it meaning "5 minutes", or "5 minutes ago", neither of which a
    /// duration from now can be. nil when `word` does not start with a minus and a digit.
    static func negative(_ word: SpecText, in input: String) -> TimeSpecError? {
        guard word.count > 1, word.characters[0] == "-", isASCIIDigit(word.characters[1]) else { return nil }
        let positive = String(word.characters.dropFirst())
        return TimeSpecError(.badDuration, "'\(word.string)' is negative: a duration counts forward from now (write \(positive))",
                             input: input, offset: word.offset, length: 1)
    }

    /// `H:MM:SS`, or `M:SS` where allowed.
    private static func clockStyle(
        _ text: SpecText, shown: String, allowsShortForms: Bool,
        failure: (TimeSpecError.Kind, String, Range<Int>) -> TimeSpecError
    ) throws(TimeSpecError) -> Int {
        let parts = text.split(on: ":")
        guard parts.count == 3 || (parts.count == 2 && allowsShortForms) else {
            throw failure(.badDuration, "can't read duration '\(shown)' (\(advice))", 0..<text.count)
        }
        var total = 0
        for (index, (part, start)) in parts.enumerated() {
            let isLeading = index == 0
            guard !part.isEmpty, part.characters.allSatisfy(isASCIIDigit), isLeading ? part.count <= 4 : part.count == 2,
                let value = Int(part.string)
            else {
                let what = isLeading ? "\(shown): expected a number of \(parts.count == 3 ? "hours" : "minutes")" : "\(shown): expected two digits"
                throw failure(.badDuration, "\(what) (\(advice))", start..<(start + max(1, part.count)))
            }
            guard isLeading || value <= 59 else {
                let name = index == parts.count - 1 ? "seconds" : "minutes"
                throw failure(.badDuration, "\(shown): \(name) must be 00-59", start..<(start + part.count))
            }
            total = total * 60 + value
        }
        return total
    }

    /// `1h30m`, `10 minutes`, `1d 2h`: numbers each followed by a unit, each unit once.
    private static func withUnits(
        _ text: SpecText, shown: String, failure: (TimeSpecError.Kind, String, Range<Int>) -> TimeSpecError
    ) throws(TimeSpecError) -> Int {
        var total = 0
        var seen: Set<String> = []
        var index = 0
        func skipSpaces() { while index < text.count, text.characters[index].isWhitespace { index += 1 } }
        while index < text.count {
            let numberStart = index
            while index < text.count, isASCIIDigit(text.characters[index]) { index += 1 }
            guard index > numberStart else {
                throw failure(.badDuration, "can't read duration '\(shown)': expected a number at '\(String(text.characters[index...]))' (\(advice))",
                              index..<text.count)
            }
            guard index - numberStart <= 9, let number = Int(String(text.characters[numberStart..<index])) else {
                throw failure(.durationOutOfRange, "\(shown): duration must be at most 365 days", numberStart..<index)
            }
            skipSpaces()
            let unitStart = index
            while index < text.count, isASCIILetter(text.characters[index]) { index += 1 }
            let unitName = String(text.characters[unitStart..<index].map(asciiLowercased))
            guard let unit = units[unitName] else {
                if unitName.isEmpty {
                    let rest = index < text.count ? "'\(text.characters[index])'" : "the end"
                    throw failure(.badDuration, "\(shown): expected a unit (d, h, m, s) after \(number), got \(rest)",
                                  index..<(index + 1))
                }
                throw failure(.unknownUnit, "unknown unit '\(unitName)' in '\(shown)' (units are d, h, m, s; \(advice))",
                              unitStart..<index)
            }
            guard seen.insert(unit.symbol).inserted else {
                throw failure(.repeatedUnit, "\(shown): '\(unit.symbol)' given twice (write 1h30m, not 1h1h30m)", unitStart..<index)
            }
            skipSpaces()
            total += number * unit.seconds
            guard Double(total) <= maximum else {
                throw failure(.durationOutOfRange, "\(shown): duration must be at most 365 days", numberStart..<index)
            }
        }
        return total
    }
}
