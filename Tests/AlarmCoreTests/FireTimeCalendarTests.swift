import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

@Suite(.timeLimit(.minutes(1))) struct FireTimeCalendarTests {
    let berlin = FireTimeCalendar(timeZone: zone("Europe/Berlin"))

    // 2026-06-05 is a Friday (2026-01-01 was a Thursday).
    @Test func weekdaysSkipTheWeekend() {
        let fire = berlin.nextFire(of: weeklyAt(6, 30, [.monday, .tuesday, .wednesday, .thursday, .friday]),
                                   after: instant("2026-06-05T07:00:00+02:00"))
        #expect(fire == instant("2026-06-08T06:30:00+02:00"))
    }

    @Test func weekendsSkipTheWeek() {
        let fire = berlin.nextFire(of: weeklyAt(9, 0, [.saturday, .sunday]), after: instant("2026-06-08T00:00:00+02:00"))
        #expect(fire == instant("2026-06-13T09:00:00+02:00"))
    }

    @Test func listedDaysInOrder() {
        let fires = Array(berlin.fires(of: weeklyAt(7, 0, [.friday, .monday, .wednesday]),
                                       after: instant("2026-06-08T00:00:00+02:00")).prefix(4))
        #expect(fires == [
            instant("2026-06-08T07:00:00+02:00"), instant("2026-06-10T07:00:00+02:00"),
            instant("2026-06-12T07:00:00+02:00"), instant("2026-06-15T07:00:00+02:00"),
        ])
    }

    @Test func singleWeekdayAlreadyPassedTodayWaitsAWeek() {
        let fire = berlin.nextFire(of: weeklyAt(7, 0, [.monday, .monday]), after: instant("2026-06-08T08:00:00+02:00"))
        #expect(fire == instant("2026-06-15T07:00:00+02:00"))
    }

    @Test func strictlyAfterTheReference() {
        let fire = berlin.nextFire(of: dailyAt(7, 0), after: instant("2026-06-08T07:00:00+02:00"))
        #expect(fire == instant("2026-06-09T07:00:00+02:00"))
        let justBefore = instant("2026-06-08T07:00:00+02:00").addingTimeInterval(-0.001)
        #expect(berlin.nextFire(of: dailyAt(7, 0), after: justBefore) == instant("2026-06-08T07:00:00+02:00"))
    }

    @Test func yearEnds() {
        #expect(berlin.nextFire(of: dailyAt(0, 0), after: instant("2026-12-31T00:00:00+01:00"))
            == instant("2027-01-01T00:00:00+01:00"))
        // 2027-01-01 is a Friday; 2026-12-31 a Thursday.
        #expect(berlin.nextFire(of: weeklyAt(23, 59, [.friday]), after: instant("2026-12-30T00:00:00+01:00"))
            == instant("2027-01-01T23:59:00+01:00"))
        #expect(berlin.nextFire(of: weeklyAt(9, 0, [.thursday]), after: instant("2026-12-31T10:00:00+01:00"))
            == instant("2027-01-07T09:00:00+01:00"))
        #expect(berlin.nextFire(of: dailyAt(12, 0), after: instant("2028-02-28T13:00:00+01:00"))
            == instant("2028-02-29T12:00:00+01:00"))
        let kolkata = FireTimeCalendar(timeZone: zone("Asia/Kolkata"))
        #expect(kolkata.nextFire(of: dailyAt(23, 59), after: instant("2026-12-31T23:59:00+05:30"))
            == instant("2027-01-01T23:59:00+05:30"))
        let chatham = FireTimeCalendar(timeZone: zone("Pacific/Chatham"))
        #expect(chatham.nextFire(of: dailyAt(0, 0), after: instant("2026-12-31T12:00:00+13:45"))
            == instant("2027-01-01T00:00:00+13:45"))
    }

    @Test func relativeAlarmsFollowANewZoneFixedOnesDoNot() {
        let newYork = FireTimeCalendar(timeZone: zone("America/New_York"))
        let now = instant("2026-06-01T06:00:00Z")  // 08:00 in Berlin, 02:00 in New York
        #expect(berlin.nextFire(of: dailyAt(7, 0), after: now) == instant("2026-06-02T07:00:00+02:00"))
        #expect(newYork.nextFire(of: dailyAt(7, 0), after: now) == instant("2026-06-01T07:00:00-04:00"))
        #expect(newYork.nextFire(of: onceAt(7, 0), after: now) == instant("2026-06-01T07:00:00-04:00"))
        let fixed = Alarm.Schedule.fixed(instant("2026-06-01T09:41:00+02:00"))
        #expect(berlin.nextFire(of: fixed, after: now) == instant("2026-06-01T07:41:00Z"))
        #expect(newYork.nextFire(of: fixed, after: now) == instant("2026-06-01T07:41:00Z"))
    }

    @Test func fixedFiresOnceStrictlyAfter() {
        let date = instant("2026-06-09T09:41:00+02:00")
        #expect(berlin.nextFire(of: .fixed(date), after: date) == nil)
        #expect(berlin.nextFire(of: .fixed(date), after: date.addingTimeInterval(-1)) == date)
        #expect(Array(berlin.fires(of: .fixed(date), after: .distantPast)) == [date])
    }

    @Test func oneShotRelativeIsTheNextOccurrenceOnce() {
        let fires = Array(berlin.fires(of: onceAt(7, 30), after: instant("2026-06-08T08:00:00+02:00")))
        #expect(fires == [instant("2026-06-09T07:30:00+02:00")])
        #expect(berlin.nextFire(of: onceAt(7, 30), after: instant("2026-06-08T07:00:00+02:00"))
            == instant("2026-06-08T07:30:00+02:00"))
    }

    @Test func neverFiring() {
        let now = instant("2026-06-08T08:00:00+02:00")
        #expect(berlin.nextFire(of: weeklyAt(7, 0, []), after: now) == nil)
        #expect(Array(berlin.fires(of: weeklyAt(7, 0, []), after: now)).isEmpty)
        for (hour, minute) in [(24, 0), (-1, 0), (7, 60), (7, -1), (Int.max, Int.min)] {
            #expect(berlin.nextFire(of: dailyAt(hour, minute), after: now) == nil)
        }
        for bad in [Double.infinity, -Double.infinity, Double.nan, 1e300] {
            #expect(berlin.nextFire(of: dailyAt(7, 0), after: Date(timeIntervalSince1970: bad)) == nil)
        }
    }

    @Test func farFromNowStillWorks() {
        #expect(berlin.nextFire(of: dailyAt(7, 0), after: instant("1900-06-01T00:00:00Z"))
            == instant("1900-06-01T07:00:00+01:00"))
        #expect(berlin.nextFire(of: dailyAt(7, 0), after: instant("2300-06-01T00:00:00Z"))
            == instant("2300-06-01T07:00:00+02:00"))
    }

    @Test func iso8601WritesTheZoneOffset() {
        #expect(berlin.iso8601(instant("2026-03-29T01:30:00Z")) == "2026-03-29T03:30:00+02:00")
        #expect(berlin.iso8601(instant("2026-01-01T00:00:00+01:00")) == "2026-01-01T00:00:00+01:00")
        let cases = [
            ("America/New_York", "2026-07-04T12:00:00-04:00"),
            ("Asia/Kolkata", "2026-07-04T12:00:00+05:30"),
            ("Pacific/Chatham", "2026-07-04T12:00:00+12:45"),
            ("UTC", "2026-07-04T12:00:00+00:00"),
            ("America/St_Johns", "1969-01-20T20:17:40-03:30"),
        ]
        for (identifier, text) in cases {
            #expect(FireTimeCalendar(timeZone: zone(identifier)).iso8601(instant(text)) == text)
        }
        #expect(berlin.iso8601(instant("2026-06-01T00:00:00Z").addingTimeInterval(0.999)) == "2026-06-01T02:00:00+02:00")
    }

    @Test func instantOfNominalLocalTimeFollowsThePolicy() {
        #expect(berlin.instant(of: LocalDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)
            == instant("2026-03-29T03:30:00+02:00"))
        #expect(berlin.instant(of: LocalDate(year: 2026, month: 10, day: 25), hour: 2, minute: 30)
            == instant("2026-10-25T02:30:00+02:00"))
        #expect(berlin.localDate(of: instant("2026-03-29T00:30:00Z")) == LocalDate(year: 2026, month: 3, day: 29))
        #expect(berlin.localDate(of: instant("2026-03-28T22:59:59Z")) == LocalDate(year: 2026, month: 3, day: 28))
    }
}

@Suite(.timeLimit(.minutes(1))) struct LocalDateTests {
    @Test func knownDayNumbers() {
        #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(LocalDate(year: 1969, month: 12, day: 31).dayNumber == -1)
        #expect(LocalDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(LocalDate(year: 2026, month: 6, day: 5).weekday == .friday)
        #expect(LocalDate(year: 1969, month: 12, day: 31).weekday == .wednesday)
        #expect(LocalDate(year: 2011, month: 12, day: 30).weekday == .friday)
    }

    /// From 1587 on: Foundation's Gregorian calendar is Julian before 1582.
    @Test func roundTripsAgainstFoundation() {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = icuZone("UTC")
        for dayNumber in stride(from: -140_000, through: 200_000, by: 997) {
            let date = LocalDate(dayNumber: dayNumber)
            #expect(date.dayNumber == dayNumber)
            let parts = gregorian.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
            #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day])
        }
    }
}
