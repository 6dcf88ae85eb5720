import AlarmCalendar
import AlarmCore
import AlarmSystem
import Foundation
import Testing

/// The reasons an event gives no alarm: one codec for the wire (code and values), one wording
/// for every client. The exact English and German sentences are checked where people read
/// them (`alarmctl import`, `alarmctl unrung`: CLITests, AlarmDaemonTests); here, that every
/// reason has words of its own that carry its values, in whatever language this runs.
@Suite(.timeLimit(.minutes(2))) struct RefusalWordsTests {
    static let day = LocalDate(year: 2025, month: 7, day: 1)
    static let every: [EventRefusal] = [
        .cancelled, .allDayWithoutReminder, .noReminder, .emailOnly, .ended(day),
        .passed(EventTime(date: day, minuteOfDay: 7 * 60 + 5, zone: "UTC")), .passed(EventTime(date: day, minuteOfDay: 0, zone: nil)),
        .passed(EventTime(date: day)),
        .unknownZone("Mars Standard Time"), .noUID, .noStart, .noTrigger,
        .duplicateUID(line: 42), .outOfBounds("title is longer than 1024 bytes"), .damaged("line 3: no END:VEVENT"), .notAccepted("too many alarms"),
        .unsupportedRepeat(.frequency("hourly")), .unsupportedRepeat(.frequency("weird")), .unsupportedRepeat(.rulePart("BYWEEKNO")),
        .unsupportedRepeat(.severalRules(2)), .unsupportedRepeat(.exclusionRule), .unsupportedRepeat(.thisAndFuture),
    ]

    @Test func everyReasonTravelsAsItsCodeAndValuesAndComesBack() {
        for reason in Self.every {
            #expect(EventRefusal(code: reason.code, arguments: reason.arguments) == reason, "\(reason)")
        }
        #expect(EventRefusal(code: "fromANewerAlarmd", arguments: []) == nil)
        #expect(EventRefusal(code: "ended", arguments: ["2025-13-01"]) == nil, "a date that is none")
    }

    @Test func everyReasonHasWordsOfItsOwnWithItsValues() {
        let words = Self.every.map(RefusalText.reason)
        #expect(Set(words).count == words.count, "two reasons worded alike: \(words)")
        for (reason, text) in zip(Self.every, words) {
            #expect(!text.isEmpty)
            for value in reason.arguments where value.count > 1 {
                let shown = value.map { $0 == "T" && value.first?.isNumber == true ? " " : $0 }
                #expect(text.contains(String(shown)) || text.contains(value.uppercased()), "\(reason): '\(text)' lacks \(value)")
            }
        }
        #expect(RefusalText.reason(code: "fromANewerAlarmd", arguments: []).contains("fromANewerAlarmd"))
    }

    /// A UTC time names its zone; a floating one none; an all-day date has no time.
    @Test func timesAreShownWithTheirZone() {
        #expect(RefusalText.time(EventTime(date: Self.day, minuteOfDay: 7 * 60 + 5, zone: "UTC")).hasSuffix("2025-07-01 07:05 UTC"))
        #expect(RefusalText.time(EventTime(date: Self.day, minuteOfDay: 9 * 60, zone: "Europe/Berlin")).contains("Europe/Berlin"))
        #expect(RefusalText.time(EventTime(date: Self.day, minuteOfDay: 9 * 60)) == "2025-07-01 09:00")
        #expect(RefusalText.time(EventTime(date: Self.day, zone: "Europe/Berlin")) == "2025-07-01")
        #expect(EventTime(isoText: "2025-07-01T09:00", zone: "UTC") == EventTime(date: Self.day, minuteOfDay: 540, zone: "UTC"))
        #expect(EventTime(isoText: "2025-07-01T24:00", zone: nil) == nil)
    }

    /// A series that ended, or a one-off whose reminder passed, more than 30 days ago is a
    /// calendar's past: counted, not listed.
    @Test func aCalendarsPastIsLongPast() {
        let now = instant("2025-08-15T12:00:00Z")
        #expect(EventRefusal.ended(Self.day).isLongPast(now: now))
        #expect(!EventRefusal.ended(LocalDate(year: 2025, month: 7, day: 20)).isLongPast(now: now))
        #expect(EventRefusal.passed(EventTime(date: Self.day, minuteOfDay: 0, zone: "UTC")).isLongPast(now: now))
        #expect(!EventRefusal.noReminder.isLongPast(now: now) && !EventRefusal.allDayWithoutReminder.isLongPast(now: now))
    }

    /// What the event is comes before what alarms here cannot follow: an e-mail-only series
    /// with an EXDATE is "e-mail", a repeating event whose UNTIL passed is "ended", Apple's
    /// ACTION:NONE is no reminder.
    @Test func theRealReasonComesFirst() throws {
        func reason(_ lines: [String]) throws -> EventRefusal? {
            let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:r@example.com", "SUMMARY:R"] + lines + ["END:VEVENT", "END:VCALENDAR", ""])
                .joined(separator: "\r\n")
            return try ICalendar.parse(text, zones: zones, now: instant("2026-11-26T12:00:00Z")).first?.refused?.reason
        }
        let email = ["BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-P1D", "END:VALARM"]
        let display = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"]
        #expect(try reason(["DTSTART:20270105T090000Z", "RRULE:FREQ=MONTHLY", "EXDATE:20270205T090000Z"] + email) == .emailOnly)
        #expect(try reason(["DTSTART:20270105T090000Z", "RRULE:FREQ=MONTHLY", "EXDATE:20270205T090000Z"]) == .noReminder)
        #expect(try reason(["DTSTART:20270105T090000Z", "BEGIN:VALARM", "ACTION:NONE", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "END:VALARM"]) == .noReminder)
        #expect(try reason(["DTSTART;VALUE=DATE:20270105"]) == .allDayWithoutReminder)
        #expect(try reason(["DTSTART:20240105T090000Z", "RRULE:FREQ=MONTHLY;UNTIL=20250701T000000Z", "EXDATE:20240205T090000Z"] + display) == .ended(Self.day))
        #expect(try reason(["DTSTART;TZID=Europe/Berlin:20240105T090000", "RRULE:FREQ=WEEKLY;UNTIL=20250701"] + display) == .ended(Self.day))
        #expect(try reason(["DTSTART:20270105T090000Z", "STATUS:CANCELLED", "RRULE:FREQ=YEARLY"] + display) == .cancelled)
    }
}
