import FoundationEssentials

/// When alarmd holds logind's `sleep:idle` block lock, as a pure value of the ring, the next
/// deadline, the time and whether a suspend is under way.
///
/// The race it narrows: phones woken by the RTC went back to sleep within two seconds without
/// ringing. A machine suspended more than `inhibitAhead` before an alarm held no block lock
/// when it went to sleep, so at the RTC wake-up (`wake_early`, 60 s, before the alarm) nothing
/// held it, and a suspend requested right after resume (a phone's suspend daemon, an idle
/// policy) put it back to sleep before alarmd had taken the lock.
///
/// What logind allows (systemd 252, logind-dbus.c and org.freedesktop.login1(5)): block locks
/// are checked when a suspend is asked for, never while it runs; from logind's announcement of
/// a suspend (`PrepareForSleep(true)`) until its job has ended after resume, `Inhibit` for
/// sleep is refused (`OperationInProgress`, block and delay alike: systemd issue 14045), and
/// so is any other suspend request ("already in progress"). So the block lock cannot be taken
/// on the way down to be held at resume (the delay-lock design: tried in the VM, refused), and
/// holding it all along would block every suspend, lid included. What is left, and what this
/// does: from the announcement on, alarmd asks for the lock again every `retryInterval` on a
/// connection kept open, whenever it is wanted (an alarm due within `inhibitAhead`, which an RTC
/// wake-up for an alarm always is, or ringing), so the first request logind takes after the
/// suspend's job ends is alarmd's, within one interval of it; and takes it at
/// `PrepareForSleep(false)` too. A suspend asked for inside that interval still wins; one asked
/// for after it is refused until the alarm is handled (docs/VM.md: the racer).
struct SleepLockPlan: Equatable {
    /// Why the block lock is held; nil: not held.
    var block: String?
    /// When the decision changes by itself (the next deadline comes within `inhibitAhead`).
    var recheck: Date?
    /// Whether to ask again soon when logind says a suspend is under way: while suspending, as
    /// long as a lock is wanted or may be at resume (an alarm is scheduled).
    var retry: Bool

    static let ringingReason = "An alarm is ringing"
    static let dueReason = "An alarm is due within two minutes"
    /// How often alarmd asks for the lock while a suspend is under way.
    static let retryInterval: TimeInterval = 0.005

    /// - Parameter suspending: between logind's `PrepareForSleep(true)` and `(false)`.
    static func decide(ringing: Bool, deadline: Date?, now: Date, suspending: Bool, inhibitAhead: TimeInterval) -> SleepLockPlan {
        let soon = deadline.map { $0.timeIntervalSince(now) <= inhibitAhead } ?? false
        let block = ringing ? ringingReason : soon ? dueReason : nil
        let recheck = deadline.flatMap { soon ? nil : $0.addingTimeInterval(-inhibitAhead) }
        return SleepLockPlan(block: block, recheck: recheck, retry: suspending && (ringing || deadline != nil))
    }
}
