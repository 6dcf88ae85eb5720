import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

/// A whole year of one daily alarm: exactly one fire per nominal local date, each at the
/// alarm's wall time, except the dates the zone's rules shift (worked out by hand below).
struct YearCase: CustomTestStringConvertible, Sendable {
    let zone: String
    let year: Int
    let time: (Int, Int)
    /// Nominal date (MM-DD) -> where its fire lands on the wall clock (MM-DD HH:MM).
    let shifted: [String: String]
    /// Nominal dates whose fire is the same instant as the next date's, so it is not repeated.
    var merged: Set<String> = []
    var testDescription: String { "\(zone) \(year) daily \(time.0):\(time.1)" }
}

let yearCases = [
    YearCase(zone: "Europe/Berlin", year: 2026, time: (2, 30), shifted: ["03-29": "03-29 03:30"]),
    YearCase(zone: "Europe/Berlin", year: 2026, time: (7, 30), shifted: [:]),
    YearCase(zone: "America/New_York", year: 2026, time: (2, 30), shifted: ["03-08": "03-08 03:30"]),
    YearCase(zone: "Europe/London", year: 2026, time: (1, 30), shifted: ["03-29": "03-29 02:30"]),
    YearCase(zone: "Australia/Lord_Howe", year: 2026, time: (2, 15), shifted: ["10-04": "10-04 02:45"]),
    YearCase(zone: "Antarctica/Troll", year: 2026, time: (2, 0), shifted: ["03-29": "03-29 04:00"]),
    YearCase(zone: "Pacific/Chatham", year: 2026, time: (3, 0), shifted: ["09-27": "09-27 04:00"]),
    YearCase(zone: "America/Santiago", year: 2026, time: (0, 0), shifted: ["09-06": "09-06 01:00"]),
    YearCase(zone: "Africa/Cairo", year: 2026, time: (0, 30), shifted: ["04-24": "04-24 01:30"]),
    YearCase(zone: "America/Nuuk", year: 2026, time: (23, 30), shifted: ["03-28": "03-29 00:30"]),
    YearCase(zone: "Asia/Kolkata", year: 2026, time: (7, 30), shifted: [:]),
    // 2011: Apia's DST ended 04-02 04:00 -> 03:00 and began 09-24 03:00 -> 04:00, and 12-30
    // was skipped: its 07:00 is 12-31 07:00, which 12-31 itself fires at.
    YearCase(zone: "Pacific/Apia", year: 2011, time: (3, 30), shifted: ["09-24": "09-24 04:30", "12-30": "12-31 03:30"],
             merged: ["12-30"]),
]

@Suite(.timeLimit(.minutes(1))) struct FireTimeYearTests {
    @Test(arguments: yearCases)
    func aFullYearOfDailyFires(_ example: YearCase) throws {
        let timeZone = zone(example.zone)
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = icuZone(timeZone.identifier)
        let calendar = FireTimeCalendar(timeZone: timeZone)
        let start = try #require(gregorian.date(from: DateComponents(year: example.year - 1, month: 12, day: 31, hour: 23, minute: 59)))
        let end = try #require(gregorian.date(from: DateComponents(year: example.year + 1, month: 1, day: 1)))
        let fires = Array(calendar.fires(of: dailyAt(example.time.0, example.time.1), after: start).prefix { $0 < end })

        // What each nominal date should show on the wall clock, from Foundation's own calendar.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = icuZone("UTC")
        var expected: [String] = []
        var day = try #require(utc.date(from: DateComponents(year: example.year, month: 1, day: 1)))
        while utc.component(.year, from: day) == example.year {
            let parts = utc.dateComponents([.month, .day], from: day)
            let nominal = pad(parts.month!, 2) + "-" + pad(parts.day!, 2)
            if !example.merged.contains(nominal) {
                expected.append(example.shifted[nominal] ?? nominal + " " + pad(example.time.0, 2) + ":" + pad(example.time.1, 2))
            }
            day = utc.date(byAdding: .day, value: 1, to: day)!
        }
        let actual = fires.map { fire in
            let parts = gregorian.dateComponents([.month, .day, .hour, .minute], from: fire)
            return pad(parts.month!, 2) + "-" + pad(parts.day!, 2) + " " + pad(parts.hour!, 2) + ":" + pad(parts.minute!, 2)
        }
        #expect(actual.count == expected.count)
        #expect(actual == expected)
        #expect(zip(fires, fires.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// ICU is the tests' oracle (the design notes): `Calendar.date(from:)` is the reference for
    /// one nominal date; the fast path must agree with it on every date of the year, for times
    /// all around the clock.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Lord_Howe",
                      "Antarctica/Troll", "Pacific/Chatham", "America/Santiago", "Africa/Cairo",
                      "America/Nuuk", "Asia/Kolkata"])
    func agreesWithFoundationOnEveryDate(_ identifier: String) throws {
        let timeZone = zone(identifier)
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = icuZone(timeZone.identifier)
        let calendar = FireTimeCalendar(timeZone: timeZone)
        for (hour, minute) in [(0, 0), (0, 30), (1, 30), (2, 0), (2, 15), (2, 45), (3, 0), (3, 30), (23, 0), (23, 30)] {
            let first = try #require(gregorian.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: hour, minute: minute)))
            var fires = calendar.fires(of: dailyAt(hour, minute), after: first.addingTimeInterval(-1))
            for dayNumber in LocalDate(year: 2026, month: 1, day: 1).dayNumber...LocalDate(year: 2026, month: 12, day: 31).dayNumber {
                let date = LocalDate(dayNumber: dayNumber)
                let reference = gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))
                let fire = fires.next()
                if fire != reference {
                    Issue.record("\(identifier) \(date) \(hour):\(minute): \(rendered(fire, in: timeZone)) != \(rendered(reference, in: timeZone))")
                    return
                }
            }
        }
    }
}

/// A walk (`fires(of:)`) keeps the zone's steady offset span from fire to fire; it must give
/// exactly what fresh `nextFire` calls give, across a decade of transitions in every zone.
@Suite(.timeLimit(.minutes(1))) struct FireWalkTests {
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Lord_Howe",
                      "Antarctica/Troll", "Pacific/Chatham", "America/Santiago", "Africa/Cairo",
                      "America/Nuuk", "Asia/Kolkata", "Pacific/Apia"])
    func walkEqualsFreshCalls(_ identifier: String) {
        let calendar = FireTimeCalendar(timeZone: zone(identifier))
        let start = instant("2009-01-01T00:00:00Z")
        for schedule in [dailyAt(2, 30), dailyAt(0, 0), dailyAt(23, 30), weeklyAt(3, 0, [.saturday, .sunday])] {
            var fresh = start
            for (index, walked) in calendar.fires(of: schedule, after: start).prefix(2000).enumerated() {
                guard let expected = calendar.nextFire(of: schedule, after: fresh), expected == walked else {
                    Issue.record("\(identifier) fire \(index): walk \(walked), fresh \(String(describing: calendar.nextFire(of: schedule, after: fresh)))")
                    return
                }
                fresh = expected
            }
        }
    }
}
