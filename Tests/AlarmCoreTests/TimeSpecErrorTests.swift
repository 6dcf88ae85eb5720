import Foundation
import AlarmModel
import AlarmSystem
import Testing

@testable import AlarmCore

/// A spec that must be refused: the kind, the exact characters pointed at, and (where given)
/// the exact message.
struct BadSpec: CustomTestStringConvertible, Sendable {
    let text: String
    let kind: TimeSpecError.Kind
    let offset: Int
    let length: Int
    var message: String? = nil
    var testDescription: String { "'\(text)' -> \(kind)" }
}

let badSpecs = [
    BadSpec(text: "", kind: .empty, offset: 0, length: 1),
    BadSpec(text: "   ", kind: .empty, offset: 0, length: 1),
    BadSpec(text: "mno-fri 6:30", kind: .unknownWeekday, offset: 0, length: 3,
            message: "unknown weekday 'mno' in 'mno-fri 6:30': did you mean 'mon'?"),
    BadSpec(text: "xyz-fri 6:30", kind: .unknownWeekday, offset: 0, length: 3,
            message: "unknown weekday 'xyz' in 'xyz-fri 6:30' (use mon, tue, ..., or daily, weekdays, weekends)"),
    BadSpec(text: "mon-frx 6:30", kind: .unknownWeekday, offset: 4, length: 3),
    BadSpec(text: "mon, wdd 7:00", kind: .unknownWeekday, offset: 5, length: 3),
    BadSpec(text: "mon,,fri 7:00", kind: .unknownWeekday, offset: 4, length: 1,
            message: "missing weekday in 'mon,,fri 7:00' (use mon, tue, ..., or daily, weekdays, weekends)"),
    BadSpec(text: "mon-tue-wed 7:00", kind: .unknownWeekday, offset: 0, length: 11),
    BadSpec(text: "tmorrow 7:00", kind: .unknownDay, offset: 0, length: 7),
    BadSpec(text: "25:00", kind: .hourOutOfRange, offset: 0, length: 2, message: "25:00: hour must be 0-23"),
    BadSpec(text: "weekdays 25:00", kind: .hourOutOfRange, offset: 9, length: 2, message: "25:00: hour must be 0-23"),
    BadSpec(text: "7:60", kind: .minuteOutOfRange, offset: 2, length: 2, message: "7:60: minute must be 0-59"),
    BadSpec(text: "13pm", kind: .hourOutOfRange, offset: 0, length: 2, message: "13pm: hour must be 1-12 with am/pm"),
    BadSpec(text: "0am", kind: .hourOutOfRange, offset: 0, length: 1),
    BadSpec(text: "7:5", kind: .badTime, offset: 2, length: 1),
    BadSpec(text: "7:", kind: .badTime, offset: 2, length: 1),
    BadSpec(text: "x7:30", kind: .unknownWord, offset: 0, length: 5),
    BadSpec(text: "7:3x", kind: .badTime, offset: 2, length: 2),
    BadSpec(text: "7", kind: .ambiguousNumber, offset: 0, length: 1,
            message: "'7' could be a time or a duration: write 7:00 for a time, 7m for in 7 minutes (a number alone counts minutes only where no time can go: timer 5, --snooze 9)"),
    BadSpec(text: "tomorrow 7", kind: .ambiguousNumber, offset: 9, length: 1),
    BadSpec(text: "weekdays", kind: .missingTime, offset: 8, length: 1,
            message: "missing time after 'weekdays' (e.g. weekdays 7:30)"),
    BadSpec(text: "tomorrow", kind: .missingTime, offset: 8, length: 1),
    BadSpec(text: "2026-06-09", kind: .missingTime, offset: 10, length: 1),
    BadSpec(text: "weekdays soon", kind: .missingTime, offset: 9, length: 4),
    BadSpec(text: "blah", kind: .unknownWord, offset: 0, length: 4),
    BadSpec(text: "weekdays 6:30 extra", kind: .unexpectedWord, offset: 14, length: 5),
    BadSpec(text: "2026-13-01 9:00", kind: .monthOutOfRange, offset: 5, length: 2, message: "2026-13-01: month must be 1-12"),
    BadSpec(text: "2026-02-30 9:00", kind: .dayOutOfRange, offset: 8, length: 2,
            message: "2026-02-30: day must be 1-28 in February 2026"),
    BadSpec(text: "2028-02-30 9:00", kind: .dayOutOfRange, offset: 8, length: 2,
            message: "2028-02-30: day must be 1-29 in February 2028"),
    BadSpec(text: "2026-06-31 9:00", kind: .dayOutOfRange, offset: 8, length: 2),
    BadSpec(text: "2026-06-09x 9:00", kind: .badDate, offset: 10, length: 1),
    BadSpec(text: "2026-06-09T09:41:00+25:00", kind: .badOffset, offset: 19, length: 6),
    BadSpec(text: "2026-06-09T09:41:00 +02:00", kind: .unexpectedWord, offset: 20, length: 6),
    BadSpec(text: "2026-06-09T09:41:00Zx", kind: .badDate, offset: 20, length: 1),
    BadSpec(text: "2026-06-09T9:41", kind: .badTime, offset: 11, length: 1),
    BadSpec(text: "2026-06-09T24:00Z", kind: .hourOutOfRange, offset: 11, length: 2),
    BadSpec(text: "2026-06-09T09:60Z", kind: .minuteOutOfRange, offset: 14, length: 2),
    BadSpec(text: "2026-06-09T09:41:61Z", kind: .secondOutOfRange, offset: 17, length: 2),
    BadSpec(text: "today 9:00", kind: .inPast, offset: 0, length: 10,
            message: "'today 9:00' is 2026-06-08T09:00:00+02:00, already past (now is 2026-06-08T10:00:00+02:00)"),
    BadSpec(text: "2020-01-01 09:00", kind: .inPast, offset: 0, length: 16),
    BadSpec(text: "2026-06-08T08:00:00Z", kind: .inPast, offset: 0, length: 20),
    BadSpec(text: "5x", kind: .unknownUnit, offset: 1, length: 1,
            message: "unknown unit 'x' in '5x' (units are d, h, m, s; use 90s, 5m, 1h30m or 1:30:00)"),
    BadSpec(text: "1h1h", kind: .repeatedUnit, offset: 3, length: 1),
    BadSpec(text: "0s", kind: .durationOutOfRange, offset: 0, length: 2,
            message: "'0s' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)"),
    BadSpec(text: "-5m", kind: .badDuration, offset: 0, length: 1, message: "'-5m' is negative: a duration counts forward from now (write 5m)"),
    BadSpec(text: "in -1h30m", kind: .badDuration, offset: 3, length: 1, message: "'-1h30m' is negative: a duration counts forward from now (write 1h30m)"),
    BadSpec(text: "400d", kind: .durationOutOfRange, offset: 0, length: 4),
    BadSpec(text: "99999999999999999999s", kind: .durationOutOfRange, offset: 0, length: 20),
    BadSpec(text: "in", kind: .missingDuration, offset: 3, length: 1),
    BadSpec(text: "in 5 parsecs", kind: .unknownUnit, offset: 5, length: 7),
    BadSpec(text: "in 5m x", kind: .badDuration, offset: 6, length: 1),
    BadSpec(text: "1:30:60", kind: .badDuration, offset: 5, length: 2),
    BadSpec(text: "1:3:00", kind: .badDuration, offset: 2, length: 1),
    BadSpec(text: "7:30:00 tomorrow", kind: .badDuration, offset: 8, length: 8),
    // Repeats beyond weekdays.
    BadSpec(text: "every 2 weeks 7:00 until", kind: .badDate, offset: 19, length: 5,
            message: "missing date after 'until' (e.g. until 2026-12-31)"),
    BadSpec(text: "every 2 weeks 7:00 until soon", kind: .badDate, offset: 25, length: 4,
            message: "can't read date 'soon' after 'until' (write dates as YYYY-MM-DD, e.g. 2026-06-09)"),
    BadSpec(text: "weekdays 6:30 until 2026-06-01", kind: .inPast, offset: 0, length: 30,
            message: "'until 2026-06-01' is before the first time it would ring (2026-06-09)"),
    BadSpec(text: "daily 7:00 100001 times", kind: .unexpectedWord, offset: 11, length: 6, message: "100001 times: at most 100000 times"),
    BadSpec(text: "every 0 days 9:00", kind: .unexpectedWord, offset: 6, length: 1, message: "every 0: write every 1 to every 1000"),
    BadSpec(text: "every 2 weeks", kind: .missingTime, offset: 13, length: 1),
    BadSpec(text: "until 2027-01-01 7:00", kind: .missingTime, offset: 0, length: 21),
    BadSpec(text: "every 9:00", kind: .missingTime, offset: 0, length: 5, message: "missing days, weeks, months or years after 'every'"),
    BadSpec(text: "every 2 fortnights 9:00", kind: .unknownWord, offset: 8, length: 10),
    BadSpec(text: "first monday of each year 9:00", kind: .unknownWord, offset: 21, length: 4,
            message: "can't read 'year' (e.g. first monday of each month 9:00)"),
    BadSpec(text: "2026-06-09 9:00 until 2026-07-01", kind: .unknownWord, offset: 0, length: 10),
    BadSpec(text: "every 2 weeks xyz 7:00", kind: .unknownWeekday, offset: 14, length: 3,
            message: "can't read 'xyz' as days of the week (use mon, tue, ..., or daily, weekdays, weekends)"),
    BadSpec(text: "monthly on the 32nd 9:00", kind: .unknownDay, offset: 15, length: 4,
            message: "can't read '32nd' as a day of the month (15th, last day, first monday)"),
    BadSpec(text: "yearly on 3 9:00", kind: .badDate, offset: 10, length: 1, message: "3: give the day and the month (3 may, may 3)"),
    BadSpec(text: "yearly on 3 foo 9:00", kind: .monthOutOfRange, offset: 12, length: 3,
            message: "can't read 'foo' as a month (january ... december, jan ... dec)"),
    BadSpec(text: "yearly on 31 feb 9:00", kind: .dayOutOfRange, offset: 10, length: 2, message: "can't read '31' as a day of that month"),
    BadSpec(text: "monthly on the 15th 9:00 extra", kind: .unexpectedWord, offset: 25, length: 5),
]

@Suite(.timeLimit(.minutes(1))) struct TimeSpecErrorTests {
    @Test(arguments: badSpecs)
    func refusedWithAPointer(_ bad: BadSpec) {
        do {
            let spec = try TimeSpec.parse(bad.text, now: instant("2026-06-08T10:00:00+02:00"), timeZone: zone("Europe/Berlin"))
            Issue.record("accepted as \(spec)")
        } catch {
            #expect(error.kind == bad.kind, "\(error.message)")
            #expect(error.offset == bad.offset, "\(error.pointer)")
            #expect(error.length == bad.length, "\(error.pointer)")
            if let message = bad.message { #expect(error.message == message) }
            #expect(error.input == bad.text)
        }
    }

    @Test func everyErrorKindIsExercised() {
        let specKinds = Set(badSpecs.map(\.kind))
        let durationOnly: Set<TimeSpecError.Kind> = [.badDuration]
        let localeOnly: Set<TimeSpecError.Kind> = [.ambiguousWeekday]  // WeekdayNamesTests
        #expect(specKinds.union(durationOnly).union(localeOnly) == Set(TimeSpecError.Kind.allCases))
    }

    @Test func pointerPutsCaretsUnderTheBadPart() throws {
        let error = try #require(throws: TimeSpecError.self) {
            try TimeSpec.parse("mon,\tfrx 6:30", now: .now, timeZone: zone("UTC"))
        }
        #expect(error.pointer == "mon, frx 6:30\n     ^^^")
    }

    @Test(arguments: [
        ("", TimeSpecError.Kind.missingDuration), ("abc", .badDuration), ("5:60", .badDuration), ("0", .durationOutOfRange),
        ("99999999999999999999", .durationOutOfRange), ("5m5m", .repeatedUnit), ("1:2:3:4", .badDuration), ("5 furlongs", .unknownUnit),
        ("-5m", .badDuration),
    ])
    func badDurations(_ text: String, _ kind: TimeSpecError.Kind) {
        #expect { try TimeSpec.parseDuration(text) } throws: { ($0 as? TimeSpecError)?.kind == kind }
    }

    /// Random input never crashes, and every refusal points inside (or just past) the input.
    @Test func randomInputNeverCrashes() {
        var random = SplitMix64(seed: 0x0A1A_2B3C)
        let alphabet = Array("0123456789:::---,,, amptTzZ+.hmsdinowkfrsaeyu2026-06-09T\u{00E9}\u{1F600}\u{0130}\t\n")
        let words = ["daily", "weekdays", "mon", "fri", "tomorrow", "today", "noon", "in", "7:30", "2026-06-09", "am", "pm", "1h", "at"]
        let now = instant("2026-06-08T10:00:00+02:00")
        let (apia, berlin) = (zone("Pacific/Apia"), zone("Europe/Berlin"))
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 24) {
                text += random.next() % 4 == 0
                    ? words[Int(random.next() % UInt64(words.count))] + " "
                    : String(alphabet[Int(random.next() % UInt64(alphabet.count))])
            }
            // Separate do/catch blocks: an array of typed-throws closures crashes swift-frontend 6.3.1.
            var refusals: [TimeSpecError] = []
            do { _ = try TimeSpec.parse(text, now: now, timeZone: apia) } catch { refusals.append(error) }
            do { _ = try TimeSpec.parseDuration(text) } catch { refusals.append(error) }
            do { _ = try TimeSpec.parseInstant(text, timeZone: berlin) } catch { refusals.append(error) }
            for error in refusals {
                let inBounds = error.offset >= 0 && error.length >= 1 && error.offset + error.length <= text.count + 2
                if !inBounds || error.message.isEmpty {
                    Issue.record("round \(round): \(error.kind) at \(error.offset)+\(error.length) for \(text.debugDescription)")
                    return
                }
            }
        }
    }
}

/// A small seeded generator, so a failing fuzz round can be replayed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
