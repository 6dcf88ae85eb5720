import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Events as calendars write them, beyond weekly alarms: repeat rules, dates left out and
/// added, changed occurrences, all-day events, every reminder; and what cannot ring, with
/// the real reason first.
@Suite(.timeLimit(.minutes(2))) struct CalendarEventTests {
    let now = instant("2026-11-26T12:00:00Z")

    func parse(_ body: [String], extra: [[String]] = []) throws -> [EventResult] {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT"] + body + ["END:VEVENT"]
        for event in extra { lines += ["BEGIN:VEVENT"] + event + ["END:VEVENT"] }
        return try ICalendar.parse((lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n"), zones: zones, now: now)
    }

    static let display = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM"]

    @Test func twoRemindersRingTwiceForEachOccurrence() throws {
        let results = try parse(["UID:two@example.com", "SUMMARY:Dentist", "DTSTART;TZID=Europe/Berlin:20261201T100000",
                                 "BEGIN:VALARM", "UID:a1", "ACTION:DISPLAY", "TRIGGER:-P1D", "END:VALARM",
                                 "BEGIN:VALARM", "UID:a2", "ACTION:AUDIO", "TRIGGER:-PT15M", "END:VALARM"])
        let event = try #require(results.first?.imported)
        #expect(event.record.calendar?.alerts.map(\.uid) == ["a1", "a2"])
        #expect(event.record.repeats)
        #expect(fires(event.record, after: now, count: 5) == [instant("2026-11-30T10:00:00+01:00"), instant("2026-12-01T09:45:00+01:00")])
        // Which reminder rang: the sync acknowledges it by its UID.
        var lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: zones.machine))
        lifecycle.namedZones["Europe/Berlin"] = zones.machine
        let sources = try #require(lifecycle.calendarFires(of: event.record)).sources(at: instant("2026-12-01T09:45:00+01:00"))
        #expect(sources.map(\.alertUID) == ["a2"])
        #expect(sources.first?.occurrence?.text == "20261201T100000")
    }

    @Test func everyOtherWeekUntilADateAndTheFirstMondayOfTheMonth() throws {
        let results = try parse(["UID:class@example.com", "SUMMARY:Class", "DTSTART;TZID=America/New_York:20260907T183000",
                                 "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20261215T000000Z"] + Self.display,
                                extra: [["UID:board@example.com", "SUMMARY:Board", "DTSTART;TZID=Europe/Berlin:20260105T090000",
                                         "RRULE:FREQ=MONTHLY;BYDAY=1MO"] + Self.display])
        let lessons = try #require(results[0].imported)
        #expect(fires(lessons.record, after: now, count: 5) == [instant("2026-11-30T18:15:00-05:00"), instant("2026-12-14T18:15:00-05:00")])
        let board = try #require(results[1].imported)
        #expect(fires(board.record, after: now, count: 2) == [instant("2026-12-07T08:45:00+01:00"), instant("2027-01-04T08:45:00+01:00")])
    }

    @Test func aPastExclusionIsHarmlessAndAFutureOneIsLeftOut() throws {
        let results = try parse(["UID:climb@example.com", "SUMMARY:Climbing", "DTSTART;TZID=Europe/Berlin:20240102T190000",
                                 "RRULE:FREQ=WEEKLY", "EXDATE;TZID=Europe/Berlin:20240109T190000", "EXDATE:20261201T180000Z"] + Self.display)
        let climbing = try #require(results.first?.imported)
        #expect(fires(climbing.record, after: now, count: 2) == [instant("2026-12-08T18:45:00+01:00"), instant("2026-12-15T18:45:00+01:00")])
    }

    @Test func changedOccurrencesMovedRetitledCancelled() throws {
        let master = ["UID:standup@example.com", "SUMMARY:Stand-up", "DTSTART;TZID=Europe/Berlin:20261130T093000", "RRULE:FREQ=DAILY;COUNT=5"] + Self.display
        let moved = ["UID:standup@example.com", "RECURRENCE-ID;TZID=Europe/Berlin:20261201T093000", "DTSTART;TZID=Europe/Berlin:20261201T140000",
                     "SUMMARY:Stand-up (afternoon)"] + Self.display
        let cancelled = ["UID:standup@example.com", "RECURRENCE-ID:20261202T083000Z", "DTSTART;TZID=Europe/Berlin:20261202T093000",
                         "SUMMARY:Stand-up", "STATUS:CANCELLED"]
        let results = try parse(master, extra: [moved, cancelled])
        #expect(results.count == 1)
        let event = try #require(results.first?.imported)
        #expect(event.record.calendar?.overrides.count == 2)
        #expect(fires(event.record, after: now, count: 10) == [
            instant("2026-11-30T09:15:00+01:00"), instant("2026-12-01T13:45:00+01:00"),
            instant("2026-12-03T09:15:00+01:00"), instant("2026-12-04T09:15:00+01:00"),
        ])
        // The moved occurrence rings with its own title; the alarm keeps the event's.
        let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: zones.machine), namedZones: ["Europe/Berlin": zones.machine])
        #expect(lifecycle.ringing(event.record, firedFor: instant("2026-12-01T13:45:00+01:00")).presentation.alert.title.text == "Stand-up (afternoon)")
        #expect(lifecycle.ringing(event.record, firedFor: instant("2026-12-03T09:15:00+01:00")).presentation.alert.title.text == "Stand-up")
    }

    @Test func allDayBirthdayRingsAtNineTheDayBeforeAndWithoutAReminderIsRefused() throws {
        let results = try parse(["UID:bday@example.com", "SUMMARY:Anna's birthday", "DTSTART;VALUE=DATE:19900503", "DTEND;VALUE=DATE:19900504",
                                 "RRULE:FREQ=YEARLY", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15H", "END:VALARM"],
                                extra: [["UID:holiday@example.com", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20261225"]])
        let birthday = try #require(results[0].imported)
        #expect(birthday.record.timeZone == nil)
        #expect(fires(birthday.record, after: now, count: 2) == [instant("2027-05-02T09:00:00+02:00"), instant("2028-05-02T09:00:00+02:00")])
        #expect(results[1].refused?.reason == .allDayWithoutReminder)
    }

    /// RFC 5545 §3.3.6: a day is nominal (09:00 the day before stays 09:00 across the spring
    /// change), 24 hours are exact (08:00 the day before, an hour earlier on the clock).
    @Test func nominalDaysAndExactHoursAcrossTheSpringChange() throws {
        let results = try parse(["UID:dst@example.com", "SUMMARY:After the change", "DTSTART;TZID=Europe/Berlin:20270328T090000",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P1D", "END:VALARM",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT24H", "END:VALARM"])
        let event = try #require(results.first?.imported)
        #expect(fires(event.record, after: now, count: 3) == [instant("2027-03-27T08:00:00+01:00"), instant("2027-03-27T09:00:00+01:00")])
        // Floating (all-day): the wall clock moves by the whole offset, whatever the change:
        // 22 hours before the 29th is 02:00 on the 28th, inside the gap, so 03:00 (exact
        // hours would give 01:00).
        let allDay = try parse(["UID:dst2@example.com", "SUMMARY:Day after the change", "DTSTART;VALUE=DATE:20270329",
                                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT22H", "END:VALARM"])
        #expect(fires(try #require(allDay.first?.imported).record, after: now, count: 1) == [instant("2027-03-28T03:00:00+02:00")])
    }

    @Test func repeatsEndRelativeAndAbsoluteReminders() throws {
        let results = try parse(["UID:rep@example.com", "SUMMARY:Meeting", "DTSTART:20261201T090000Z", "DURATION:PT1H",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT5M", "REPEAT:2", "DURATION:PT2M", "END:VALARM",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20261130T200000Z", "END:VALARM"])
        let event = try #require(results.first?.imported)
        #expect(event.record.timeZone == "UTC")
        #expect(fires(event.record, after: now, count: 10) == [
            instant("2026-11-30T20:00:00Z"), instant("2026-12-01T09:55:00Z"), instant("2026-12-01T09:57:00Z"), instant("2026-12-01T09:59:00Z"),
        ])
    }

    @Test func remindersThatDoNotRingAreNamedRightly() throws {
        let none = try parse(["UID:n@example.com", "SUMMARY:Apple", "DTSTART:20270105T090000Z",
                              "BEGIN:VALARM", "ACTION:NONE", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "END:VALARM"])
        #expect(none.first?.refused?.reason == .noReminder)
        let mail = try parse(["UID:m@example.com", "SUMMARY:Mail", "DTSTART:20270105T090000Z",
                              "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-PT5M", "END:VALARM",
                              "BEGIN:VALARM", "ACTION:NONE", "TRIGGER:-PT5M", "END:VALARM"])
        #expect(mail.first?.refused?.reason == .emailOnly)
        // An e-mail reminder beside a ringing one: only the ringing one counts.
        let mixed = try parse(["UID:x@example.com", "SUMMARY:Mixed", "DTSTART:20270105T090000Z",
                               "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-PT5M", "END:VALARM"] + Self.display)
        #expect(mixed.first?.imported.map { fires($0.record, after: now, count: 5) } == [instant("2027-01-05T08:45:00Z")])
    }

    /// A series ended on its UNTIL (the day the person set in their calendar), or on its last
    /// occurrence when COUNT (or the dates left) ended it.
    @Test func endedSeriesSayWhenAndThisAndFutureIsRefused() throws {
        let ended = try parse(["UID:e@example.com", "SUMMARY:Course", "DTSTART;TZID=Europe/Berlin:20250101T090000",
                               "RRULE:FREQ=WEEKLY;UNTIL=20250701T000000Z"] + Self.display)
        #expect(ended.first?.refused?.reason == .ended(LocalDate(year: 2025, month: 7, day: 1)))
        let counted = try parse(["UID:c@example.com", "SUMMARY:Course", "DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=DAILY;COUNT=3",
                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT9H", "END:VALARM"])
        #expect(counted.first?.refused?.reason == .ended(LocalDate(year: 2025, month: 1, day: 3)))
        // Its last date left out: it ended on the last one it had.
        let excluded = try parse(["UID:x@example.com", "SUMMARY:Course", "DTSTART:20250101T090000Z", "RRULE:FREQ=DAILY;COUNT=3",
                                  "EXDATE:20250103T090000Z"] + Self.display)
        #expect(excluded.first?.refused?.reason == .ended(LocalDate(year: 2025, month: 1, day: 2)))
        let future = try parse(["UID:f@example.com", "SUMMARY:Split", "DTSTART:20270105T090000Z", "RRULE:FREQ=DAILY"] + Self.display,
                               extra: [["UID:f@example.com", "RECURRENCE-ID;RANGE=THISANDFUTURE:20270110T090000Z", "DTSTART:20270110T100000Z"]])
        #expect(future.first?.refused?.reason == .unsupportedRepeat(.thisAndFuture))
    }

    /// Export then import gives the same alarm, for every shape a calendar schedule has.
    @Test func exportThenImportIsIdentity() throws {
        let text = try fixture("../recurrence/corpus.ics")
        let imported = try ICalendar.parse(text, zones: zones, now: instant("2024-06-01T00:00:00Z")).compactMap(\.imported).map(\.record)
        #expect(imported.count > 200)
        let again = try ICalendar.parse(ICalendar.export(imported, zones: zones, now: now), zones: zones, now: instant("2024-06-01T00:00:00Z"))
        let back = again.compactMap(\.imported).map(\.record)
        #expect(back.count == imported.count)
        var mismatches = 0
        for (before, after) in zip(imported, back) {
            var after = configuration(after)
            after.id = before.id  // a foreign UID keeps its alarm's id in the daemon, not in the file
            if after != configuration(before) {
                mismatches += 1
                if mismatches < 4 { Issue.record("\(before.calendarUID ?? ""): \(String(describing: before.calendar)) became \(String(describing: after.calendar))") }
            }
        }
        #expect(mismatches == 0)
    }
}
