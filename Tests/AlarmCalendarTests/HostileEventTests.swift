import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Events a hostile calendar could hold (docs/SECURITY.md): lists far beyond AlarmBounds are
/// refused by counting them, before any work that grows with them, in the words the full
/// check uses; 100,000 EXDATEs once took 43 s to read (each date compared with every earlier
/// one). The time each takes is scripts/bench's to watch, not a test's; the hostile-server
/// suite (HostileServerTests) holds alarmd to its answer and ring times.
@Suite(.timeLimit(.minutes(2))) struct HostileEventTests {
    let now = instant("2026-11-26T12:00:00Z")
    static let display = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM"]

    func refusal(_ body: [String], components: [String] = []) throws -> EventRefusal? {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0"] + components + ["BEGIN:VEVENT", "UID:hostile@example.com", "SUMMARY:Hostile"]
            + body + ["END:VEVENT", "END:VCALENDAR", ""]
        return try ICalendar.parse(lines.joined(separator: "\r\n"), zones: zones, now: now).first?.refused?.reason
    }

    func day(_ index: Int) -> String {
        let date = LocalDate(dayNumber: LocalDate(year: 2027, month: 1, day: 1).dayNumber + index)
        return String(format: "%04d%02d%02dT090000Z", date.year, date.month, date.day)
    }

    @Test func aHundredThousandExcludedDatesAreRefusedAsBeyondBounds() throws {
        let exdates = (0..<100_000).map { "EXDATE:" + day($0) }
        let reason = try refusal(["DTSTART:20270101T090000Z", "RRULE:FREQ=DAILY"] + exdates + Self.display)
        #expect(reason == .outOfBounds("schedule.calendar.exclusions is out of bounds: at most 1000 dates"))
        // In one line, comma-separated, the same.
        let oneLine = "RDATE:" + (0..<2_000).map(day).joined(separator: ",")
        #expect(try refusal(["DTSTART:20270101T090000Z", oneLine] + Self.display) == .outOfBounds("schedule.calendar.additions is out of bounds: at most 1000 dates"))
    }

    @Test func theBoundsStillTakeWhatRealCalendarsHold() throws {
        // 1,000 dates left out of a daily meeting: the most an alarm holds, taken.
        let exdates = (0..<1_000).map { "EXDATE:" + day($0 * 2) }
        let results = try ICalendar.parse((["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:busy@example.com", "SUMMARY:Busy",
                                            "DTSTART:20270101T090000Z", "RRULE:FREQ=DAILY"] + exdates + Self.display
                                           + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n"), zones: zones, now: now)
        let event = try #require(results.first?.imported)
        #expect(event.record.calendar?.exclusions.count == 1_000)
        #expect(fires(event.record, after: now, count: 2) == [instant("2027-01-02T08:45:00Z"), instant("2027-01-04T08:45:00Z")])
    }

    @Test func seventyThousandRemindersAreRefusedAsBeyondBounds() throws {
        let reminders = Array([Self.display].joined()) + Array(repeating: Self.display, count: 70_000).joined()
        #expect(try refusal(["DTSTART:20270101T090000Z"] + reminders) == .outOfBounds("schedule.calendar.alerts is out of bounds: at most 32 reminders"))
    }

    @Test func aVTimezoneOfThousandsOfObservancesIsNotMatchedByItsRules() throws {
        var zone = ["BEGIN:VTIMEZONE", "TZID:Somewhere far"]
        for index in 0..<1_001 {
            let kind = index % 2 == 0 ? "STANDARD" : "DAYLIGHT"
            zone += ["BEGIN:\(kind)", String(format: "DTSTART:%04d0101T020000", 1900 + index / 10), "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:\(kind)"]
        }
        zone.append("END:VTIMEZONE")
        #expect(try refusal(["DTSTART;TZID=Somewhere far:20270101T090000"] + Self.display, components: zone) == .unknownZone("Somewhere far"))
        // The same zone with a real zone's few observances is matched (Europe/Paris, +01:00).
        let few = ["BEGIN:VTIMEZONE", "TZID:Somewhere near", "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
                   "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:19700329T020000",
                   "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE"]
        #expect(try refusal(["DTSTART;TZID=Somewhere near:20270101T090000"] + Self.display, components: few) == nil)
    }
}
