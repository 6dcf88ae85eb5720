import AlarmModel
import FoundationEssentials

/// One content line of an iCalendar file (RFC 5545 §3.1), unfolded: `NAME;PARAM=a,"b":value`.
/// Names and parameter names are uppercased; parameter values keep their case, quotes removed.
/// `line` is the file's line number where the content line starts, for error messages.
struct ContentLine: Sendable {
    var name: String
    var parameters: [(name: String, value: String)]
    var value: String
    var line: Int

    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

/// Splits a whole file into content lines: CRLF or bare LF (what people's tools write), folded
/// lines joined (a line starting with a space or a tab continues the one before), empty lines
/// skipped. Every limit is checked here, before anything else reads the text, so a damaged
/// or hostile file costs a bounded amount of work and memory.
enum ContentLineReader {
    /// The longest unfolded content line: an embedded picture would be longer, and is not
    /// something an alarm needs.
    static let maxLineBytes = 256 * 1024
    static let maxLines = 2_000_000

    static func lines(_ bytes: [UInt8]) throws(ICalendarError) -> [ContentLine] {
        var physical: [(start: Int, end: Int, number: Int)] = []
        var start = 0, number = 1
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                var end = index
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                physical.append((start, end, number))
                number += 1
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { physical.append((start, bytes.count, number)) }
        guard physical.count <= maxLines else { throw ICalendarError(line: maxLines, "more than \(maxLines) lines: not a file of alarms") }

        var result: [ContentLine] = []
        var current: [UInt8] = []
        var currentLine = 0
        func flush() throws(ICalendarError) {
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            result.append(try parse(current, line: currentLine))
        }
        for (start, end, number) in physical {
            if end > start, bytes[start] == 0x20 || bytes[start] == 0x09 {
                guard !current.isEmpty else { throw ICalendarError(line: number, "a folded line (starting with a space) with no line before it") }
                current.append(contentsOf: bytes[(start + 1)..<end])
            } else {
                try flush()
                currentLine = number
                current.append(contentsOf: bytes[start..<end])
            }
            if current.count > maxLineBytes {
                throw ICalendarError(line: currentLine, "a line longer than \(maxLineBytes / 1024) KiB: the file is damaged or not iCalendar")
            }
        }
        try flush()
        return result
    }

    /// `NAME *(";" param) ":" value`; a parameter value may be quoted (and then hold ':' ';' ',').
    static func parse(_ bytes: [UInt8], line: Int) throws(ICalendarError) -> ContentLine {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ICalendarError(line: line, "not UTF-8 text (binary junk, or another encoding)")
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            throw ICalendarError(line: line, "a control character inside a line")
        }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func word() -> String {
            var out = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != ";", scalars[index] != ":", scalars[index] != "=" {
                out.append(scalars[index])
                index += 1
            }
            return String(out)
        }
        let name = word().uppercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || $0 == "-" || ("0"..."9").contains($0) }) else {
            throw ICalendarError(line: line, "'\(String(text.prefix(40)))' is not an iCalendar line (NAME:value)")
        }
        var parameters: [(String, String)] = []
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            let parameter = word().uppercased()
            guard index < scalars.count, scalars[index] == "=", !parameter.isEmpty else {
                throw ICalendarError(line: line, "a parameter of \(name) without '=value'")
            }
            index += 1
            var value = String.UnicodeScalarView()
            var first = true
            repeat {
                if !first { value.append(","); index += 1 }
                first = false
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    while index < scalars.count, scalars[index] != "\"" { value.append(scalars[index]); index += 1 }
                    guard index < scalars.count else { throw ICalendarError(line: line, "an unclosed quote in a parameter of \(name)") }
                    index += 1
                } else {
                    while index < scalars.count, scalars[index] != ";", scalars[index] != ":", scalars[index] != "," {
                        value.append(scalars[index]); index += 1
                    }
                }
            } while index < scalars.count && scalars[index] == ","
            parameters.append((parameter, String(value)))
        }
        guard index < scalars.count, scalars[index] == ":" else {
            throw ICalendarError(line: line, "\(name) has no ':' before its value")
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[(index + 1)...])
        return ContentLine(name: name, parameters: parameters, value: String(value), line: line)
    }
}
