import AlarmCore
import AlarmModel
import Foundation
import Testing

/// The lifecycle of an alarm with an event's schedule, without a clock: every reminder of
/// every occurrence rings once, Stop moves to the next, a series that ends (COUNT, UNTIL) ends
/// like a one-shot (a person's kept, turned off; an app's and a subscribed calendar's gone),
/// skip, disable and enable follow the merged fires, a late fire is missed as for any alarm,
/// and a floating event follows the machine's zone.
@Suite(.timeLimit(.minutes(2))) struct CalendarLifecycleTests {
    let berlin = zone("Europe/Berlin")

    func record(_ schedule: CalendarSchedule, zone: String? = "Europe/Berlin", app: String = "alarmctl") -> AlarmRecord {
        var record = AlarmRecord(id: UUID(), appID: app, schedule: nil, countdownDuration: nil,
                                 presentation: AlarmPresentation(alert: .init(title: "Class")), phase: .scheduled(fireDate: Date(timeIntervalSince1970: 0)))
        record.calendar = schedule
        record.timeZone = zone
        return record
    }

    var lifecycle: Lifecycle { Lifecycle(calendar: FireTimeCalendar(timeZone: berlin), namedZones: ["Europe/Berlin": berlin]) }

    /// Three Mondays at 18:30, reminders a day and 15 minutes before.
    var threeMondays: CalendarSchedule {
        CalendarSchedule(start: CalendarDateTime(year: 2026, month: 11, day: 30, secondOfDay: 66_600),
                         rule: try! RecurrenceRule(text: "FREQ=WEEKLY;COUNT=3"),
                         alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1))), CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
    }

    func fire(of record: AlarmRecord?) -> Date? {
        if case .scheduled(let fire)? = record?.phase { fire } else { nil }
    }

    @Test func everyReminderRingsThenTheSeriesEndsLikeAOneShot() throws {
        let now = instant("2026-11-26T12:00:00+01:00")
        for app in ["alarmctl", "org.openalarmkit.Alarms", "calendar:work", "org.example.classes"] {
            var current = try lifecycle.schedule(record(threeMondays, app: app), now: now).record
            var rang: [Date] = []
            var last: Transition?
            while let due = fire(of: current), current?.disabledAt == nil {
                let ringing = try lifecycle.handle(.due, for: current!, now: due)
                guard case .alerting(_, let firedFor)? = ringing.record?.phase else { Issue.record("\(app): did not ring at \(due)"); return }
                rang.append(firedFor)
                last = try lifecycle.handle(.stop, for: ringing.record!, now: due + 5)
                current = last?.record
            }
            #expect(rang == ["2026-11-29T18:30:00+01:00", "2026-11-30T18:15:00+01:00", "2026-12-06T18:30:00+01:00", "2026-12-07T18:15:00+01:00",
                             "2026-12-13T18:30:00+01:00", "2026-12-14T18:15:00+01:00"].map(instant), "\(app)")
            let end = try #require(last)
            if LifecyclePolicy.personsTools.contains(app) {
                // A person's series that ended stays, turned off, as their one-off alarms do.
                let kept = try #require(end.record, "\(app)'s ended series is kept")
                #expect(kept.disabledAt == instant("2026-12-14T18:15:05+01:00"))
                #expect(kept.calendar == threeMondays)
                #expect(!end.effects.contains { if case .delete = $0 { true } else { false } })
                #expect(lifecycle.deadline(of: kept) == nil, "it waits for nothing")
                #expect(throws: LifecycleError.self) { try lifecycle.handle(.enable, for: kept, now: instant("2026-12-15T00:00:00+01:00")) }
            } else {
                #expect(end.record == nil, "\(app)'s ended series goes")
                #expect(end.effects.contains { if case .delete = $0 { true } else { false } })
            }
        }
    }

    /// A person's series that ended and is kept off comes back with a new time: `change` gives
    /// it a schedule afresh and turns it on.
    @Test func aKeptSeriesComesBackWithANewSchedule() throws {
        let now = instant("2026-11-26T12:00:00+01:00")
        var current = try lifecycle.schedule(record(threeMondays), now: now).record
        while let due = fire(of: current), current?.disabledAt == nil {
            let ringing = try #require(try lifecycle.handle(.due, for: current!, now: due).record)
            current = try lifecycle.handle(.stop, for: ringing, now: due + 5).record
        }
        let kept = try #require(current)
        var sent = kept
        var again = threeMondays
        again.start = CalendarDateTime(year: 2027, month: 1, day: 4, secondOfDay: 66_600)
        sent.calendar = again
        sent.disabledAt = nil
        let changed = try lifecycle.change(kept, fields: [.schedule, .enabled], from: sent, now: instant("2026-12-20T12:00:00+01:00"))
        let back = try #require(changed.record)
        #expect(back.disabledAt == nil && back.calendar == again)
        #expect(fire(of: back) == instant("2027-01-03T18:30:00+01:00"))
    }

    @Test func skipDisableAndEnableFollowTheMergedFires() throws {
        let now = instant("2026-11-26T12:00:00+01:00")
        let scheduled = try #require(try lifecycle.schedule(record(threeMondays), now: now).record)
        #expect(fire(of: scheduled) == instant("2026-11-29T18:30:00+01:00"))
        let skipped = try #require(try lifecycle.handle(.skip, for: scheduled, now: now).record)
        #expect(fire(of: skipped) == instant("2026-11-30T18:15:00+01:00"))
        #expect(skipped.skippedFire == instant("2026-11-29T18:30:00+01:00"))
        let off = try #require(try lifecycle.handle(.disable, for: skipped, now: now).record)
        let on = try #require(try lifecycle.handle(.enable, for: off, now: instant("2026-12-06T19:00:00+01:00")).record)
        #expect(fire(of: on) == instant("2026-12-07T18:15:00+01:00"))
        // After the last reminder, nothing is left to enable.
        #expect(throws: LifecycleError.self) { try lifecycle.handle(.enable, for: off, now: instant("2026-12-20T00:00:00+01:00")) }
    }

    @Test func aFireTooLateIsMissedAndTheNextOneWaits() throws {
        let scheduled = try #require(try lifecycle.schedule(record(threeMondays), now: instant("2026-11-26T12:00:00+01:00")).record)
        // Asleep from before the first reminder until an hour after it.
        let late = try lifecycle.handle(.due, for: scheduled, now: instant("2026-11-29T19:30:00+01:00"))
        #expect(late.effects.contains { if case .reportMissed(_, .tooLate) = $0 { true } else { false } })
        #expect(fire(of: late.record) == instant("2026-11-30T18:15:00+01:00"))
    }

    /// An all-day event floats: after a move from Berlin to New York its 09:00-the-day-before
    /// reminder rings at 09:00 New York time.
    @Test func aFloatingEventFollowsTheMachinesZone() throws {
        let birthday = CalendarSchedule(start: CalendarDateTime(year: 1990, month: 5, day: 3), rule: RecurrenceRule(frequency: .yearly),
                                        alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -54_000)))])
        let now = instant("2027-04-01T12:00:00+02:00")
        let scheduled = try #require(try lifecycle.schedule(record(birthday, zone: nil), now: now).record)
        #expect(fire(of: scheduled) == instant("2027-05-02T09:00:00+02:00"))
        var moved = lifecycle
        moved.calendar = FireTimeCalendar(timeZone: zone("America/New_York"))
        let there = moved.timeZoneChanged(scheduled, from: berlin, now: now)
        #expect(fire(of: there.record) == instant("2027-05-02T09:00:00-04:00"))
        // An event in a zone of its own stays.
        let zoned = try #require(try lifecycle.schedule(record(threeMondays), now: now.addingTimeInterval(-86400 * 200)).record)
        #expect(moved.timeZoneChanged(zoned, from: berlin, now: now).record == zoned)
    }

    /// The next fire comes from the instant asked about, not from walking the series: a daily
    /// rule from 1970 answers for 2090 as one from last week does.
    @Test func theNextFireDoesNotWalkTheSeries() throws {
        let old = CalendarSchedule(start: CalendarDateTime(year: 1970, month: 1, day: 1, secondOfDay: 7 * 3600), rule: RecurrenceRule(frequency: .daily, interval: 3))
        let fires = CalendarFires(schedule: old, calendar: FireTimeCalendar(timeZone: berlin), floating: false)
        let next = try #require(fires.nextFire(after: instant("2090-06-01T12:00:00+02:00")))
        let days = Int((next.timeIntervalSince1970 + 7200) / 86_400)
        #expect(days % 3 == 0 && next > instant("2090-06-01T12:00:00+02:00") && next < instant("2090-06-04T12:00:00+02:00"))
    }

    /// RFC 5545 corner cases: DTSTART is the first occurrence even where the rule would not
    /// pick it, and counts towards COUNT; the 31st only in months that have one; BYSETPOS.
    @Test func rfc5545Corners() {
        func dates(_ rule: String, start: CalendarDateTime, count: Int) -> [String] {
            let fires = CalendarFires(schedule: CalendarSchedule(start: start, rule: try! RecurrenceRule(text: rule)),
                                      calendar: FireTimeCalendar(timeZone: berlin), floating: false)
            return fires.fires(after: instant("2025-12-31T00:00:00Z")).prefix(count).map { FireTimeCalendar(timeZone: berlin).localDate(of: $0).description }
        }
        let thursday = CalendarDateTime(year: 2026, month: 1, day: 1, secondOfDay: 32_400)
        #expect(dates("FREQ=WEEKLY;BYDAY=MO;COUNT=3", start: thursday, count: 5) == ["2026-01-01", "2026-01-05", "2026-01-12"])
        let thirtyFirst = CalendarDateTime(year: 2026, month: 1, day: 31, secondOfDay: 32_400)
        #expect(dates("FREQ=MONTHLY", start: thirtyFirst, count: 4) == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"])
        #expect(dates("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", start: CalendarDateTime(year: 2026, month: 1, day: 30, secondOfDay: 32_400), count: 3)
                == ["2026-01-30", "2026-02-27", "2026-03-31"])
        #expect(dates("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", start: CalendarDateTime(year: 2028, month: 2, day: 29, secondOfDay: 0), count: 3)
                == ["2028-02-29", "2032-02-29", "2036-02-29"])
    }
}

/// A COUNT counted by multiplication (daily, weekly on days) gives the same fires as a walk
/// from the start, from any instant, with DTSTART on or off the rule.
@Suite(.timeLimit(.minutes(2))) struct CountJumpTests {
    @Test func countedByMultiplicationAsByWalking() {
        let berlin = zone("Europe/Berlin")
        let calendar = FireTimeCalendar(timeZone: berlin)
        for text in ["FREQ=DAILY;COUNT=40", "FREQ=DAILY;INTERVAL=3;COUNT=25", "FREQ=WEEKLY;COUNT=30", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=21",
                     "FREQ=WEEKLY;BYDAY=SU,TU;WKST=SU;COUNT=17", "FREQ=WEEKLY;INTERVAL=3;BYDAY=FR;COUNT=9"] {
            for startDay in [4, 5, 7] {  // a Sunday, a Monday, a Wednesday: on and off the rule
                let schedule = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 1, day: startDay, secondOfDay: 9 * 3600), rule: try! RecurrenceRule(text: text))
                let fires = CalendarFires(schedule: schedule, calendar: calendar, floating: false)
                let all = Array(fires.fires(after: instant("2026-01-01T00:00:00+01:00")).prefix(200))
                #expect(all.count == schedule.rule?.count, "\(text) from \(startDay): DTSTART and the rule's dates, COUNT in all")
                for (index, fire) in all.enumerated() {
                    #expect(fires.nextFire(after: fire.addingTimeInterval(-3600 * 30)).map { all.contains($0) } ?? false, "\(text) from \(startDay)")
                    #expect(fires.nextFire(after: fire) == (index + 1 < all.count ? all[index + 1] : nil), "\(text) from \(startDay), after fire \(index)")
                }
                #expect(fires.nextFire(after: all.last!.addingTimeInterval(86_400 * 400)) == nil)
            }
        }
    }
}
