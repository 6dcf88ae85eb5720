import Foundation
import Testing
import TestSupport

/// `alarmctl list` and `list --json` on a varied set of alarms (every kind of repeat, timers,
/// paused, turned off, skipping, wide, combining and escaped titles), against references
/// rebuilt here the way the output was always made: JSONEncoder for `--json`, and for the
/// table columns padded to their widest cell in terminal cells, two spaces apart.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ListOutputTests {
    private static let titles = [
        "Plain", "Réveil ⏰ 🦉", "日本語のタイトル", "e\u{301}clair cafe\u{301}", "quote \" back\\slash / slash",
        "family 👩‍👩‍👧 flag 🇩🇪", "tab\there", "  spaced  out  ",
    ]

    /// Each non-ASCII title's width in terminal cells, as a terminal that follows Unicode draws
    /// it (and Python's wcwidth 0.7.0 counts it): wide CJK and emoji 2, a ZWJ family or a flag
    /// one emoji, a combining accent 0. A count of characters is wrong for all but one.
    private static let cells: [String: Int] = [
        "Réveil ⏰ 🦉": 12, "日本語のタイトル": 16, "e\u{301}clair cafe\u{301}": 11, "family 👩‍👩‍👧 flag 🇩🇪": 17,
    ]

    private func width(_ text: String) -> Int {
        if let cells = Self.cells[text] { return cells }
        let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(text) needs its width in `cells`")
        return text.count
    }

    private func variedDaemon() throws -> CLIDaemon {
        let daemon = try CLIDaemon()
        try daemon.start()
        let specs: [[String]] = [
            ["add", "tomorrow", "7:00"], ["add", "weekdays", "6:30"], ["add", "weekends", "10:00", "--sound", "Chime"],
            ["add", "daily", Self.twelveHoursAhead(), "--countdown", "10m"], ["add", "mon,wed,fri", "8:15"], ["add", "sun,sat,tue", "23:59"],
            ["timer", "2h"], ["timer", "90s"], ["add", CLIDaemon.dateAhead(years: 5, month: 6, day: 9), "09:41", "--no-snooze"], ["add", "daily", "12:00"],
        ]
        for (index, spec) in specs.enumerated() {
            let result = try Subprocess.run(
                BuildProducts.path("alarmctl"), spec + ["--title", Self.titles[index % Self.titles.count]], environment: daemon.environment)
            #expect(result.termination.status == 0, "\(spec): \(result.stderr)")
        }
        let alarms = try daemon.alarms()
        func id(titled wanted: String, schedule: Bool = true) throws -> String {
            let alarm = try #require(alarms.first { ($0["schedule"] != nil) == schedule && title(of: $0) == wanted })
            return String((alarm["id"] as! String).prefix(8))
        }
        #expect(try daemon.alarmctl("pause", try id(titled: Self.titles[6], schedule: false)).status == 0)
        #expect(try daemon.alarmctl("disable", try id(titled: Self.titles[0])).status == 0)
        #expect(try daemon.alarmctl("skip", try id(titled: Self.titles[1])).status == 0)
        return daemon
    }

    /// A daily time whose 10-minute countdown has not begun (its "(counting down from …)" is
    /// checked): half a day from now in the daemon's zone (UTC), never the minutes before it.
    private static func twelveHoursAhead() -> String {
        let minutes = (Int(Date().timeIntervalSince1970) / 60 + 12 * 60) % 1440
        return String(format: "%d:%02d", minutes / 60, minutes % 60)
    }

    private func title(of alarm: [String: Any]) -> String? {
        ((alarm["presentation"] as? [String: Any])?["alert"] as? [String: Any])?["title"] as? String
    }

    @Test func jsonIsWhatJSONEncoderWrites() throws {
        let daemon = try variedDaemon()
        let json = try daemon.alarmctl("list", "--json")
        #expect(json.status == 0, "\(json.err)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let records = try decoder.decode([Record].self, from: Data(json.out.utf8))
        #expect(records.count == 10)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        #expect(json.out == String(decoding: try encoder.encode(records), as: UTF8.self) + "\n")
    }

    @Test func tableColumnsLineUpInTerminalCells() throws {
        let daemon = try variedDaemon()
        let alarms = try daemon.alarms()
        let table = try daemon.alarmctl("list")
        #expect(table.status == 0, "\(table.err)")
        let lines = table.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == alarms.count + 1)

        // The first four columns as they must read, in the order of `--json` (the same order);
        // the state in people's words, where `--json` has the wire's.
        let header = ["ID", "STATE", "REPEATS", "TITLE"]
        let words = ["countdown": "counting down", "alerting": "ringing"]
        let rows = alarms.map { alarm -> [String] in
            let phase = (alarm["phase"] as! [String: Any]).keys.first!
            return [
                String((alarm["id"] as! String).prefix(8)).lowercased(),
                alarm["disabledAt"] != nil ? "off" : words[phase] ?? phase,
                repeats(alarm["schedule"] as? [String: Any]),
                title(of: alarm)!.replacingOccurrences(of: "\t", with: "\\x09"),
            ]
        }
        let widths = (0..<4).map { column in ([header] + rows).map { width($0[column]) }.max()! }
        for (line, row) in zip(lines, [header] + rows) {
            let prefix = zip(row, widths).map { $0 + String(repeating: " ", count: $1 - width($0)) + "  " }.joined()
            #expect(line.hasPrefix(prefix), "\(line.debugDescription) should start \(prefix.debugDescription)")
            let next = line.dropFirst(prefix.count)
            #expect(next == "NEXT" || ["rings ", "paused with ", "ringing since ", "snoozed until ", "off; turn it on", "off since its date"].contains { next.hasPrefix($0) }, "\(line)")
        }
        #expect(lines.contains { $0.contains("(skips ") })
        #expect(lines.contains { $0.contains("(counting down from 10 min before)") })
    }

    /// REPEATS as the C locale writes it (the words the window's rows use too).
    private func repeats(_ schedule: [String: Any]?) -> String {
        guard let schedule else { return "Timer" }
        guard let relative = schedule["relative"] as? [String: Any],
            let weekly = (relative["repeats"] as? [String: Any])?["weekly"] as? [String]
        else { return "Once" }
        let days = Set(weekly)
        if days.count == 7 { return "Every day" }
        if days == ["mon", "tue", "wed", "thu", "fri"] { return "Weekdays" }
        if days == ["sat", "sun"] { return "Weekends" }
        return ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].filter(days.contains).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: ", ")
    }
}

/// A record as JSON carries it, for the round trip through JSONEncoder (the CLI tests do not
/// link OpenAlarmKit): every value kept as decoded.
private struct Record: Codable {
    let fields: [String: JSONValue]

    init(from decoder: any Decoder) throws { fields = try decoder.singleValueContainer().decode([String: JSONValue].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }
}

private enum JSONValue: Codable {
    case string(String), number(Double), bool(Bool), object([String: JSONValue]), array([JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        }
    }
}
