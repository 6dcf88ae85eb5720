import AlarmModel

/// Clock times: `7:30`, `07:30`, `7am`, `7:30pm`, `12am` (midnight), `noon`, `midnight`.
/// No seconds: an alarm's time is hours and minutes, and `1:30:00` reads as a duration.
enum ClockTimeParser {
    typealias Time = Alarm.Schedule.Relative.Time

    /// Whether `word` is meant as a clock time (so errors inside it are clock errors).
    static func looksLikeClockTime(_ word: SpecText) -> Bool {
        let lower = word.lower
        if lower == "noon" || lower == "midnight" { return true }
        guard let first = word.characters.first, isASCIIDigit(first) else { return false }
        let colons = word.characters.filter { $0 == ":" }.count
        return colons == 1 || meridiem(of: lower) != nil
    }

    static func parse(_ word: SpecText, in input: String) throws(TimeSpecError) -> Time {
        let lower = word.lower
        if lower == "noon" { return Time(hour: 12, minute: 0) }
        if lower == "midnight" { return Time(hour: 0, minute: 0) }
        let text = word.string
        func failure(_ kind: TimeSpecError.Kind, _ reason: TimeSpecError.Reason, _ range: Range<Int>) -> TimeSpecError {
            let (offset, length) = word.span(range)
            return TimeSpecError(kind, reason, input: input, offset: offset, length: length)
        }

        let suffix = meridiem(of: lower)
        let body = word.slice(0..<(word.count - (suffix?.count ?? 0)))
        let pieces = body.split(on: ":")
        guard pieces.count <= 2 else {
            throw failure(.badTime, .clockWithSeconds(text), 0..<word.count)
        }
        let hourText = pieces[0].text
        guard !hourText.isEmpty, hourText.characters.allSatisfy(isASCIIDigit) else {
            throw failure(.badTime, .unreadableTime(text), 0..<word.count)
        }
        guard hourText.count <= 2, let hour = Int(hourText.string) else {
            throw failure(.hourOutOfRange, .hourOutOfRange(text, twelveHour: suffix != nil), 0..<hourText.count)
        }
        var minute = 0
        if pieces.count == 2 {
            let minuteText = pieces[1].text
            let start = pieces[1].start
            guard minuteText.count == 2, minuteText.characters.allSatisfy(isASCIIDigit), let value = Int(minuteText.string) else {
                throw failure(.badTime, .minuteDigits(text), start..<(start + max(1, minuteText.count)))
            }
            guard value <= 59 else {
                throw failure(.minuteOutOfRange, .minuteOutOfRange(text), start..<(start + 2))
            }
            minute = value
        }
        guard let suffix else {
            guard hour <= 23 else { throw failure(.hourOutOfRange, .hourOutOfRange(text, twelveHour: false), 0..<hourText.count) }
            return Time(hour: hour, minute: minute)
        }
        guard (1...12).contains(hour) else {
            throw failure(.hourOutOfRange, .hourOutOfRange(text, twelveHour: true), 0..<hourText.count)
        }
        let isAfternoon = suffix.hasPrefix("p")
        return Time(hour: hour % 12 + (isAfternoon ? 12 : 0), minute: minute)
    }

    /// The am/pm ending of a lowercased word, if any.
    private static func meridiem(of lower: String) -> String? {
        ["a.m.", "p.m.", "am", "pm"].first { lower.hasSuffix($0) && lower.count > $0.count }
    }
}
