import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Files as other programs write them (Tests/Fixtures/icalendar, written by hand to RFC 5545
/// after each program's output: VTIMEZONE blocks, CRLF, folded lines, quoted and prefixed
/// TZIDs), with the fire times AlarmCore gives the alarms they become.
@Suite(.timeLimit(.minutes(2))) struct ForeignFilesTests {
    let now = instant("2026-11-26T12:00:00Z")

    @Test func thunderbirdStandUpRings0850NewYorkTime() throws {
        let results = try ICalendar.parse(try fixture("thunderbird.ics"), zones: zones, now: now)
        let standUp = try #require(results[0].imported)
        #expect(standUp.record.timeZone == "America/New_York")
        #expect(standUp.record.calendarUID == "3d2c9a3e-8b0a-4f1e-9e55-6b1f7c0e1a01")
        #expect(standUp.record.presentation.alert.title.text == "Stand-up")
        #expect(standUp.sequence == 2)
        #expect(standUp.record.schedule == .relative(.init(time: .init(hour: 8, minute: 50), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))))
        #expect(fires(standUp.record, after: now, count: 2) == [instant("2026-11-26T08:50:00-05:00"), instant("2026-11-27T08:50:00-05:00")])
        let rent = try #require(results[1].refused)
        #expect(rent.summary == "Rent")
        #expect(rent.reason.contains("monthly"), "\(rent.reason)")
    }

    @Test func gnomeCalendarPrefixedTZIDAndAllDayRefusal() throws {
        let results = try ICalendar.parse(try fixture("gnome-calendar.ics"), zones: zones, now: now)
        let night = try #require(results[0].imported)
        #expect(night.record.timeZone == "Europe/Berlin")
        // 02:30 on the Sunday of the spring change rings at 03:30, the week after at 02:30.
        #expect(fires(night.record, after: instant("2027-03-27T00:00:00Z"), count: 2) == [instant("2027-03-28T03:30:00+02:00"), instant("2027-04-04T02:30:00+02:00")])
        #expect(results[1].refused?.reason.contains("all-day") == true)
    }

    @Test func nextcloudQuotedTZIDFoldedSummaryAndRFC9074() throws {
        let results = try ICalendar.parse(try fixture("nextcloud.ics"), zones: zones, now: now)
        let pills = try #require(results.first?.imported)
        #expect(pills.record.timeZone == "Asia/Tokyo")
        #expect(pills.record.presentation.alert.title.text == "Morgens Medikamente nehmen – bitte nicht vergessen, wirklich nicht; danke ☕ und dann noch ein paar Worte damit die Zeile gefaltet wird")
        #expect(pills.record.schedule == .relative(.init(time: .init(hour: 7, minute: 30), repeats: .weekly([.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]))))
        #expect(pills.record.sound.sound == .named("alarm-clock-elapsed"))
        #expect(pills.alarmUID == "nc-alarm-1")
        #expect(pills.acknowledged == instant("2026-03-03T22:31:00Z"))
        #expect(pills.snoozedUntil == instant("2026-03-03T22:40:00Z"))
        #expect(pills.sequence == 4)
        #expect(pills.lastModified == instant("2026-03-02T11:11:11Z"))
        #expect(fires(pills.record, after: now, count: 1) == [instant("2026-11-27T07:30:00+09:00")])
    }

    @Test func kalarmUTCStartSoundFileAndCountRefusal() throws {
        let results = try ICalendar.parse(try fixture("kalarm.ics"), zones: zones, now: now)
        let bins = try #require(results[0].imported)
        #expect(bins.record.timeZone == "UTC")
        #expect(bins.record.sound.sound == .named("KDE-Im-Phone-Ring"))
        #expect(fires(bins.record, after: now, count: 1) == [instant("2026-11-26T18:00:00Z")])
        #expect(results[1].refused?.reason.contains("COUNT") == true)
    }

    /// "Eastern Standard Time" names no tz zone and has no X-LIC-LOCATION: its rules match
    /// New York's (or a zone with the same offsets around every change).
    @Test func outlookWindowsZoneMatchedByItsRules() throws {
        let review = try #require(try ICalendar.parse(try fixture("outlook.ics"), zones: zones, now: now).first?.imported)
        let name = try #require(review.record.timeZone)
        let rules = try #require(zones.rules(name))
        let newYork = try #require(zones.rules("America/New_York"))
        for probe in ["2026-03-08T06:00:00Z", "2026-03-08T08:00:00Z", "2026-11-01T05:00:00Z", "2026-11-01T07:00:00Z", "2027-07-01T00:00:00Z"] {
            #expect(rules.secondsFromGMT(for: instant(probe)) == newYork.secondsFromGMT(for: instant(probe)), "\(name) at \(probe)")
        }
        #expect(review.record.schedule == .relative(.init(time: .init(hour: 13, minute: 45), repeats: .weekly([.monday]))))
        #expect(fires(review.record, after: now, count: 1) == [instant("2026-11-30T13:45:00-05:00")])
    }

    @Test func refusalsSayWhy() throws {
        func event(_ lines: [String], alarm: Bool = true) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:x@example.com", "SUMMARY:X", "DTSTART:20270105T090000Z"] + lines
             + (alarm ? ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"] : []) + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        }
        let cases: [([String], Bool, String)] = [
            (["RRULE:FREQ=YEARLY"], true, "yearly"),
            (["RRULE:FREQ=WEEKLY;INTERVAL=2"], true, "every 2"),
            (["RRULE:FREQ=WEEKLY;UNTIL=20271231T000000Z"], true, "UNTIL"),
            (["RRULE:FREQ=WEEKLY", "EXDATE:20270112T090000Z"], true, "EXDATE"),
            (["RRULE:FREQ=MONTHLY;BYDAY=1MO"], true, "monthly"),
            (["RRULE:FREQ=WEEKLY;BYDAY=1MO"], true, "1MO"),
            ([], false, "no reminder"),
            (["STATUS:CANCELLED"], true, "cancelled"),
        ]
        for (lines, alarm, words) in cases {
            let result = try ICalendar.parse(event(lines, alarm: alarm), zones: zones, now: now)
            let reason = try #require(result.first?.refused?.reason, "\(lines)")
            #expect(reason.contains(words), "\(lines): \(reason)")
        }
        let past = try ICalendar.parse(event([]).replacingOccurrences(of: "20270105", with: "20200105"), zones: zones, now: now)
        #expect(past.first?.refused?.reason.contains("passed") == true)
    }
}
