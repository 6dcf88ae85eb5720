import FoundationEssentials

/// Durations: `90s`, `5m`, `2h`, `1h30m`, `1h 30m`, `1d`, long unit names (`10 minutes`,
/// German's `10 Minuten`), `1:30:00` (H:MM:SS); and where nothing else is meant, `5:00` (M:SS)
/// and a bare number, which is minutes (`timer 5`, `--snooze 9`), as on a kitchen timer.
enum DurationParser {
    /// Longer than any alarm; also keeps every sum far from overflow.
    static let maximum: TimeInterval = 365 * 86_400

    private static let units: [String: (seconds: Int, symbol: String)] = {
        var units: [String: (Int, String)] = [:]
        for (symbol, seconds, names) in [
            ("d", 86_400, ["d", "day", "days", "tag", "tage", "tagen"]),
            ("h", 3600, ["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden"]),
            ("m", 60, ["m", "min", "mins", "minute", "minutes", "minuten"]),
            ("s", 1, ["s", "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden"]),
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

    /// The unit names, for suggestions ("minuts" -> "minutes").
    static var unitNames: [String] { Array(units.keys) }

    /// `text` is the rest of the input from the duration on (spaces allowed between parts).
    /// `allowsShortForms` admits `M:SS` and bare minutes, which in a full spec would be
    /// ambiguous with clock times.
    static func parse(_ text: SpecText, in input: String, allowsShortForms: Bool) throws(TimeSpecError) -> TimeInterval {
        // Trim the ends; inside, spaces may separate "1h 30m" but nothing else.
        var first = 0
        var last = text.count
        while first < last, text.characters[first].isWhitespace { first += 1 }
        while last > first, text.characters[last - 1].isWhitespace { last -= 1 }
        let body = text.slice(first..<last)
        func failure(_ kind: TimeSpecError.Kind, _ reason: TimeSpecError.Reason, _ range: Range<Int>) -> TimeSpecError {
            let (offset, length) = body.span(range)
            return TimeSpecError(kind, reason, input: input, offset: offset, length: length)
        }
        guard !body.isEmpty else {
            throw failure(.missingDuration, .missingDuration, 0..<0)
        }
        let shown = body.string
        if let negative = negative(body, in: input) { throw negative }
        let total: Int
        if body.characters.contains(":") {
            if let space = body.characters.firstIndex(where: \.isWhitespace) {
                var extra = space
                while body.characters[extra].isWhitespace { extra += 1 }
                throw failure(.badDuration, .unexpectedAfterDuration(String(body.characters[extra...]), duration: String(body.characters[..<space])),
                              extra..<body.count)
            }
            total = try clockStyle(body, shown: shown, allowsShortForms: allowsShortForms, failure: failure)
        } else if body.characters.allSatisfy(isASCIIDigit) {
            guard allowsShortForms else {
                throw failure(.ambiguousNumber, .ambiguousDurationNumber(shown), 0..<body.count)
            }
            guard body.count <= 9, let minutes = Int(shown) else {
                throw failure(.durationOutOfRange, .durationTooLong(shown), 0..<body.count)
            }
            total = minutes * 60
        } else {
            total = try withUnits(body, shown: shown, failure: failure)
        }
        guard total > 0 else {
            throw failure(.durationOutOfRange, .zeroDuration(shown), 0..<body.count)
        }
        guard Double(total) <= maximum else {
            throw failure(.durationOutOfRange, .durationTooLong(shown), 0..<body.count)
        }
        return TimeInterval(total)
    }

    /// `-5m`: people write it meaning "5 minutes", or "5 minutes ago", neither of which a
    /// duration from now can be. nil when `word` does not start with a minus and a digit.
    static func negative(_ word: SpecText, in input: String) -> TimeSpecError? {
        guard word.count > 1, word.characters[0] == "-", isASCIIDigit(word.characters[1]) else { return nil }
        let positive = String(word.characters.dropFirst())
        return TimeSpecError(.badDuration, .negativeDuration(word.string, positive: positive), input: input, offset: word.offset, length: 1)
    }

    /// `H:MM:SS`, or `M:SS` where allowed.
    private static func clockStyle(
        _ text: SpecText, shown: String, allowsShortForms: Bool,
        failure: (TimeSpecError.Kind, TimeSpecError.Reason, Range<Int>) -> TimeSpecError
    ) throws(TimeSpecError) -> Int {
        let parts = text.split(on: ":")
        guard parts.count == 3 || (parts.count == 2 && allowsShortForms) else {
            throw failure(.badDuration, .unreadableDuration(shown), 0..<text.count)
        }
        var total = 0
        for (index, (part, start)) in parts.enumerated() {
            let isLeading = index == 0
            guard !part.isEmpty, part.characters.allSatisfy(isASCIIDigit), isLeading ? part.count <= 4 : part.count == 2,
                let value = Int(part.string)
            else {
                let reason: TimeSpecError.Reason = isLeading ? .expectedLeadingNumber(shown, minutes: parts.count == 2) : .expectedTwoDigits(shown)
                throw failure(.badDuration, reason, start..<(start + max(1, part.count)))
            }
            guard isLeading || value <= 59 else {
                throw failure(.badDuration, .durationPartOutOfRange(shown, seconds: index == parts.count - 1), start..<(start + part.count))
            }
            total = total * 60 + value
        }
        return total
    }

    /// `1h30m`, `10 minutes`, `1d 2h`: numbers each followed by a unit, each unit once.
    private static func withUnits(
        _ text: SpecText, shown: String, failure: (TimeSpecError.Kind, TimeSpecError.Reason, Range<Int>) -> TimeSpecError
    ) throws(TimeSpecError) -> Int {
        var total = 0
        var seen: Set<String> = []
        var index = 0
        func skipSpaces() { while index < text.count, text.characters[index].isWhitespace { index += 1 } }
        while index < text.count {
            let numberStart = index
            while index < text.count, isASCIIDigit(text.characters[index]) { index += 1 }
            guard index > numberStart else {
                throw failure(.badDuration, .expectedNumber(shown, at: String(text.characters[index...])), index..<text.count)
            }
            guard index - numberStart <= 9, let number = Int(String(text.characters[numberStart..<index])) else {
                throw failure(.durationOutOfRange, .durationTooLong(shown), numberStart..<index)
            }
            skipSpaces()
            let unitStart = index
            while index < text.count, isASCIILetter(text.characters[index]) { index += 1 }
            let unitName = String(text.characters[unitStart..<index].map(asciiLowercased))
            guard let unit = units[unitName] else {
                if unitName.isEmpty {
                    let found = index < text.count ? String(text.characters[index]) : nil
                    throw failure(.badDuration, .expectedUnit(shown, after: number, found: found), index..<(index + 1))
                }
                throw failure(.unknownUnit, .unknownUnit(unitName, in: shown, suggestion: closest(unitName, among: unitNames)), unitStart..<index)
            }
            guard seen.insert(unit.symbol).inserted else {
                throw failure(.repeatedUnit, .repeatedUnit(shown, unit: unit.symbol), unitStart..<index)
            }
            skipSpaces()
            total += number * unit.seconds
            guard Double(total) <= maximum else {
                throw failure(.durationOutOfRange, .durationTooLong(shown), numberStart..<index)
            }
        }
        return total
    }
}
