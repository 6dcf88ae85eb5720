import FoundationEssentials

/// Which of logind's sleep locks alarmd holds, as a pure value of the ring, the next
/// deadline, the time and whether logind has announced a suspend (`PrepareForSleep`).
///
/// The race it closes: a machine suspended more than `inhibitAhead` before an alarm held no
/// block lock when it went to sleep, so at the RTC wake-up nothing held it, and a suspend
/// requested right after resume (an idle policy, a phone's suspend daemon) put it back to
/// sleep before alarmd had noticed the resume and taken the lock. logind's documented answer
/// (org.freedesktop.login1(5), "Inhibitor Locks"): hold a *delay* lock; logind announces a
/// suspend with `PrepareForSleep(true)` and waits until every delay lock is closed (at most
/// `InhibitDelayMaxSec`, 5 s by default) before it suspends. So while an alarm is scheduled
/// alarmd holds the delay lock; on `PrepareForSleep(true)` it takes the `sleep:idle` block
/// lock and only then closes the delay lock, so the block lock is held across the suspend
/// and at the moment of resume. A block lock taken after the announcement does not stop that
/// suspend (logind checks block locks when a suspend is asked for), only the next one. On
/// `PrepareForSleep(false)` it takes the delay lock again and the usual rule decides: the
/// block lock stays while ringing or while an alarm is due within `inhibitAhead`, which an
/// RTC wake-up for an alarm always is (alarmd wakes `wake_early`, 60 s, before it).
struct SleepLockPlan: Equatable {
    /// Why the `sleep:idle` block lock is held; nil: not held.
    var block: String?
    /// Whether the `sleep` delay lock is held.
    var delay: Bool
    /// When the decision changes by itself (the next deadline comes within `inhibitAhead`).
    var recheck: Date?

    static let ringingReason = "An alarm is ringing"
    static let dueReason = "An alarm is due within two minutes"
    static let resumeReason = "An alarm is scheduled: held across suspend until it is handled after resume"

    /// - Parameter suspending: between logind's `PrepareForSleep(true)` and `(false)`.
    static func decide(ringing: Bool, deadline: Date?, now: Date, suspending: Bool, inhibitAhead: TimeInterval) -> SleepLockPlan {
        if suspending {
            // Held into the suspend when anything may ring after it; the delay lock is closed
            // (after the block lock is taken: `DesktopSession` applies the plan in that order),
            // which lets logind go on.
            let block = ringing ? ringingReason : deadline != nil ? resumeReason : nil
            return SleepLockPlan(block: block, delay: false, recheck: nil)
        }
        let soon = deadline.map { $0.timeIntervalSince(now) <= inhibitAhead } ?? false
        let block = ringing ? ringingReason : soon ? dueReason : nil
        let recheck = deadline.flatMap { soon ? nil : $0.addingTimeInterval(-inhibitAhead) }
        return SleepLockPlan(block: block, delay: deadline != nil, recheck: recheck)
    }
}
