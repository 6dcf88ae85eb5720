import FoundationEssentials

/// A date, or a date and a wall-clock time, with no zone: an event's DTSTART, EXDATE, RDATE or
/// RECURRENCE-ID read in the alarm's zone (`AlarmRecord.timeZone`, else the machine's). An
/// all-day value has no time (`secondOfDay == nil`) and floats: it follows the machine's zone.
/// `isUTC` is kept only for an RRULE's UNTIL, which RFC 5545 writes in UTC for zoned events.
///
/// Codable as its iCalendar text (`20260105`, `20260105T090000`, `20261231T225959Z`).
package struct CalendarDateTime: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int
    /// Seconds into the day, 0..<86400; nil for a date.
    package var secondOfDay: Int?
    package var isUTC: Bool

    package init(year: Int, month: Int, day: Int, secondOfDay: Int? = nil, isUTC: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.secondOfDay = secondOfDay
        self.isUTC = isUTC
    }

    package var isDate: Bool { secondOfDay == nil }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or that with `Z`; nil for anything else (an impossible
    /// date, a year outside 1..9999, second 60 is read as 59).
    package init?(text: String) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 8, let year = number(0..<4), year >= 1, let month = number(4..<6), let day = number(6..<8),
              (1...12).contains(month), (1...CalendarDateTime.daysInMonth(month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        if bytes.count == 8 {
            secondOfDay = nil
            isUTC = false
            return
        }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        secondOfDay = hour * 3600 + minute * 60 + min(second, 59)
        isUTC = bytes.count == 16
    }

    package var text: String {
        var out = Self.pad(year, 4) + Self.pad(month, 2) + Self.pad(day, 2)
        if let second = secondOfDay {
            out += "T" + Self.pad(second / 3600, 2) + Self.pad(second / 60 % 60, 2) + Self.pad(second % 60, 2)
            if isUTC { out += "Z" }
        }
        return out
    }

    package var description: String { text }

    /// The same day with no time.
    package var date: CalendarDateTime { CalendarDateTime(year: year, month: month, day: day) }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.secondOfDay ?? -1) < (rhs.year, rhs.month, rhs.day, rhs.secondOfDay ?? -1)
    }

    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = CalendarDateTime(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date (YYYYMMDD[THHMMSS[Z]]): \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// An iCalendar DURATION (RFC 5545 §3.3.6): days (weeks are 7 days) are *nominal*, moving the
/// wall clock by whole days whatever the zone's changes (09:00 one day before is 09:00, also
/// across a DST change); hours, minutes and seconds are *exact*, elapsed time (`-PT24H` across
/// the spring change is 08:00 the day before). Both parts carry the sign.
///
/// Codable as its iCalendar text (`-PT15M`, `P1D`, `-P1DT2H`, `PT0S`).
package struct CalendarDuration: Hashable, Sendable, Codable, CustomStringConvertible {
    package var days: Int
    package var seconds: Int

    package init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    package static let zero = CalendarDuration()

    /// The length in seconds when no day is longer or shorter than 24 h: for bounds and reach.
    package var approximateSeconds: Int { days * 86_400 + seconds }

    package func times(_ factor: Int) -> CalendarDuration { CalendarDuration(days: days * factor, seconds: seconds * factor) }

    /// `-PT10M`, `P1D`, `PT0S`, `P2W`, `-P1DT2H`; nil for anything else or over 100 years.
    package init?(text: String) {
        var scalars = Substring(text)
        var sign = 1
        if scalars.first == "-" { sign = -1; scalars = scalars.dropFirst() } else if scalars.first == "+" { scalars = scalars.dropFirst() }
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        var days = 0, seconds = 0, number: Int?, inTime = false, any = false
        for character in scalars {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = (number ?? 0) * 10 + digit
                guard number! < 100_000_000 else { return nil }
                continue
            }
            if character == "T" { guard number == nil, !inTime else { return nil }; inTime = true; continue }
            guard let value = number else { return nil }
            switch (character, inTime) {
            case ("W", false): days += value * 7
            case ("D", false): days += value
            case ("H", true): seconds += value * 3600
            case ("M", true): seconds += value * 60
            case ("S", true): seconds += value
            default: return nil
            }
            number = nil
            any = true
        }
        guard any, number == nil, days <= 36_600, seconds <= 36_600 * 86_400 else { return nil }
        self.days = sign * days
        self.seconds = sign * seconds
    }

    /// The iCalendar text; a duration whose parts differ in sign (never read from a file) is
    /// written as exact seconds.
    package var text: String {
        var days = self.days, seconds = self.seconds
        if (days < 0 && seconds > 0) || (days > 0 && seconds < 0) {
            seconds += days * 86_400
            days = 0
        }
        if days == 0 && seconds == 0 { return "PT0S" }
        let negative = days < 0 || seconds < 0
        days = abs(days)
        seconds = abs(seconds)
        var out = negative ? "-P" : "P"
        if days > 0 { out += days % 7 == 0 && seconds == 0 ? "\(days / 7)W" : "\(days)D" }
        if seconds > 0 {
            out += "T"
            if seconds >= 3600 { out += "\(seconds / 3600)H" }
            if seconds % 3600 >= 60 { out += "\(seconds % 3600 / 60)M" }
            if seconds % 60 > 0 { out += "\(seconds % 60)S" }
        }
        return out
    }

    package var description: String { text }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = CalendarDuration(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a duration (e.g. -PT15M): \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
