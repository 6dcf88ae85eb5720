import FoundationEssentials

/// An RFC 5545 RRULE, the parts calendars write: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY),
/// INTERVAL, COUNT or UNTIL, BYDAY (with ordinals: `1MO`, `-1FR`), BYMONTHDAY (negative from
/// the month's end), BYMONTH, BYSETPOS, WKST. Sub-daily frequencies and BYHOUR, BYMINUTE,
/// BYSECOND, BYWEEKNO, BYYEARDAY are refused with a reason (`Unsupported`). AlarmCore expands it.
///
/// Codable as its RRULE text, in one canonical order (`text`).
package struct RecurrenceRule: Hashable, Sendable, Codable, CustomStringConvertible {
    package enum Frequency: String, Hashable, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A BYDAY entry: a weekday (0 = Sunday ... 6 = Saturday), with an ordinal in MONTHLY and
    /// YEARLY rules (`2TU`: the second Tuesday; `-1FR`: the last Friday); 0 means every one.
    package struct WeekdayNumber: Hashable, Sendable {
        package var ordinal: Int
        package var weekday: Int
        package init(ordinal: Int = 0, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
        package var text: String { (ordinal != 0 ? "\(ordinal)" : "") + RecurrenceRule.dayCodes[weekday] }
    }

    package var frequency: Frequency
    package var interval: Int
    package var count: Int?
    /// The last instant (UTC) or wall time (local, or a date for all-day events) a series may start.
    package var until: CalendarDateTime?
    package var byDay: [WeekdayNumber]
    package var byMonthDay: [Int]
    package var byMonth: [Int]
    package var bySetPosition: [Int]
    /// The first day of the week (0 = Sunday); RFC 5545's default is Monday. It decides which
    /// weeks a WEEKLY rule with an INTERVAL counts.
    package var weekStart: Int

    package init(frequency: Frequency, interval: Int = 1, count: Int? = nil, until: CalendarDateTime? = nil,
                 byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [], byMonth: [Int] = [], bySetPosition: [Int] = [], weekStart: Int = 1) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
    }

    package static let dayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The most a COUNT or INTERVAL may be; more is no calendar's and would only cost time.
    package static let maxCount = 100_000
    package static let maxInterval = 1000

    /// Why a rule cannot ring here, in words a person understands.
    package struct Unsupported: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is refused: a frequency or a part this program does not follow, or a rule that
        /// breaks RFC 5545 (`invalid`).
        package enum Kind: Hashable, Sendable {
            /// FREQ=HOURLY, MINUTELY, SECONDLY or an unknown one, as written.
            case frequency(String)
            /// BYHOUR, BYMINUTE, BYSECOND, BYWEEKNO, BYYEARDAY or an unknown part, as written.
            case part(String)
            case invalid
        }

        package var kind: Kind
        /// In English, for logs and the codec's errors.
        package var reason: String
        package init(_ reason: String, _ kind: Kind = .invalid) {
            self.reason = reason
            self.kind = kind
        }
        package var description: String { reason }
    }

    /// Reads `FREQ=MONTHLY;BYDAY=1MO;COUNT=10` (parts in any order, names in any case).
    package init(text: String) throws(Unsupported) {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw Unsupported("its repeat rule has a part without a value ('\(part.prefix(40))')") }
            let name = pair[0].uppercased()
            guard parts[name] == nil else { throw Unsupported("its repeat rule names \(name) twice") }
            parts[name] = String(pair[1]).uppercased()
        }
        guard let freq = parts["FREQ"] else { throw Unsupported("its repeat rule has no FREQ") }
        guard let frequency = Frequency(rawValue: freq) else {
            switch freq {
            case "HOURLY", "MINUTELY", "SECONDLY":
                throw Unsupported("it repeats more than once a day (FREQ=\(freq)); alarms repeat at most daily", .frequency(freq))
            default:
                throw Unsupported("its repeat rule has an unknown frequency '\(freq.prefix(20))'", .frequency(String(freq.prefix(20))))
            }
        }
        for name in parts.keys.sorted() where !["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"].contains(name) {
            switch name {
            case "BYHOUR", "BYMINUTE", "BYSECOND":
                throw Unsupported("it rings at several times of a day (\(name)); alarms ring once a day at most", .part(name))
            case "BYWEEKNO":
                throw Unsupported("it repeats in numbered weeks of the year (BYWEEKNO), which no alarm here follows", .part(name))
            case "BYYEARDAY":
                throw Unsupported("it repeats on numbered days of the year (BYYEARDAY), which no alarm here follows", .part(name))
            default:
                throw Unsupported("its repeat rule has a part this program does not know (\(name.prefix(20)))", .part(String(name.prefix(20))))
            }
        }
        func integer(_ name: String, _ range: ClosedRange<Int>) throws(Unsupported) -> Int? {
            guard let value = parts[name] else { return nil }
            guard let number = Int(value.hasPrefix("+") ? String(value.dropFirst()) : value), range.contains(number) else {
                throw Unsupported("its repeat rule's \(name) '\(value.prefix(20))' is not a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        func list(_ name: String, _ range: ClosedRange<Int>) throws(Unsupported) -> [Int] {
            guard let value = parts[name] else { return [] }
            var numbers: [Int] = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(item.hasPrefix("+") ? String(item.dropFirst()) : String(item)), range.contains(number), number != 0 else {
                    throw Unsupported("its repeat rule's \(name) has '\(item.prefix(20))', not a number from \(range.lowerBound) to \(range.upperBound) (and not 0)")
                }
                if !numbers.contains(number) { numbers.append(number) }
            }
            return numbers
        }
        self.frequency = frequency
        if let value = parts["WKST"] {
            guard let day = Self.dayCodes.firstIndex(of: value) else { throw Unsupported("its repeat rule's WKST '\(value.prefix(20))' is not a day (MO...SU)") }
            weekStart = day
        } else {
            weekStart = 1
        }
        interval = try integer("INTERVAL", 1...Self.maxInterval) ?? 1
        count = try integer("COUNT", 1...Self.maxCount)
        if let value = parts["UNTIL"] {
            guard let until = CalendarDateTime(text: value) else {
                throw Unsupported("its repeat rule's UNTIL '\(value.prefix(20))' is not a date (YYYYMMDD or YYYYMMDDTHHMMSS[Z])")
            }
            self.until = until
        } else {
            until = nil
        }
        if count != nil && until != nil { throw Unsupported("its repeat rule has both COUNT and UNTIL, which RFC 5545 forbids") }
        byMonthDay = try list("BYMONTHDAY", -31...31)
        byMonth = try list("BYMONTH", 1...12)
        bySetPosition = try list("BYSETPOS", -366...366)
        byDay = []
        if let value = parts["BYDAY"] {
            for code in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Self.weekdayNumber(String(code)) else {
                    throw Unsupported("its repeat rule's BYDAY has '\(code.prefix(20))', not a day (MO, 1MO, -1FR)")
                }
                if day.ordinal != 0 && !(frequency == .monthly || frequency == .yearly) {
                    throw Unsupported("its repeat rule picks '\(code)' (a numbered weekday) in a \(frequency.rawValue.lowercased()) rule, which RFC 5545 allows only monthly or yearly")
                }
                if day.ordinal != 0 && frequency == .yearly && abs(day.ordinal) > 5 && !byMonth.isEmpty {
                    throw Unsupported("its repeat rule picks '\(code)' within a month, which has at most 5 of each weekday")
                }
                if !byDay.contains(day) { byDay.append(day) }
            }
        }
        // BYDAY is a set: kept in week order from WKST (libical writes it so), so that a rule
        // reads the same whatever order a client wrote it in.
        let start = weekStart
        byDay.sort { (($0.weekday - start + 7) % 7, $0.ordinal) < (($1.weekday - start + 7) % 7, $1.ordinal) }
        if !bySetPosition.isEmpty && byDay.isEmpty && byMonthDay.isEmpty && byMonth.isEmpty {
            throw Unsupported("its repeat rule has BYSETPOS without a BYDAY, BYMONTHDAY or BYMONTH to pick from")
        }
        if !byMonthDay.isEmpty && frequency == .weekly {
            throw Unsupported("its repeat rule has BYMONTHDAY in a weekly rule, which RFC 5545 forbids")
        }
    }

    /// `-1SU` -> (-1, 0); `2SU` -> (2, 0); `MO` -> (0, 1); nil for anything else.
    package static func weekdayNumber(_ text: String) -> WeekdayNumber? {
        guard text.count >= 2, let weekday = dayCodes.firstIndex(of: String(text.suffix(2))) else { return nil }
        let prefix = text.dropLast(2)
        if prefix.isEmpty { return WeekdayNumber(weekday: weekday) }
        guard let ordinal = Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)), ordinal != 0, abs(ordinal) <= 53 else { return nil }
        return WeekdayNumber(ordinal: ordinal, weekday: weekday)
    }

    /// The RRULE value, parts in one order: FREQ, INTERVAL (when not 1), COUNT or UNTIL,
    /// BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS, WKST (when not Monday).
    package var text: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + until.text) }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.text).joined(separator: ",")) }
        if !bySetPosition.isEmpty { parts.append("BYSETPOS=" + bySetPosition.map(String.init).joined(separator: ",")) }
        if weekStart != 1 { parts.append("WKST=" + Self.dayCodes[weekStart]) }
        return parts.joined(separator: ";")
    }

    package var description: String { text }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { self = try RecurrenceRule(text: text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.reason))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
