import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

/// Partial edits (`change`), undoing a skip, one-off alarms kept after they rang, and what a
/// snooze looks like: pure transitions, checked without a daemon.
@Suite(.timeLimit(.minutes(2))) struct ChangeTests {
    let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: .utc))
    /// 2026-06-01 is a Monday.
    let monday = try! Date("2026-06-01T05:00:00Z", strategy: .iso8601)
    let weekdays = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday])))

    func at(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    func alarm(_ schedule: Alarm.Schedule?, app: String = "alarmctl", title: String = "Call mum", preAlert: TimeInterval? = nil, postAlert: TimeInterval? = 540) throws -> AlarmRecord {
        var presentation = AlarmPresentation(alert: .init(title: .init(stringLiteral: title)))
        presentation.countdown = .init(title: .init(stringLiteral: "\(title) (snoozed)"))
        let record = AlarmRecord(
            id: UUID(), appID: app, schedule: schedule,
            countdownDuration: preAlert == nil && postAlert == nil ? nil : .init(preAlert: preAlert, postAlert: postAlert),
            presentation: presentation, phase: .scheduled(fireDate: monday))
        return try #require(try lifecycle.schedule(record, now: monday).record)
    }

    func renamed(_ record: AlarmRecord, _ title: String) -> AlarmRecord {
        var sent = record
        sent.presentation.alert.title = .init(stringLiteral: title)
        return sent
    }

    @Test func aRenameKeepsATurnedOffAlarmOffAndWhenItWasTurnedOff() throws {
        let off = try #require(try lifecycle.handle(.disable, for: alarm(weekdays), now: monday).record)
        // The client's copy may be stale in every other field: only the title is taken.
        var sent = renamed(off, "Call Mum")
        sent.disabledAt = nil
        sent.schedule = .fixed(at("2026-07-01T09:00:00Z"))
        let changed = try lifecycle.change(off, fields: [.title], from: sent, now: monday.addingTimeInterval(3600))
        let record = try #require(changed.record)
        #expect(record.presentation.alert.title.text == "Call Mum")
        #expect(record.presentation.countdown?.title.text == "Call Mum (snoozed)", "the snooze's title follows the rename")
        #expect(record.disabledAt == off.disabledAt && record.schedule == off.schedule && record.phase == off.phase)
        #expect(changed.effects == [.persist(record)])
    }

    @Test func aRenameKeepsTheSkipAndTheNextDate() throws {
        let skipping = try #require(try lifecycle.handle(.skip, for: alarm(weekdays), now: monday).record)
        let record = try #require(try lifecycle.change(skipping, fields: [.title], from: renamed(skipping, "Gym"), now: monday).record)
        #expect(record.skippedFire == at("2026-06-01T06:30:00Z"))
        #expect(record.phase == .scheduled(fireDate: at("2026-06-02T06:30:00Z")))
    }

    @Test func fieldsWithTheAlarmsOwnValuesChangeNothing() throws {
        let off = try #require(try lifecycle.handle(.disable, for: alarm(.fixed(at("2026-12-24T18:00:00Z"))), now: monday).record)
        let same = try lifecycle.change(off, fields: Set(AlarmField.allCases), from: off, now: monday.addingTimeInterval(60))
        #expect(same.record == off)
        #expect(same.effects.isEmpty)
    }

    @Test func aNewTimeForATurnedOffAlarmLeavesItOff() throws {
        let off = try #require(try lifecycle.handle(.disable, for: alarm(weekdays), now: monday).record)
        var sent = off
        sent.schedule = .relative(.init(time: .init(hour: 7, minute: 15), repeats: .weekly([.saturday])))
        let record = try #require(try lifecycle.change(off, fields: [.schedule], from: sent, now: monday).record)
        #expect(record.disabledAt == off.disabledAt)
        #expect(record.phase == .scheduled(fireDate: at("2026-06-06T07:15:00Z")))
        #expect(lifecycle.deadline(of: record) == nil, "off: never due")
        sent.schedule = .fixed(at("2026-05-01T09:00:00Z"))
        #expect(throws: LifecycleError.self, "a date that has passed could never be turned on") {
            try lifecycle.change(off, fields: [.schedule], from: sent, now: monday)
        }
    }

    @Test func aSkippedDayStaysSkippedWhenOnlyItsTimeMoves() throws {
        let skipping = try #require(try lifecycle.handle(.skip, for: alarm(weekdays), now: monday).record)
        var sent = skipping
        sent.schedule = .relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday])))
        let later = try #require(try lifecycle.change(skipping, fields: [.schedule], from: sent, now: monday).record)
        #expect(later.skippedFire == at("2026-06-01T07:00:00Z"), "Monday is still off")
        #expect(later.phase == .scheduled(fireDate: at("2026-06-02T07:00:00Z")))
        // Saturdays only: the skipped Monday is no date of it any more.
        sent.schedule = .relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly([.saturday])))
        let weekend = try #require(try lifecycle.change(skipping, fields: [.schedule], from: sent, now: monday).record)
        #expect(weekend.skippedFire == nil)
        #expect(weekend.phase == .scheduled(fireDate: at("2026-06-06T07:00:00Z")))
    }

    @Test func aRingingAlarmRenamedRingsOnUnderItsNewName() throws {
        let ringing = try #require(try lifecycle.handle(.due, for: alarm(weekdays), now: at("2026-06-01T06:30:00Z")).record)
        let changed = try lifecycle.change(ringing, fields: [.title], from: renamed(ringing, "Wake up!"), now: at("2026-06-01T06:31:00Z"))
        let record = try #require(changed.record)
        #expect(record.phase == ringing.phase)
        #expect(changed.effects == [.present(record), .persist(record)], "the popup shows the new title; the sound goes on")
    }

    @Test func enabledAndSkipAreFieldsToo() throws {
        let record = try alarm(weekdays)
        var sent = record
        sent.disabledAt = monday
        let off = try #require(try lifecycle.change(record, fields: [.enabled], from: sent, now: monday).record)
        #expect(off.disabledAt == monday)
        sent.disabledAt = nil
        let on = try #require(try lifecycle.change(off, fields: [.enabled], from: sent, now: monday).record)
        #expect(on.disabledAt == nil && on.phase == .scheduled(fireDate: at("2026-06-01T06:30:00Z")))
        sent.skippedFire = monday
        let skipping = try #require(try lifecycle.change(on, fields: [.skip], from: sent, now: monday).record)
        #expect(skipping.skippedFire == at("2026-06-01T06:30:00Z"))
        sent.skippedFire = nil
        let back = try #require(try lifecycle.change(skipping, fields: [.skip], from: sent, now: monday).record)
        #expect(back.skippedFire == nil && back.phase == .scheduled(fireDate: at("2026-06-01T06:30:00Z")))
    }

    @Test func snoozeAndSoundFieldsTakeOnlyTheirParts() throws {
        let record = try alarm(weekdays)
        var sent = renamed(record, "Not taken")
        sent.countdownDuration = .init(preAlert: nil, postAlert: 300)
        sent.sound = SoundSettings(sound: .named("Chime"), volume: 0.5, rampSeconds: 30)
        let changed = try #require(try lifecycle.change(record, fields: [.snooze, .volume], from: sent, now: monday).record)
        #expect(changed.countdownDuration?.postAlert == 300)
        #expect(changed.sound == SoundSettings(sound: .default, volume: 0.5))
        #expect(changed.presentation.alert.title.text == "Call mum")
        #expect(changed.phase == record.phase)
    }

    // MARK: Skips

    @Test func aSecondSkipIsRefusedWhileTheFirstIsAhead() throws {
        let skipping = try #require(try lifecycle.handle(.skip, for: alarm(weekdays), now: monday).record)
        #expect(throws: LifecycleError.alreadySkips(skipped: at("2026-06-01T06:30:00Z"), next: at("2026-06-02T06:30:00Z"))) {
            try lifecycle.handle(.skip, for: skipping, now: monday)
        }
    }

    @Test func unskipRingsTheSkippedDateAfterAll() throws {
        let skipping = try #require(try lifecycle.handle(.skip, for: alarm(weekdays), now: monday).record)
        let back = try lifecycle.handle(.unskip, for: skipping, now: monday)
        #expect(back.record?.phase == .scheduled(fireDate: at("2026-06-01T06:30:00Z")))
        #expect(back.record?.skippedFire == nil)
        #expect(throws: LifecycleError.invalidTransition(event: .unskip, state: .scheduled)) {
            try lifecycle.handle(.unskip, for: back.record!, now: monday)
        }
        // Once the skipped date is behind, there is nothing to undo.
        #expect(throws: LifecycleError.self) { try lifecycle.handle(.unskip, for: skipping, now: at("2026-06-01T07:00:00Z")) }
    }

    @Test func unskipInsideTheCountdownWindowCountsDownAtOnce() throws {
        let record = try alarm(weekdays, preAlert: 600)
        let skipping = try #require(try lifecycle.handle(.skip, for: record, now: monday).record)
        let back = try lifecycle.handle(.unskip, for: skipping, now: at("2026-06-01T06:25:00Z"))
        guard case .countdown(_, let fire, _, _) = back.record?.phase else { Issue.record("\(String(describing: back.record?.phase))"); return }
        #expect(fire == at("2026-06-01T06:30:00Z"))
        #expect(back.effects.contains { if case .present = $0 { true } else { false } })
    }

    // MARK: One-off alarms a person made

    @Test func aPersonsOneOffStaysAfterItRangTurnedOff() throws {
        for app in LifecyclePolicy.personsTools {
            let once = try alarm(.fixed(at("2026-06-01T09:00:00Z")), app: app)
            let ringing = try #require(try lifecycle.handle(.due, for: once, now: at("2026-06-01T09:00:00Z")).record)
            let stopped = try lifecycle.handle(.stop, for: ringing, now: at("2026-06-01T09:01:00Z"))
            let kept = try #require(stopped.record, "\(app)'s one-off is kept")
            #expect(kept.disabledAt == at("2026-06-01T09:01:00Z"))
            #expect(kept.phase == .scheduled(fireDate: at("2026-06-01T09:00:00Z")), "with its date")
            #expect(!stopped.effects.contains(.delete(once.id)))
            #expect(stopped.effects.contains(.stopSound(once.id)) && stopped.effects.contains(.withdraw(once.id)))
            #expect(lifecycle.deadline(of: kept) == nil)
        }
        // A time without a date comes back at its next time when turned on.
        let seven = try alarm(.relative(.init(time: .init(hour: 7, minute: 0), repeats: .never)))
        let rang = try #require(try lifecycle.handle(.due, for: seven, now: at("2026-06-01T07:00:00Z")).record)
        let kept = try #require(try lifecycle.handle(.stop, for: rang, now: at("2026-06-01T07:02:00Z")).record)
        let again = try #require(try lifecycle.handle(.enable, for: kept, now: at("2026-06-01T08:00:00Z")).record)
        #expect(again.phase == .scheduled(fireDate: at("2026-06-02T07:00:00Z")))
    }

    @Test func aOneOffThatRangOutIsKeptOffAndReportedMissed() throws {
        let once = try alarm(.fixed(at("2026-06-01T09:00:00Z")))
        let ringing = try #require(try lifecycle.handle(.due, for: once, now: at("2026-06-01T09:00:00Z")).record)
        let timedOut = try lifecycle.handle(.due, for: ringing, now: at("2026-06-01T09:10:00Z"))
        #expect(timedOut.record?.disabledAt != nil)
        #expect(timedOut.effects.contains { if case .reportMissed = $0 { true } else { false } })
    }

    @Test func anAppsOneOffAndATimerGoAfterStop() throws {
        let once = try alarm(.fixed(at("2026-06-01T09:00:00Z")), app: "org.example.cooking")
        let ringing = try #require(try lifecycle.handle(.due, for: once, now: at("2026-06-01T09:00:00Z")).record)
        #expect(try lifecycle.handle(.stop, for: ringing, now: at("2026-06-01T09:01:00Z")).record == nil)
        let timer = try alarm(nil, preAlert: 60)
        let rang = try #require(try lifecycle.handle(.due, for: timer, now: monday.addingTimeInterval(60)).record)
        #expect(try lifecycle.handle(.stop, for: rang, now: monday.addingTimeInterval(61)).record == nil)
    }

    // MARK: Snoozes

    @Test func aSnoozeIsTheCountdownAfterSnoozeNotTheOneBeforeADate() throws {
        let calendar = lifecycle.calendar
        for preAlert in [nil, 600.0] {
            let record = try alarm(weekdays, preAlert: preAlert, postAlert: preAlert == nil ? 540 : nil)
            #expect(record.snoozedUntil(calendar: calendar) == nil)
            let ringing = try #require(try lifecycle.handle(.due, for: record, now: at("2026-06-01T06:30:00Z")).record)
            #expect(ringing.snoozedUntil(calendar: calendar) == nil)
            let snoozed = try #require(try lifecycle.handle(.countdown, for: ringing, now: at("2026-06-01T06:31:00Z")).record)
            #expect(snoozed.snoozedUntil(calendar: calendar) == at("2026-06-01T06:31:00Z").addingTimeInterval(preAlert ?? 540))
        }
        let before = try alarm(weekdays, preAlert: 600)
        let counting = try #require(try lifecycle.handle(.due, for: before, now: at("2026-06-01T06:20:00Z")).record)
        #expect(counting.phase.state == .countdown)
        #expect(counting.snoozedUntil(calendar: calendar) == nil, "the countdown before a date is no snooze")
    }

    // MARK: Calendar schedules (an event's, or `alarmctl add every 2 weeks ...`)

    /// Mondays at 18:30 every other week from 1 June, reminders a day and 15 minutes before.
    var everyOtherMonday: CalendarSchedule {
        CalendarSchedule(start: CalendarDateTime(year: 2026, month: 6, day: 1, secondOfDay: 66_600),
                         rule: try! RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"),
                         alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1))), CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
    }

    func event(preAlert: TimeInterval? = nil, now: Date? = nil) throws -> AlarmRecord {
        var record = AlarmRecord(
            id: UUID(), appID: "alarmctl", schedule: nil, countdownDuration: .init(preAlert: preAlert, postAlert: 540),
            presentation: AlarmPresentation(alert: .init(title: "Class")), phase: .scheduled(fireDate: monday))
        record.calendar = everyOtherMonday
        return try #require(try lifecycle.schedule(record, now: now ?? monday).record)
    }

    @Test func aRenamedEventKeepsItsScheduleItsSkipAndItsNextReminder() throws {
        let skipping = try #require(try lifecycle.handle(.skip, for: event(), now: monday).record)
        // 18:15 on 1 June skipped: next, the day before the 15th's class.
        #expect(skipping.skippedFire == at("2026-06-01T18:15:00Z"))
        #expect(skipping.phase == .scheduled(fireDate: at("2026-06-14T18:30:00Z")))
        // A client's copy may hold the AlarmKit-shaped view only: the rename takes its title alone.
        var sent = renamed(skipping, "Evening class")
        sent.schedule = skipping.schedule
        let changed = try lifecycle.change(skipping, fields: [.title], from: sent, now: monday)
        let record = try #require(changed.record)
        #expect(record.calendar == everyOtherMonday)
        #expect(record.phase == skipping.phase && record.skippedFire == skipping.skippedFire)
        #expect(record.presentation.alert.title.text == "Evening class")
    }

    @Test func aNewEventScheduleIsScheduledAfreshAndAnAlarmKitOneReplacesIt() throws {
        let record = try event()
        var sent = record
        var weekly = everyOtherMonday
        weekly.rule = try RecurrenceRule(text: "FREQ=WEEKLY;BYDAY=TU")
        weekly.start = CalendarDateTime(year: 2026, month: 6, day: 2, secondOfDay: 66_600)
        sent.calendar = weekly
        let moved = try #require(try lifecycle.change(record, fields: [.schedule], from: sent, now: monday).record)
        #expect(moved.calendar == weekly)
        #expect(moved.phase == .scheduled(fireDate: at("2026-06-01T18:30:00Z")), "a day before Tuesday's 18:30")
        var plain = record
        plain.schedule = .relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly([.monday])))
        let replaced = try #require(try lifecycle.change(record, fields: [.schedule], from: plain, now: monday).record)
        #expect(replaced.calendar == nil)
        #expect(replaced.phase == .scheduled(fireDate: at("2026-06-01T07:00:00Z")))
    }

    @Test func anEventsSkipIsUndoneAndOneAtATime() throws {
        let record = try event()
        let first = try #require(Lifecycle.fire(of: record))
        let skipping = try #require(try lifecycle.handle(.skip, for: record, now: monday).record)
        #expect(skipping.skippedFire == first)
        let next = try #require(Lifecycle.fire(of: skipping))
        #expect(first == at("2026-06-01T18:15:00Z") && next == at("2026-06-14T18:30:00Z"))
        #expect(throws: LifecycleError.alreadySkips(skipped: first, next: next)) { try lifecycle.handle(.skip, for: skipping, now: monday) }
        let back = try #require(try lifecycle.handle(.unskip, for: skipping, now: monday).record)
        #expect(back.phase == .scheduled(fireDate: first) && back.skippedFire == nil)
        // The same through a partial edit's skip field.
        var sent = skipping
        sent.skippedFire = nil
        let unskipped = try #require(try lifecycle.change(skipping, fields: [.skip], from: sent, now: monday).record)
        #expect(unskipped.phase == .scheduled(fireDate: first) && unskipped.skippedFire == nil)
    }

    /// The countdown before an event's reminder ends on one of its fires (not on the AlarmKit
    /// view's time of day), and a snooze does not.
    @Test func anEventsCountdownIsNoSnoozeItsSnoozeIs() throws {
        let calendar = lifecycle.calendar
        let record = try event(preAlert: 600, now: at("2026-05-31T12:00:00Z"))
        #expect(record.phase == .scheduled(fireDate: at("2026-05-31T18:30:00Z")))
        let counting = try #require(try lifecycle.handle(.due, for: record, now: at("2026-05-31T18:20:00Z")).record)
        #expect(counting.phase.state == .countdown)
        #expect(counting.snoozedUntil(calendar: calendar) == nil)
        let ringing = try #require(try lifecycle.handle(.due, for: counting, now: at("2026-05-31T18:30:00Z")).record)
        let stopped = try #require(try lifecycle.handle(.stop, for: ringing, now: at("2026-05-31T18:31:00Z")).record)
        // The second reminder's countdown, at 18:05 the next day: the view's time is 18:30.
        let second = try #require(try lifecycle.handle(.due, for: stopped, now: at("2026-06-01T18:05:00Z")).record)
        guard case .countdown(_, let fire, _, _) = second.phase else { Issue.record("\(second.phase)"); return }
        #expect(fire == at("2026-06-01T18:15:00Z"))
        #expect(second.snoozedUntil(calendar: calendar) == nil, "the countdown before the 18:15 reminder is no snooze")
        let rang = try #require(try lifecycle.handle(.due, for: second, now: fire).record)
        let snoozed = try #require(try lifecycle.handle(.countdown, for: rang, now: at("2026-06-01T18:16:00Z")).record)
        #expect(snoozed.snoozedUntil(calendar: calendar) == at("2026-06-01T18:25:00Z"))
    }
}
