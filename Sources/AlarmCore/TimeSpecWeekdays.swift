import FoundationEssentials

/// Day selections: `daily`, `weekdays`, `weekends`, a day name, a list `mon,wed,fri`, a range
/// `mon-fri` (wrapping: `fri-mon` is Friday to Monday), or a mix `mon-wed,fri`.
/// Full names, common abbreviations and plurals ("mondays"), any case; and the locale's
/// names (`WeekdayNames`).
enum WeekdaySetParser {
    static let mondayFirst: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    static func isDaySelection(_ word: SpecText, names: WeekdayNames) -> Bool {
        groups[word.lower] != nil || names.match(word.string) != .unknown
    }

    /// `input` is for messages. A lone unknown word gets a broader hint than an unknown name
    /// inside a list or range, since it may have been meant as `today` or a date.
    static func parse(_ word: SpecText, in input: String, names: WeekdayNames) throws(TimeSpecError) -> [Locale.Weekday] {
        if let group = groups[word.lower] { return group }
        let spec = trimmed(input)
        var selected = Set<Locale.Weekday>()
        let isList = word.characters.contains { $0 == "," || $0 == "-" }
        for (item, itemStart) in word.split(on: ",") {
            let ends = item.split(on: "-")
            guard ends.count <= 2 else {
                let (offset, length) = word.span(itemStart..<(itemStart + item.count))
                throw TimeSpecError(.unknownWeekday, .unreadableRange(item.string, spec: spec, examples: names.examples),
                                    input: input, offset: offset, length: length)
            }
            var days: [Int] = []
            for (end, endStart) in ends {
                let (offset, length) = word.span((itemStart + endStart)..<(itemStart + endStart + max(1, end.count)))
                if case .ambiguous(let candidates) = names.match(end.string) {
                    throw TimeSpecError(.ambiguousWeekday, .ambiguousWeekday(end.string, spec: spec, meanings: candidates.map(names.describe)),
                                        input: input, offset: offset, length: length)
                }
                guard case .day(let day) = names.match(end.string) else {
                    if end.isEmpty {
                        throw TimeSpecError(.unknownWeekday, .missingWeekday(spec: spec, examples: names.examples),
                                            input: input, offset: offset, length: length)
                    }
                    if isList {
                        throw TimeSpecError(.unknownWeekday, .unknownWeekday(end.string, spec: spec, examples: names.examples, suggestion: closestDay(end.string, names: names)),
                                            input: input, offset: offset, length: length)
                    }
                    throw TimeSpecError(.unknownDay, .unknownDay(end.string, spec: spec, examples: names.examples, suggestion: closestWord(end.string, names: names)),
                                        input: input, offset: offset, length: length)
                }
                days.append(day)
            }
            // A range walks forward through the week from its first day to its last.
            var index = days[0]
            selected.insert(mondayFirst[index])
            while index != days[days.count - 1] {
                index = (index + 1) % 7
                selected.insert(mondayFirst[index])
            }
        }
        return mondayFirst.filter(selected.contains)
    }

    private static let groups: [String: [Locale.Weekday]] = [
        "daily": mondayFirst, "everyday": mondayFirst,
        "weekdays": Array(mondayFirst[0..<5]), "weekday": Array(mondayFirst[0..<5]),
        "weekends": [.saturday, .sunday], "weekend": [.saturday, .sunday],
    ]

}

func trimmed(_ input: String) -> String {
    // Foundation's trimmingCharacters(in: .whitespacesAndNewlines), from the standard library.
    guard let first = input.firstIndex(where: { !$0.isWhitespace }), let last = input.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(input[first...last])
}
