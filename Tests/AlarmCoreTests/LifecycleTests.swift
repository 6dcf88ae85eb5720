import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

/// Instants written as ISO 8601, so every expectation reads as a wall-clock fact.
private func at(_ iso: String) -> Date {
    try! Date(iso, strategy: .iso8601)
}

private let utc = zone("UTC")
private let policy = LifecyclePolicy(defaultSnooze: 540, ringTimeout: 600, lateTolerance: 600)
private let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: utc), policy: policy)
private let presentation = AlarmPresentation(alert: .init(title: "Wake up"))

private func record(
    schedule: Alarm.Schedule? = nil, preAlert: TimeInterval? = nil, postAlert: TimeInterval? = nil,
    phase: AlarmRecord.Phase = .scheduled(fireDate: at("2026-06-01T06:30:00Z"))
) -> AlarmRecord {
    let countdown = preAlert == nil && postAlert == nil ? nil : Alarm.CountdownDuration(preAlert: preAlert, postAlert: postAlert)
    return AlarmRecord(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!, appID: "test",
        schedule: schedule, countdownDuration: countdown, presentation: presentation, phase: phase)
}

extension Locale.Weekday {
    static let allWeekdays: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
}

/// Mondays and Wednesdays at 06:30 UTC. 2026-06-01 is a Monday.
private let weekly = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .wednesday])))
private let fixedFire = at("2026-06-01T06:30:00Z")
private let oneShot = Alarm.Schedule.fixed(fixedFire)

@Suite(.timeLimit(.minutes(1))) struct SchedulingTests {
    @Test func timerStartsCountingDownAtOnce() throws {
        let now = at("2026-06-01T10:00:00Z")
        let t = try lifecycle.schedule(record(preAlert: 300), now: now)
        let expected = AlarmRecord.Phase.countdown(startDate: now, fireDate: at("2026-06-01T10:05:00Z"), total: 300, previouslyElapsed: 0)
        #expect(t.record?.phase == expected)
        #expect(t.effects == [.persist(t.record!), .present(t.record!)])
    }

    @Test func fixedAlarmWaitsForItsDate() throws {
        let t = try lifecycle.schedule(record(schedule: oneShot), now: at("2026-06-01T05:00:00Z"))
        #expect(t.record?.phase == .scheduled(fireDate: fixedFire))
        #expect(t.effects == [.persist(t.record!)])
        #expect(lifecycle.deadline(of: t.record!) == fixedFire)
    }

    @Test func preAlertMovesTheDeadlineEarlier() throws {
        let t = try lifecycle.schedule(record(schedule: oneShot, preAlert: 600), now: at("2026-06-01T05:00:00Z"))
        #expect(lifecycle.deadline(of: t.record!) == at("2026-06-01T06:20:00Z"))
    }

    @Test func schedulingInsideThePreAlertWindowCountsDownWhatIsLeft() throws {
        let now = at("2026-06-01T06:25:00Z")
        let t = try lifecycle.schedule(record(schedule: oneShot, preAlert: 600), now: now)
        #expect(t.record?.phase == .countdown(startDate: now, fireDate: fixedFire, total: 600, previouslyElapsed: 300))
        #expect(t.effects == [.persist(t.record!), .present(t.record!)])
    }

    @Test func alarmsThatCanNeverFireAreRefused() {
        let now = at("2026-06-01T07:00:00Z")
        let never = Alarm.Schedule.relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly([])))
        #expect(throws: LifecycleError.neverFires("its date has already passed")) {
            try lifecycle.schedule(record(schedule: oneShot), now: now)
        }
        #expect(throws: LifecycleError.neverFires("its schedule selects no day")) {
            try lifecycle.schedule(record(schedule: never), now: now)
        }
        #expect(throws: LifecycleError.neverFires("it has neither a schedule nor a countdown")) {
            try lifecycle.schedule(record(), now: now)
        }
        for bad in [0, -5, Double.nan, Double.infinity] {
            #expect(throws: LifecycleError.self) { try lifecycle.schedule(record(preAlert: bad), now: now) }
            #expect(throws: LifecycleError.self) { try lifecycle.schedule(record(preAlert: 60, postAlert: bad), now: now) }
        }
    }

    @Test func theRecordsOwnPhaseIsIgnored() throws {
        let now = at("2026-06-01T05:00:00Z")
        let stale = record(schedule: oneShot, phase: .alerting(since: now, firedFor: now))
        #expect(try lifecycle.schedule(stale, now: now).record?.phase == .scheduled(fireDate: fixedFire))
    }
}

@Suite(.timeLimit(.minutes(1))) struct TimeTests {
    @Test func nothingHappensBeforeTheDeadline() throws {
        let r = record(schedule: oneShot)
        let t = try lifecycle.handle(.due, for: r, now: fixedFire - 0.001)
        #expect(t == Transition(record: r, effects: []))
    }

    @Test func scheduledAlarmRingsAtItsFireTime() throws {
        let t = try lifecycle.handle(.due, for: record(schedule: oneShot), now: fixedFire)
        let ringing = record(schedule: oneShot, phase: .alerting(since: fixedFire, firedFor: fixedFire))
        #expect(t == Transition(record: ringing, effects: [.persist(ringing), .startSound(ringing), .present(ringing)]))
    }

    @Test func preAlertCountdownStartsAtFireMinusPreAlert() throws {
        let start = at("2026-06-01T06:20:00Z")
        let t = try lifecycle.handle(.due, for: record(schedule: oneShot, preAlert: 600), now: start)
        #expect(t.record?.phase == .countdown(startDate: start, fireDate: fixedFire, total: 600, previouslyElapsed: 0))
        #expect(t.effects == [.persist(t.record!), .present(t.record!)])
        // ...and then rings at the fire time.
        let ring = try lifecycle.handle(.due, for: t.record!, now: fixedFire)
        #expect(ring.record?.phase == .alerting(since: fixedFire, firedFor: fixedFire))
    }

    @Test func aSlightlyLateFireStillRings() throws {
        let late = fixedFire + 599
        let t = try lifecycle.handle(.due, for: record(schedule: oneShot), now: late)
        #expect(t.record?.phase == .alerting(since: late, firedFor: fixedFire))
    }

    @Test func aFireLaterThanTheToleranceIsReportedMissed() throws {
        let r = record(schedule: oneShot)
        let t = try lifecycle.handle(.due, for: r, now: fixedFire + 601)
        #expect(t == Transition(record: nil, effects: [.reportMissed(r, reason: .tooLate), .delete(r.id)]))
    }

    @Test func aMissedRepeatingAlarmMovesToItsNextDate() throws {
        // Missed Monday 06:30 by an hour: next is Wednesday 06:30.
        let r = record(schedule: weekly, phase: .scheduled(fireDate: fixedFire))
        let t = try lifecycle.handle(.due, for: r, now: at("2026-06-01T07:30:00Z"))
        #expect(t.record?.phase == .scheduled(fireDate: at("2026-06-03T06:30:00Z")))
        #expect(t.effects == [.reportMissed(r, reason: .tooLate), .persist(t.record!)])
    }

    @Test func aLateCountdownIsMissedAndWithdrawn() throws {
        let r = record(preAlert: 60, phase: .countdown(startDate: fixedFire - 60, fireDate: fixedFire, total: 60, previouslyElapsed: 0))
        let t = try lifecycle.handle(.due, for: r, now: fixedFire + 3600)
        #expect(t == Transition(record: nil, effects: [.withdraw(r.id), .reportMissed(r, reason: .tooLate), .delete(r.id)]))
    }

    @Test func ringingStopsByItselfAfterTheRingTimeout() throws {
        let r = record(schedule: oneShot, phase: .alerting(since: fixedFire, firedFor: fixedFire))
        #expect(try lifecycle.handle(.due, for: r, now: fixedFire + 599).effects.isEmpty)
        let t = try lifecycle.handle(.due, for: r, now: fixedFire + 600)
        #expect(t == Transition(record: nil, effects: [.stopSound(r.id), .withdraw(r.id), .reportMissed(r, reason: .ringTimeout), .delete(r.id)]))
    }

    @Test func aPausedAlarmHasNoDeadline() throws {
        let r = record(preAlert: 60, phase: .paused(total: 60, previouslyElapsed: 10))
        #expect(lifecycle.deadline(of: r) == nil)
        #expect(try lifecycle.handle(.due, for: r, now: .distantFuture).effects.isEmpty)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ButtonTests {
    let ringing = record(schedule: oneShot, preAlert: nil, postAlert: 300, phase: .alerting(since: fixedFire, firedFor: fixedFire))

    @Test func stopEndsAOneShotAlarm() throws {
        let t = try lifecycle.handle(.stop, for: ringing, now: fixedFire + 5)
        #expect(t == Transition(record: nil, effects: [.stopSound(ringing.id), .withdraw(ringing.id), .performIntent(ringing.id, .stop), .delete(ringing.id)]))
    }

    @Test func stopMovesARepeatingAlarmToItsNextDate() throws {
        var r = ringing
        r.schedule = weekly
        let t = try lifecycle.handle(.stop, for: r, now: fixedFire + 5)
        var next = r
        next.phase = .scheduled(fireDate: at("2026-06-03T06:30:00Z"))
        #expect(t == Transition(record: next, effects: [.stopSound(r.id), .withdraw(r.id), .performIntent(r.id, .stop), .persist(next)]))
    }

    @Test func stoppingASnoozedRepeatingAlarmSkipsToTheFollowingDate() throws {
        // Snoozed past Wednesday's fire: stop must not ring Wednesday twice.
        var r = ringing
        r.schedule = weekly
        r.phase = .countdown(startDate: at("2026-06-03T06:30:00Z"), fireDate: at("2026-06-03T06:39:00Z"), total: 540, previouslyElapsed: 0)
        let t = try lifecycle.handle(.stop, for: r, now: at("2026-06-03T06:31:00Z"))
        #expect(t.record?.phase == .scheduled(fireDate: at("2026-06-08T06:30:00Z")))
    }

    @Test func customRunsTheSecondaryIntentAndEndsTheAlert() throws {
        let t = try lifecycle.handle(.custom, for: ringing, now: fixedFire + 5)
        #expect(t.record == nil)
        #expect(t.effects.contains(.performIntent(ringing.id, .secondary)))
        #expect(t.effects.contains(.stopSound(ringing.id)))
    }

    @Test func snoozeCountsDownPostAlert() throws {
        let now = fixedFire + 5
        let t = try lifecycle.handle(.countdown, for: ringing, now: now)
        var next = ringing
        next.phase = .countdown(startDate: now, fireDate: now + 300, total: 300, previouslyElapsed: 0)
        #expect(t == Transition(record: next, effects: [.stopSound(ringing.id), .persist(next), .present(next)]))
        // ...and rings again when it ends.
        let again = try lifecycle.handle(.due, for: next, now: now + 300)
        #expect(again.record?.phase == .alerting(since: now + 300, firedFor: now + 300))
    }

    @Test(arguments: [
        (Double?.none, Double?.some(120), 120.0),  // postAlert nil: preAlert
        (nil, nil, 540),  // neither: the configured default
        (30, 120, 30),  // postAlert wins
    ])
    func snoozeLength(postAlert: Double?, preAlert: Double?, expected: Double) throws {
        var r = ringing
        r.countdownDuration = postAlert == nil && preAlert == nil ? nil : .init(preAlert: preAlert, postAlert: postAlert)
        let t = try lifecycle.handle(.countdown, for: r, now: fixedFire)
        #expect(t.record?.phase == .countdown(startDate: fixedFire, fireDate: fixedFire + expected, total: expected, previouslyElapsed: 0))
    }

    @Test func pauseAndResumeKeepTheElapsedTime() throws {
        let start = at("2026-06-01T10:00:00Z")
        let timer = try lifecycle.schedule(record(preAlert: 600), now: start).record!
        let paused = try lifecycle.handle(.pause, for: timer, now: start + 100).record!
        #expect(paused.phase == .paused(total: 600, previouslyElapsed: 100))
        // Paused for an hour (or across a daemon restart): nothing moves.
        let resumed = try lifecycle.handle(.resume, for: paused, now: start + 3700).record!
        #expect(resumed.phase == .countdown(startDate: start + 3700, fireDate: start + 4200, total: 600, previouslyElapsed: 100))
        let pausedAgain = try lifecycle.handle(.pause, for: resumed, now: start + 3750).record!
        #expect(pausedAgain.phase == .paused(total: 600, previouslyElapsed: 150))
    }

    @Test func aClockSetBackwardsCannotMakeElapsedTimeNegative() throws {
        let start = at("2026-06-01T10:00:00Z")
        let r = record(preAlert: 600, phase: .countdown(startDate: start, fireDate: start + 600, total: 600, previouslyElapsed: 50))
        #expect(try lifecycle.handle(.pause, for: r, now: start - 3600).record?.phase == .paused(total: 600, previouslyElapsed: 50))
        #expect(try lifecycle.handle(.pause, for: r, now: start + 9999).record?.phase == .paused(total: 600, previouslyElapsed: 600))
    }

    @Test func stopEndsATimerWhileItCountsDown() throws {
        let r = record(preAlert: 600, phase: .countdown(startDate: fixedFire, fireDate: fixedFire + 600, total: 600, previouslyElapsed: 0))
        let t = try lifecycle.handle(.stop, for: r, now: fixedFire + 1)
        #expect(t == Transition(record: nil, effects: [.withdraw(r.id), .performIntent(r.id, .stop), .delete(r.id)]))
    }
}

@Suite(.timeLimit(.minutes(1))) struct TimeZoneChangeTests {
    @Test func relativeAlarmsFollowTheNewWallClock() throws {
        let berlin = Lifecycle(calendar: FireTimeCalendar(timeZone: zone("Europe/Berlin")), policy: policy)
        let r = record(schedule: weekly, phase: .scheduled(fireDate: fixedFire))  // 06:30 UTC
        let t = try berlin.handle(.timeZoneChanged, for: r, now: at("2026-06-01T00:00:00Z"))
        // 06:30 in Berlin (CEST, +02:00) on Monday.
        #expect(t.record?.phase == .scheduled(fireDate: at("2026-06-01T04:30:00Z")))
        #expect(t.effects == [.persist(t.record!)])
    }

    @Test func aDateThatAlreadyFiredDoesNotFireAgainInTheNewZone() {
        // Daily 07:00 rang in Berlin at 07:00 CEST (05:00Z) and now waits for tomorrow. At
        // 02:00 New York (06:00Z) the zone becomes New York, where it is still the same date
        // and 07:00 has not come: it must not ring that date again, but tomorrow 07:00 EDT.
        let daily = Alarm.Schedule.relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly(Locale.Weekday.allWeekdays)))
        let newYork = Lifecycle(calendar: FireTimeCalendar(timeZone: zone("America/New_York")), policy: policy)
        let r = record(schedule: daily, phase: .scheduled(fireDate: at("2026-06-02T05:00:00Z")))
        let t = newYork.timeZoneChanged(r, from: zone("Europe/Berlin"), now: at("2026-06-01T06:00:00Z"))
        #expect(t.record?.phase == .scheduled(fireDate: at("2026-06-02T11:00:00Z")))
    }

    @Test func aZoneChangeBeforeTheDateCameMovesTheFireEarlierOnThatDate() {
        // Waiting for Tuesday 07:00 Berlin; moving to Tokyo on Monday evening UTC puts Tuesday
        // 07:00 Tokyo (Monday 22:00Z) ahead of Tuesday 07:00 Berlin: it rings then.
        let daily = Alarm.Schedule.relative(.init(time: .init(hour: 7, minute: 0), repeats: .weekly(Locale.Weekday.allWeekdays)))
        let tokyo = Lifecycle(calendar: FireTimeCalendar(timeZone: zone("Asia/Tokyo")), policy: policy)
        let r = record(schedule: daily, phase: .scheduled(fireDate: at("2026-06-02T05:00:00Z")))
        let t = tokyo.timeZoneChanged(r, from: zone("Europe/Berlin"), now: at("2026-06-01T12:00:00Z"))
        #expect(t.record?.phase == .scheduled(fireDate: at("2026-06-01T22:00:00Z")))
    }

    @Test func fixedAlarmsDoNotMove() throws {
        let berlin = Lifecycle(calendar: FireTimeCalendar(timeZone: zone("Europe/Berlin")), policy: policy)
        let r = record(schedule: oneShot)
        #expect(try berlin.handle(.timeZoneChanged, for: r, now: at("2026-06-01T00:00:00Z")) == Transition(record: r, effects: []))
    }

    @Test func aMoveIntoThePreAlertWindowStartsTheCountdown() throws {
        let tokyo = Lifecycle(calendar: FireTimeCalendar(timeZone: zone("Asia/Tokyo")), policy: policy)
        // 06:30 Tokyo (+09:00) is 21:30 UTC the day before; at 21:25 UTC, 10 min pre-alert has begun.
        let r = record(schedule: weekly, preAlert: 600, phase: .scheduled(fireDate: fixedFire))
        let now = at("2026-05-31T21:25:00Z")
        let t = try tokyo.handle(.timeZoneChanged, for: r, now: now)
        #expect(t.record?.phase == .countdown(startDate: now, fireDate: at("2026-05-31T21:30:00Z"), total: 600, previouslyElapsed: 300))
        #expect(t.effects == [.persist(t.record!), .present(t.record!)])
    }
}

/// Every (state, event) pair: allowed ones land in the expected state, the rest are typed errors.
@Suite(.timeLimit(.minutes(1))) struct TransitionMatrixTests {
    static let now = fixedFire + 1
    static let phases: [AlarmRecord.Phase] = [
        .scheduled(fireDate: fixedFire + 3600),
        .countdown(startDate: fixedFire - 60, fireDate: fixedFire + 60, total: 120, previouslyElapsed: 0),
        .paused(total: 120, previouslyElapsed: 30),
        .alerting(since: fixedFire, firedFor: fixedFire),
    ]

    /// nil: a typed error. Otherwise the state after the event (nil inner: removed).
    static func expected(_ event: LifecycleEvent, _ state: Alarm.State) -> Alarm.State?? {
        switch (event, state) {
        case (.due, _), (.timeZoneChanged, _): .some(state)  // nothing is due yet in this matrix
        case (.cancel, _): .some(nil)
        case (.stop, .scheduled): nil
        case (.stop, _): .some(nil)
        case (.custom, .alerting): .some(nil)
        case (.countdown, .alerting): .some(.countdown)
        case (.pause, .countdown): .some(.paused)
        case (.resume, .paused): .some(.countdown)
        case (.disable, _): .some(.scheduled)  // turned off: waiting, never due
        case (.enable, _): .some(state)  // already on: nothing changes
        default: nil
        }
    }

    @Test(arguments: LifecycleEvent.allCases)
    func everyStateAgainst(event: LifecycleEvent) throws {
        for phase in Self.phases {
            let r = record(schedule: oneShot, preAlert: 120, phase: phase)
            let state = phase.state
            switch Self.expected(event, state) {
            case .none:
                #expect(throws: LifecycleError.invalidTransition(event: event, state: state)) {
                    try lifecycle.handle(event, for: r, now: Self.now)
                }
            case .some(let after):
                let t = try lifecycle.handle(event, for: r, now: Self.now)
                #expect(t.record?.phase.state == after, "\(event) from \(state)")
                if after == nil { #expect(t.effects.last == .delete(r.id), "\(event) from \(state)") }
                // A ringing alarm is never left ringing by an event that ends the ring.
                if state == .alerting && after != .alerting {
                    #expect(t.effects.contains(.stopSound(r.id)), "\(event) from \(state)")
                }
            }
        }
    }

    @Test func cancelWithdrawsOnlyWhatWasShown() throws {
        let scheduled = record(schedule: oneShot, phase: Self.phases[0])
        #expect(try lifecycle.handle(.cancel, for: scheduled, now: Self.now).effects == [.delete(scheduled.id)])
        let ringing = record(schedule: oneShot, phase: Self.phases[3])
        #expect(try lifecycle.handle(.cancel, for: ringing, now: Self.now).effects == [.stopSound(ringing.id), .withdraw(ringing.id), .delete(ringing.id)])
    }

    @Test func errorsSayWhatToDo() {
        #expect(LifecycleError.invalidTransition(event: .countdown, state: .scheduled).description
            == "cannot countdown an alarm that is scheduled: snooze works only while the alarm rings")
    }
}

@Suite(.timeLimit(.minutes(1))) struct PresentationStateTests {
    @Test func eachPhaseMapsToAlarmKitsPresentationState() {
        let id = UUID()
        var r = record(preAlert: 60)
        r.id = id
        r.phase = .scheduled(fireDate: fixedFire)
        #expect(r.presentationState(in: utc) == nil)
        r.phase = .alerting(since: fixedFire, firedFor: fixedFire)
        #expect(r.presentationState(in: zone("Asia/Kolkata")) == .init(alarmID: id, mode: .alert(.init(time: .init(hour: 12, minute: 0)))))
        r.phase = .paused(total: 60, previouslyElapsed: 20)
        #expect(r.presentationState(in: utc) == .init(alarmID: id, mode: .paused(.init(totalCountdownDuration: 60, previouslyElapsedDuration: 20))))
        #expect(r.alarm.state == .paused)
    }
}
