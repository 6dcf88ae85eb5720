import CLibNotify
import Dispatch
import FoundationEssentials
import Logging

/// What alarmd asks of the desktop around a ring, off the event loop on a serial queue:
/// pause media players, vibrate (feedbackd, on phones) and keep the desktop session from
/// suspending or idling (`SessionBusHold`) while ringing, and keep the machine
/// awake while ringing or when an alarm is due within `inhibitAhead`, also from the moment it
/// resumes for one (`SleepLockPlan`: asked again and again while logind's suspend is under way).
public final class DesktopSession: @unchecked Sendable {
    // @unchecked: every field below is touched only on `queue`.
    static let inhibitAhead: TimeInterval = 120

    private let queue = DispatchQueue(label: "openalarmkit.desktop")
    private let media: MediaPauser
    private let inhibitor: SleepInhibitor
    /// Held while ringing: vibration (feedbackd) and the desktop session awake (gnome-session).
    private let ringHolds: [SessionBusHold]
    private let logger: Logger
    /// The system bus, kept open while an alarm is scheduled: logind's `PrepareForSleep`
    /// arrives on it (a message filter), and the block lock is asked for on it; nil until then
    /// or without a bus.
    private var sleepLink: DBusLink?
    /// The last failed try to subscribe: tried again at most every 10 minutes, not at every
    /// deadline change (a machine without a system bus).
    private var sleepSignalsFailed: Date?
    /// Between `PrepareForSleep(true)` and `(false)`.
    private var suspending = false
    /// Asks logind again every `SleepLockPlan.retryInterval` while a suspend is under way, on
    /// the monotonic clock (so not while asleep); at most `retryLimit` times per suspend.
    private lazy var retry = idleTimer()
    private var retries = 0
    private static let retryLimit = 6000  // 30 s awake at 5 ms
    private var ringing = false
    private var pauseMedia: Bool
    private var nextDeadline: Date?
    /// One timer, moved when the deadline moves: `asyncAfter` per change left every earlier
    /// (cancelled) block registered until its own deadline, up to days away: 1,000 scheduled
    /// alarms held 0.7 MiB of them.
    private lazy var wakeUp = idleTimer()

    /// A timer on the queue that runs `updateInhibitor`, set to nothing until scheduled.
    private func idleTimer() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.updateInhibitor() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
        return timer
    }

    public init(pauseMedia: Bool, logger: Logger) {
        self.pauseMedia = pauseMedia
        media = MediaPauser(logger: logger)
        inhibitor = SleepInhibitor(logger: logger)
        ringHolds = [.vibration(logger: logger), .sessionAwake(logger: logger)]
        self.logger = logger
    }

    public func setPauseMedia(_ on: Bool) { queue.async { [self] in pauseMedia = on } }

    /// From the loop: at least one alarm rings (true) or none does any more (false).
    public func ringingChanged(_ now: Bool) {
        queue.async { [self] in
            guard now != ringing else { return }
            ringing = now
            if now {
                if pauseMedia { media.pausePlaying() }
                for hold in ringHolds { hold.take() }
            } else {
                for hold in ringHolds { hold.give() }
                media.resumePaused()
            }
            updateInhibitor()
        }
    }

    /// From the loop: the earliest deadline changed.
    public func deadlineChanged(_ deadline: Date?) {
        queue.async { [self] in
            guard deadline != nextDeadline else { return }
            nextDeadline = deadline
            updateInhibitor()
        }
    }

    /// Waits for queued work (tests, shutdown); releases what is held.
    public func shutdown() {
        queue.sync {
            wakeUp.cancel()
            for hold in ringHolds { hold.give() }
            media.resumePaused()
            retry.cancel()
            inhibitor.release()
            sleepLink = nil
        }
    }

    /// From logind, through GDBus's worker thread: the machine is about to suspend (true) or
    /// has resumed (false).
    private func sleepAnnounced(_ now: Bool) {
        queue.async { [self] in
            guard now != suspending else { return }
            suspending = now
            if now { retries = 0 }
            updateInhibitor()
            logger.info(now ? "the machine is about to suspend" : "the machine resumed",
                        metadata: ["sleep lock": "\(inhibitor.isHeld ? "held" : "none")"])
        }
    }

    /// Whether logind's suspends are followed (subscribing now if not yet).
    private func followSleepSignals(now: Date) -> Bool {
        if sleepLink != nil { return true }
        if let failed = sleepSignalsFailed, now.timeIntervalSince(failed) < 600, now >= failed { return false }
        sleepSignalsFailed = now
        var failure = ""
        guard let bus = DBusLink(G_BUS_TYPE_SYSTEM, failure: &failure) else { return false }  // the block lock says so, once
        do {
            try bus.subscribe(sender: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                              interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep") { [weak self] body in
                guard g_variant_is_of_type(body, g_variant_type_checked_("(b)")) != 0 else { return }
                let child = g_variant_get_child_value(body, 0)
                defer { g_variant_unref(child) }
                self?.sleepAnnounced(g_variant_get_boolean(child) != 0)
            }
            sleepLink = bus
            sleepSignalsFailed = nil
            return true
        } catch {
            logger.info("cannot follow logind's suspends (PrepareForSleep): \(error); a suspend requested right after an alarm's wake-up may win")
            return false
        }
    }

    private func updateInhibitor() {
        let now = Date()
        let plan = SleepLockPlan.decide(ringing: ringing, deadline: nextDeadline, now: now, suspending: suspending,
                                        inhibitAhead: Self.inhibitAhead)
        if ringing || nextDeadline != nil { _ = followSleepSignals(now: now) }
        var outcome = SleepInhibitor.Outcome.held
        if let why = plan.block { outcome = inhibitor.hold(why: why, on: sleepLink) } else { inhibitor.release() }
        // Under way, logind refuses the lock: ask again soon, until it is held (or refused for
        // good), and while none is wanted yet, in case one is at resume.
        if plan.retry, plan.block == nil || (outcome == .inProgress && !inhibitor.refusedByPolicy), retries < Self.retryLimit {
            retries += 1
            retry.schedule(deadline: .now() + SleepLockPlan.retryInterval)
        } else {
            retry.schedule(deadline: .distantFuture)
        }
        // Take it when the next deadline comes within reach (wall clock: it follows a set clock).
        if let recheck = plan.recheck {
            wakeUp.schedule(wallDeadline: .now() + recheck.timeIntervalSince(now))
        } else {
            wakeUp.schedule(wallDeadline: .distantFuture)
        }
    }
}
