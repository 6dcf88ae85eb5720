import Foundation
import Testing
@testable import AlarmDesktop

/// When alarmd holds logind's block lock (`SleepLockPlan`), for each moment around a suspend:
/// the rule that keeps a machine woken by the RTC awake until the alarm is handled.
@Suite(.timeLimit(.minutes(1))) struct SleepLockPlanTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func plan(ringing: Bool = false, in seconds: TimeInterval?, suspending: Bool = false) -> SleepLockPlan {
        SleepLockPlan.decide(ringing: ringing, deadline: seconds.map { now.addingTimeInterval($0) }, now: now,
                             suspending: suspending, inhibitAhead: 120)
    }

    @Test func awakeWithAnAlarmFarAheadNothingIsHeldUntilTwoMinutesBefore() {
        #expect(plan(in: 3600) == SleepLockPlan(block: nil, recheck: now.addingTimeInterval(3480), retry: false))
        #expect(plan(in: nil) == SleepLockPlan(block: nil, recheck: nil, retry: false))
    }

    @Test func dueWithinTwoMinutesOrRingingTheBlockLockIsHeld() {
        #expect(plan(in: 120) == SleepLockPlan(block: SleepLockPlan.dueReason, recheck: nil, retry: false))
        #expect(plan(in: 5).block == SleepLockPlan.dueReason)
        #expect(plan(in: -1).block == SleepLockPlan.dueReason, "past due, not yet rung")
        #expect(plan(ringing: true, in: nil) == SleepLockPlan(block: SleepLockPlan.ringingReason, recheck: nil, retry: false))
        #expect(plan(ringing: true, in: 3600).block == SleepLockPlan.ringingReason)
    }

    /// While a suspend is under way logind refuses new locks; alarmd keeps asking whenever an
    /// alarm is scheduled (nothing wanted yet at 140 s ahead, on the way down; wanted at the
    /// RTC wake-up, 60 s ahead, and taken at the first moment logind allows).
    @Test func whileASuspendIsUnderWayItKeepsAskingWheneverAnAlarmIsScheduled() {
        #expect(plan(in: 140, suspending: true) == SleepLockPlan(block: nil, recheck: now.addingTimeInterval(20), retry: true))
        #expect(plan(in: 60, suspending: true) == SleepLockPlan(block: SleepLockPlan.dueReason, recheck: nil, retry: true))
        #expect(plan(ringing: true, in: nil, suspending: true).retry)
        #expect(!plan(in: nil, suspending: true).retry, "nothing to wake for: no asking")
    }

    /// After resume the usual rule: an RTC wake-up for an alarm is `wake_early` (60 s) before
    /// it, so the lock is wanted; a wake-up for anything else, far from it, wants none.
    @Test func afterResumeTheLockIsWantedForAnAlarmDueSoonOnly() {
        #expect(plan(in: 60).block == SleepLockPlan.dueReason)
        #expect(plan(in: 7200).block == nil)
        #expect(!plan(in: 60).retry)
    }
}
