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
        // Monthly on the 1st at 09:00 New York, an hour before: 08:00.
        let rent = try #require(results[1].imported)
        #expect(rent.record.presentation.alert.title.text == "Rent")
        #expect(rent.record.calendar?.rule?.text == "FREQ=MONTHLY;BYMONTHDAY=1")
        #expect(fires(rent.record, after: now, count: 2) == [instant("2026-12-01T08:00:00-05:00"), instant("2027-01-01T08:00:00-05:00")])
    }

    /// Someone's event: the reminder's popup says when the event starts and where, so the
    /// record keeps both (its metadata); our own exported alarms keep theirs as they were. An
    /// event kept as its calendar schedule (a series) leaves the start to its schedule, which
    /// knows each occurrence's.
    @Test func aForeignRemindersAlarmKeepsItsEventsStartAndLocation() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Calendar//EN", "BEGIN:VEVENT", "UID:dentist-42@example.org",
            "DTSTAMP:20261120T100000Z", "DTSTART:20261201T140000Z", "DTEND:20261201T143000Z", "SUMMARY:Dentist",
            "LOCATION:Room 4\\, Main Street 1", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Dentist", "TRIGGER:-PT10M", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let dentist = try #require(try ICalendar.parse(text, zones: zones, now: now).first?.imported)
        #expect(dentist.record.schedule == .fixed(instant("2026-12-01T13:50:00Z")))
        let event = try #require(EventReminder(metadata: dentist.record.metadata), "\(dentist.record.metadata ?? "no metadata")")
        #expect(event.eventStartsAfter == 600)
        #expect(event.eventLocation == "Room 4, Main Street 1")
        let thunderbird = try #require(try ICalendar.parse(try fixture("thunderbird.ics"), zones: zones, now: now).first?.imported)
        #expect(thunderbird.record.calendar != nil)
        #expect(EventReminder(metadata: thunderbird.record.metadata) == EventReminder(location: nil, startsFromSchedule: true))
        let series = try #require(try ICalendar.parse(text.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist\r\nRRULE:FREQ=MONTHLY"),
                                                      zones: zones, now: now).first?.imported)
        #expect(series.record.calendar?.rule?.text == "FREQ=MONTHLY")
        #expect(EventReminder(metadata: series.record.metadata) == EventReminder(location: "Room 4, Main Street 1", startsFromSchedule: true))
    }

    @Test func gnomeCalendarPrefixedTZIDAndAllDayReminder() throws {
        let results = try ICalendar.parse(try fixture("gnome-calendar.ics"), zones: zones, now: now)
        let night = try #require(results[0].imported)
        #expect(night.record.timeZone == "Europe/Berlin")
        // 02:30 on the Sunday of the spring change rings at 03:30, the week after at 02:30.
        #expect(fires(night.record, after: instant("2027-03-27T00:00:00Z"), count: 2) == [instant("2027-03-28T03:30:00+02:00"), instant("2027-04-04T02:30:00+02:00")])
        // All-day on 24 December, -PT15H: 09:00 the day before on this machine's clock (Berlin).
        let eve = try #require(results[1].imported)
        #expect(eve.record.timeZone == nil)
        #expect(eve.record.calendar?.isAllDay == true)
        #expect(fires(eve.record, after: now, count: 2) == [instant("2026-12-23T09:00:00+01:00")])
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

    @Test func kalarmUTCStartSoundFileAndEndedSeries() throws {
        let results = try ICalendar.parse(try fixture("kalarm.ics"), zones: zones, now: now)
        let bins = try #require(results[0].imported)
        #expect(bins.record.timeZone == "UTC")
        #expect(bins.record.sound.sound == .named("KDE-Im-Phone-Ring"))
        #expect(fires(bins.record, after: now, count: 1) == [instant("2026-11-26T18:00:00Z")])
        // Daily from 2 April, ten times: it ended on the 11th, and says so.
        #expect(results[1].refused?.reason == .ended(LocalDate(year: 2026, month: 4, day: 11)), "\(String(describing: results[1].refused))")
        #expect(results[1].refused?.start == EventTime(date: LocalDate(year: 2026, month: 4, day: 2), minuteOfDay: 18 * 60, zone: "UTC"))
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
        let cases: [([String], Bool, EventRefusal)] = [
            (["RRULE:FREQ=HOURLY"], true, .unsupportedRepeat(.frequency("hourly"))),
            (["RRULE:FREQ=DAILY;BYHOUR=9,17"], true, .unsupportedRepeat(.rulePart("BYHOUR"))),
            (["RRULE:FREQ=WEEKLY;BYDAY=1MO"], true,
             .damaged("its repeat rule picks '1MO' (a numbered weekday) in a weekly rule, which RFC 5545 allows only monthly or yearly")),
            (["RRULE:FREQ=WEEKLY;BYWEEKNO=3"], true, .unsupportedRepeat(.rulePart("BYWEEKNO"))),
            (["RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20280101T000000Z"], true, .damaged("its repeat rule has both COUNT and UNTIL, which RFC 5545 forbids")),
            (["RRULE:FREQ=DAILY", "RRULE:FREQ=WEEKLY"], true, .unsupportedRepeat(.severalRules(2))),
            (["RRULE:FREQ=DAILY", "EXRULE:FREQ=WEEKLY"], true, .unsupportedRepeat(.exclusionRule)),
            ([], false, .noReminder),
            (["STATUS:CANCELLED"], true, .cancelled),
        ]
        for (lines, alarm, expected) in cases {
            let result = try ICalendar.parse(event(lines, alarm: alarm), zones: zones, now: now)
            let reason = try #require(result.first?.refused?.reason, "\(lines)")
            #expect(reason == expected, "\(lines): \(reason)")
        }
        let past = try ICalendar.parse(event([]).replacingOccurrences(of: "20270105", with: "20200105"), zones: zones, now: now)
        let passed = EventTime(date: LocalDate(year: 2020, month: 1, day: 5), minuteOfDay: 8 * 60 + 55, zone: "UTC")
        #expect(past.first?.refused?.reason == .passed(passed))
    }
}
