import AlarmCalendar
import Foundation
import Testing
import TestSupport

/// 1,000 damaged files made from good ones (cut short, wrong nesting, huge lines, bad dates,
/// binary junk, control characters): each is refused whole with a message naming a line, and
/// none crashes or half-parses. The damage is drawn from a printed seed (`TestRandom`): a file
/// that breaks the reader is made again with OPENALARMKIT_TEST_SEED.
@Suite(.timeLimit(.minutes(2))) struct DamagedFilesTests {
    let now = instant("2026-11-26T12:00:00Z")

    static func damaged(count: Int, using random: inout TestRandom) throws -> [(kind: String, bytes: [UInt8])] {
        let sources = try ["thunderbird.ics", "gnome-calendar.ics", "nextcloud.ics", "kalarm.ics", "outlook.ics"].map { Array(try fixture($0).utf8) }
        var files: [(String, [UInt8])] = []
        for index in 0..<count {
            let source = sources[index % sources.count]
            let lines = String(decoding: source, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            func join(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n").utf8) }
            let at = Int.random(in: 1..<(lines.count - 1), using: &random)
            switch index % 6 {
            case 0:  // cut short before its last END
                let cut = Int.random(in: 1..<(source.count - 15), using: &random)
                files.append(("truncated", Array(source.prefix(cut))))
            case 1:  // an END that does not match its BEGIN
                var copy = lines
                let ends = copy.indices.filter { copy[$0].hasPrefix("END:") && copy[$0] != "END:VCALENDAR" }
                let end = ends[Int.random(in: 0..<ends.count, using: &random)]
                copy[end] = copy[end] == "END:VEVENT" ? "END:VALARM" : "END:VEVENT"
                files.append(("nesting", join(copy)))
            case 2:  // a line far over the limit
                var copy = lines
                copy.insert("DESCRIPTION:" + String(repeating: "x", count: 300_000 + index), at: at)
                files.append(("huge line", join(copy)))
            case 3:  // a date that is not one
                var copy = lines
                let dated = copy.indices.filter { copy[$0].hasPrefix("DTSTART") && copy[$0].contains(":2") }
                let bad = ["2026-13-45T25:61", "20261345T090000", "20260230T090000", "2026", "20260101T9", "20260101T090000ZZ"]
                for line in dated {
                    let head = copy[line].split(separator: ":", maxSplits: 1)[0]
                    copy[line] = head + ":" + bad[Int.random(in: 0..<bad.count, using: &random)]
                }
                files.append(("bad date", join(copy)))
            case 4:  // binary junk spliced in
                var bytes = source
                let junk = (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) }
                let spot = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: [0xC3, 0x28] + junk, at: spot)  // 0xC3 0x28: never UTF-8
                files.append(("binary", bytes))
            default:  // a control character inside a line
                var copy = lines
                copy[at] += "\u{01}"
                files.append(("control", join(copy)))
            }
        }
        return files
    }

    @Test func aThousandDamagedFilesEachGetAClearError() throws {
        var kinds: [String: Int] = [:]
        var random = TestRandom()
        for (kind, bytes) in try Self.damaged(count: 1000, using: &random) {
            do {
                let results = try ICalendar.parse(bytes, zones: zones, now: now)
                Issue.record("a \(kind) file was read (\(random)): \(results.count) events\n\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
            } catch {
                #expect(error.line > 0, "\(kind) (\(random)): \(error)")
                #expect(error.description.hasPrefix("line \(error.line): "), "\(random)")
                #expect(error.message.count > 10 && error.message.count < 300, "\(kind) (\(random)): \(error)")
                kinds[kind, default: 0] += 1
            }
        }
        #expect(kinds.values.reduce(0, +) == 1000)
        #expect(kinds.count == 6)
    }

    @Test func namesTheLine() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VALARM\r\nEND:VCALENDAR\r\n"
        #expect(throws: ICalendarError.self) { try ICalendar.parse(text, zones: zones, now: now) }
        do { _ = try ICalendar.parse(text, zones: zones, now: now) } catch {
            #expect(error.description == "line 4: END:VALARM where END:VEVENT was expected (BEGIN:VEVENT is on line 2)")
        }
        do { _ = try ICalendar.parse("hello\n", zones: zones, now: now) } catch {
            #expect(error.description == "line 1: HELLO has no ':' before its value")
        }
    }

    /// One reader of DURATION values for the whole codec: a TRIGGER or DURATION it cannot
    /// hold (over 100 years) is refused by the syntax check, with its line, not later by one
    /// path and passed by another.
    @Test func aDurationOverAHundredYearsIsRefusedWithItsLine() throws {
        func file(_ lines: [String]) -> String {
            (["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T090000Z"] + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        }
        let trigger = file(["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P5300W", "END:VALARM"])
        #expect(throws: ICalendarError.self) { try ICalendar.parse(trigger, zones: zones, now: now) }
        do { _ = try ICalendar.parse(trigger, zones: zones, now: now) } catch {
            #expect(error.description == "line 7: TRIGGER '-P5300W' is neither a duration of 100 years or less (-PT10M) nor a UTC date-time")
        }
        let duration = file(["DURATION:P36601D"])
        do { _ = try ICalendar.parse(duration, zones: zones, now: now); Issue.record("read a 100-year DURATION") } catch {
            #expect(error.description == "line 5: DURATION 'P36601D' is not a duration of 100 years or less (e.g. PT1H)")
        }
        // Just under the bound is a duration like any other.
        let results = try ICalendar.parse(file(["DURATION:P5228W", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT5M", "END:VALARM"]), zones: zones, now: now)
        #expect(results.count == 1)
    }
}
