import AlarmModel
import AlarmCore
import FoundationEssentials

/// An RRULE's parts (`FREQ=WEEKLY;BYDAY=MO,WE`), uppercased names, values as written.
struct RecurrenceRule {
    var parts: [String: String] = [:]

    init(_ text: String) {
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parts[pair[0].uppercased()] = String(pair[1]).uppercased()
        }
    }

    static let dayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// `-1SU` → (-1, 0); `2SU` → (2, 0); `MO` → (nil, 1).
    static func ordinalDay(_ text: String) -> (ordinal: Int?, weekday: Int)? {
        guard text.count >= 2, let weekday = dayCodes.firstIndex(of: String(text.suffix(2))) else { return nil }
        let prefix = text.dropLast(2)
        if prefix.isEmpty { return (nil, weekday) }
        guard let ordinal = Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)), ordinal != 0, abs(ordinal) <= 5 else { return nil }
        return (ordinal, weekday)
    }

    /// The `n`th (or, negative, last-but) `weekday` (0 = Sunday) of a month.
    static func nthWeekday(_ n: Int?, _ weekday: Int, month: Int, year: Int) -> LocalDate? {
        guard let n else { return nil }
        if n > 0 {
            let first = LocalDate(year: year, month: month, day: 1)
            let day = 1 + (weekday - first.weekdayIndex + 7) % 7 + (n - 1) * 7
            return day <= LocalDate.daysInMonth(month, year: year) ? LocalDate(year: year, month: month, day: day) : nil
        }
        let lastDay = LocalDate.daysInMonth(month, year: year)
        let last = LocalDate(year: year, month: month, day: lastDay)
        let day = lastDay - (last.weekdayIndex - weekday + 7) % 7 + (n + 1) * 7
        return day >= 1 ? LocalDate(year: year, month: month, day: day) : nil
    }
}
