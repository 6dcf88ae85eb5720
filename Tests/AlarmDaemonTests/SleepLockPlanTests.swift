import Foundation
import Testing
@testable import AlarmDesktop

/// Which of logind's sleep locks alarmd holds (`SleepLockPlan`), for each moment around a
/// suspend: the rule that keeps a machine woken by the RTC awake until the alarm is handled.
@Suite(.timeLimit(.minutes(1))) struct SleepLockPlanTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func plan(ringing: Bool = false, in seconds: TimeInterval?, suspending: Bool = false) -> SleepLockPlan {
        SleepLockPlan.decide(ringing: ringing, deadline: seconds.map { now.addingTimeInterval($0) }, now: now,
                             suspending: suspending, inhibitAhead: 120)
    }

    @Test func awakeWithAnAlarmFarAheadOnlyTheDelayLockIsHeldUntilTwoMinutesBefore() {
        #expect(plan(in: 3600) == SleepLockPlan(block: nil, delay: true, recheck: now.addingTimeInterval(3480)))
    }

    @Test func awakeWithNothingScheduledNothingIsHeld() {
        #expect(plan(in: nil) == SleepLockPlan(block: nil, delay: false, recheck: nil))
    }

    @Test func dueWithinTwoMinutesOrRingingTheBlockLockIsHeld() {
        #expect(plan(in: 120) == SleepLockPlan(block: SleepLockPlan.dueReason, delay: true, recheck: nil))
        #expect(plan(in: 5) == SleepLockPlan(block: SleepLockPlan.dueReason, delay: true, recheck: nil))
        #expect(plan(in: -1) == SleepLockPlan(block: SleepLockPlan.dueReason, delay: true, recheck: nil), "past due, not yet rung")
        #expect(plan(ringing: true, in: nil) == SleepLockPlan(block: SleepLockPlan.ringingReason, delay: false, recheck: nil))
        #expect(plan(ringing: true, in: 3600).block == SleepLockPlan.ringingReason)
    }

    /// The announcement of a suspend: the block lock is taken whatever the alarm's distance (the
    /// RTC may wake the machine for it), and the delay lock let go, so logind goes on.
    @Test func asTheMachineSuspendsTheBlockLockIsTakenAndTheDelayLockLetGo() {
        #expect(plan(in: 86_400, suspending: true) == SleepLockPlan(block: SleepLockPlan.resumeReason, delay: false, recheck: nil))
        #expect(plan(in: 60, suspending: true).block != nil)
        #expect(plan(ringing: true, in: nil, suspending: true) == SleepLockPlan(block: SleepLockPlan.ringingReason, delay: false, recheck: nil))
        #expect(plan(in: nil, suspending: true) == SleepLockPlan(block: nil, delay: false, recheck: nil), "nothing to wake for")
    }

    /// After resume the usual rule decides: an RTC wake-up for an alarm is `wake_early` (60 s)
    /// before it, within the two minutes, so the block lock taken before the suspend stays; a
    /// wake-up for anything else, far from the next alarm, lets it go.
    @Test func afterResumeTheLockStaysForAnAlarmDueSoonAndGoesOtherwise() {
        #expect(plan(in: 60) == SleepLockPlan(block: SleepLockPlan.dueReason, delay: true, recheck: nil))
        #expect(plan(in: 7200).block == nil)
        #expect(plan(in: 7200).delay)
    }
}
