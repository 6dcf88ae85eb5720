import FoundationEssentials

/// A date on the proleptic Gregorian calendar with no time zone: the "nominal local date"
/// of the fire-time policy. Converting to and from a day count is pure integer arithmetic,
/// which is what keeps `FireTimeCalendar` fast (no `DateComponents`, no ICU).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Count from a March-based year so the leap day is the last day of its year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = marchYear >= 0 ? marchYear / 400 : (marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = shifted >= 0 ? shifted / 146_097 : (shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        self.month = month
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// 0 = Sunday ... 6 = Saturday; 1970-01-01 was a Thursday.
    public var weekdayIndex: Int { LocalDate.weekdayIndex(ofDayNumber: dayNumber) }

    public var weekday: Locale.Weekday { LocalDate.weekdaysSundayFirst[weekdayIndex] }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public var description: String {
        let sign = year < 0 ? "-" : ""
        return sign + pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    static func weekdayIndex(ofDayNumber dayNumber: Int) -> Int {
        let index = (dayNumber + 4) % 7
        return index < 0 ? index + 7 : index
    }

    package static let weekdaysSundayFirst: [Locale.Weekday] = [
        .sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday,
    ]
}

/// Zero-padded decimal, without Foundation's `String(format:)` (slow, and C varargs).
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// Floor division: rounds toward minus infinity, unlike `/`.
func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
