import AlarmModel
import AlarmCore
import FoundationEssentials

/// A DATE-TIME or DATE value as written (RFC 5545 §3.3.4-5): the local fields, and whether it
/// is UTC (`Z`). Which zone a local one is in comes from its TZID, else it floats.
struct ICalDateTime: Hashable, Sendable {
    var date: LocalDate
    /// Seconds into the day; nil for a DATE (an all-day value).
    var secondOfDay: Int?
    var isUTC: Bool

    /// `20261126T090000`, `20261126T090000Z` or `20261126`; nil if it is none of them (read by
    /// the model's one reader of these values, `CalendarDateTime`).
    init?(_ text: String) {
        guard let value = CalendarDateTime(text: text) else { return nil }
        self.init(date: LocalDate(year: value.year, month: value.month, day: value.day), secondOfDay: value.secondOfDay, isUTC: value.isUTC)
    }

    init(date: LocalDate, secondOfDay: Int?, isUTC: Bool) {
        self.date = date
        self.secondOfDay = secondOfDay
        self.isUTC = isUTC
    }

    var text: String {
        var out = pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
        if let second = secondOfDay {
            out += "T" + pad(second / 3600, 2) + pad(second / 60 % 60, 2) + pad(second % 60, 2)
            if isUTC { out += "Z" }
        }
        return out
    }

    /// The instant of a UTC value, or of a local one in `zone` (a gap shifts forward, an
    /// overlap takes the first: our policy, the same as for alarms).
    func instant(in zone: ZoneRules) -> Date {
        let seconds = secondOfDay ?? 0
        if isUTC { return Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + seconds)) }
        return FireTimeCalendar(timeZone: zone).instant(of: date, hour: 0, minute: 0, second: seconds)
    }

    /// The UTC value of an instant (whole seconds).
    static func utc(_ instant: Date) -> ICalDateTime {
        let seconds = Int(clampingFinite: instant.timeIntervalSince1970.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return ICalDateTime(date: LocalDate(dayNumber: day), secondOfDay: seconds - day * 86_400, isUTC: true)
    }

    /// The wall-clock value of an instant in `zone`.
    static func local(_ instant: Date, in zone: ZoneRules) -> ICalDateTime {
        var value = utc(instant + Double(zone.secondsFromGMT(for: instant)))
        value.isUTC = false
        return value
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// TEXT values (RFC 5545 §3.3.11): `\\`, `\;`, `\,` and `\n` escaped.
enum ICalText {
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = "", escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n", "N": out.append("\n")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(character)
            }
        }
        return out
    }
}

/// Writes content lines: CRLF, folded at 75 octets without splitting a UTF-8 character
/// (RFC 5545 §3.1).
struct ICalWriter {
    private(set) var text = ""

    mutating func line(_ name: String, _ value: String, _ parameters: [(String, String)] = []) {
        var line = name
        for (key, parameterValue) in parameters {
            let parameterValue = String(parameterValue.filter { $0 != "\"" })  // cannot be quoted
            let needsQuotes = parameterValue.contains { $0 == ":" || $0 == ";" || $0 == "," }
            line += ";" + key + "=" + (needsQuotes ? "\"" + parameterValue + "\"" : parameterValue)
        }
        rawLine(line + ":" + value)
    }

    /// An unfolded content line as it is (`NAME;PARAM=x:value`), folded.
    mutating func rawLine(_ line: String) {
        var count = 0
        for character in line {
            let size = character.utf8.count
            if count + size > 75 {
                text += "\r\n "
                count = 1
            }
            text.append(character)
            count += size
        }
        text += "\r\n"
    }
}
