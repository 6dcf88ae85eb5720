import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Our own events are read back as they were written, also once they ring no more: a
/// one-off that rang and a series that ended come back turned off, never refused (issue 40,
/// item 6); another program's stay refused, also when this machine wrote its marks into them.
@Suite(.timeLimit(.minutes(1))) struct OwnEventsKeptTests {
    let written = instant("2026-11-26T12:00:00Z")
    let later = instant("2026-12-03T12:00:00Z")

    func record(_ title: String, _ schedule: Alarm.Schedule?, app: String = "alarmctl") -> AlarmRecord {
        AlarmRecord(id: UUID(), appID: app, schedule: schedule, countdownDuration: nil, presentation: AlarmPresentation(alert: .init(title: .init(title))),
                    phase: .scheduled(fireDate: written))
    }

    /// A daily course that ended on 1 December (COUNT, UNTIL), as an import of another
    /// program's event gives it.
    func course(_ rule: String) throws -> AlarmRecord {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
                    "BEGIN:VEVENT", "UID:course@example.com", "SUMMARY:Course", "DTSTART;TZID=Europe/Berlin:20261130T090000", rule,
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""]
        return try #require(try ICalendar.parse(text.joined(separator: "\r\n"), zones: zones, now: written).first?.imported).record
    }

    @Test func aOneOffThatRangAndWasStoppedComesBackOff() throws {
        var stopped = record("Parcel", .fixed(instant("2026-11-27T08:30:00Z")))
        stopped.disabledAt = instant("2026-11-27T08:30:04Z").addingTimeInterval(0.25)
        let never = record("Missed", .fixed(instant("2026-11-28T07:00:00Z")))  // written before it rang, never again
        let text = ICalendar.export([stopped, never], zones: zones, now: written)
        let results = try ICalendar.parse(text, zones: zones, now: later)
        let back = results.compactMap(\.imported)
        #expect(back.count == 2, "\(results.compactMap(\.refused))")
        #expect(back.first?.record.id == stopped.id && back.first?.record.schedule == stopped.schedule)
        #expect(back.first?.record.disabledAt == stopped.disabledAt, "off since it was stopped, as written")
        #expect(back.first?.ended?.reason == .passed(EventTime(date: LocalDate(year: 2026, month: 11, day: 27), minuteOfDay: 8 * 60 + 30, zone: "UTC")))
        #expect(back.last?.record.disabledAt == instant("2026-11-28T07:00:00Z"), "off since its time, never rung late")
        // Still ahead, it is on and nothing ended.
        let ahead = try ICalendar.parse(ICalendar.export([never], zones: zones, now: written), zones: zones, now: written).first?.imported
        #expect(ahead?.record.disabledAt == nil && ahead?.ended == nil)
    }

    @Test func anEndedSeriesOfOursComesBackOffWithItsSchedule() throws {
        for rule in ["RRULE:FREQ=DAILY;COUNT=2", "RRULE:FREQ=DAILY;UNTIL=20261201T235959Z"] {
            var series = try course(rule)
            series.disabledAt = instant("2026-12-01T08:45:02Z")
            let text = ICalendar.export([series], zones: zones, now: written)
            let back = try #require(try ICalendar.parse(text, zones: zones, now: later).first?.imported, "\(rule)")
            #expect(back.record.calendar == series.calendar && back.record.timeZone == "Europe/Berlin", "\(rule)")
            #expect(back.record.disabledAt == series.disabledAt, "\(rule)")
            #expect(back.record.calendarUID == "course@example.com", "\(rule)")
            #expect(back.ended?.reason == .ended(LocalDate(year: 2026, month: 12, day: 1)), "\(rule)")
        }
    }

    /// Another program's event that passed stays refused, with its reason, also after this
    /// machine turned it off or skipped a date in it (X-OPENALARMKIT-* written in place): the
    /// patch never adds the app, the mark of an event we wrote whole.
    @Test func anotherProgramsPastEventStaysRefusedAlsoWithOurMarks() throws {
        let meeting = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
                       "BEGIN:VEVENT", "UID:meeting@example.com", "DTSTAMP:20261101T080000Z", "SUMMARY:Meeting",
                       "DTSTART:20261127T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT10M", "END:VALARM",
                       "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        var here = try #require(try ICalendar.parse(meeting, zones: zones, now: written).first?.imported).record
        here.disabledAt = written
        here.appID = "org.openalarmkit.Alarms"
        here.sound.volume = 0.5
        let patched = try ForeignEvent.patch(meeting, uid: "meeting@example.com", record: here, marks: nil, zones: zones, now: written)
        #expect(patched.text.contains("X-OPENALARMKIT-DISABLED:") && patched.text.contains("X-OPENALARMKIT-VOLUME:0.5"))
        #expect(!patched.text.contains("X-OPENALARMKIT-APP"))
        for text in [meeting, patched.text] {
            let refused = try ICalendar.parse(text, zones: zones, now: later).first?.refused
            #expect(refused?.reason == .passed(EventTime(date: LocalDate(year: 2026, month: 11, day: 27), minuteOfDay: 8 * 60 + 50, zone: "UTC")))
        }
        let ended = try ICalendar.parse(ICalendar.export([try course("RRULE:FREQ=DAILY;COUNT=2")], zones: zones, now: written)
            .replacingOccurrences(of: "X-OPENALARMKIT-APP:alarmctl\r\n", with: ""), zones: zones, now: later).first?.refused
        #expect(ended?.reason == .ended(LocalDate(year: 2026, month: 12, day: 1)), "without the app, not ours")
    }

    /// The daemon takes such an alarm in as it came (`Lifecycle.arrivedEnded`): off, at its
    /// date, in place of the copy it had (a ring of it ends); one that still rings, or is on,
    /// is scheduled as any other.
    @Test func theLifecycleTakesAnEndedAlarmInAsItCame() throws {
        let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: zones.machine))
        let date = instant("2026-11-27T08:30:00Z")
        var arriving = record("Parcel", .fixed(date))
        arriving.disabledAt = instant("2026-11-27T08:31:00Z")
        var ringing = arriving
        ringing.disabledAt = nil
        ringing.appID = "e2e"
        ringing.phase = .alerting(since: date, firedFor: date)
        let step = try #require(lifecycle.arrivedEnded(arriving, replacing: ringing, now: date.addingTimeInterval(90)))
        #expect(step.record?.phase == .scheduled(fireDate: date) && step.record?.disabledAt == arriving.disabledAt)
        #expect(step.record?.appID == "e2e", "the app of the alarm it replaces")
        #expect(step.effects == [.stopSound(arriving.id), .withdraw(arriving.id), .persist(step.record!)])
        // Turned off later than now (another machine's clock ahead): off from now.
        #expect(lifecycle.arrivedEnded(arriving, replacing: nil, now: date)?.record?.disabledAt == date)
        var on = arriving
        on.disabledAt = nil
        #expect(lifecycle.arrivedEnded(on, replacing: nil, now: later) == nil)
        #expect(lifecycle.arrivedEnded(arriving, replacing: nil, now: date.addingTimeInterval(-60)) == nil, "still ahead")
    }
}
