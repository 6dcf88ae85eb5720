import CLibNotify
import Dispatch
import FoundationEssentials
import Logging

/// What alarmd asks of the desktop around a ring, off the event loop on a serial queue:
/// pause media players and vibrate (feedbackd, on phones) while ringing, and keep the machine
/// awake while ringing or when an alarm is due within `inhibitAhead`, from the RTC wake-up on
/// (`SleepLockPlan`: a delay lock while an alarm is scheduled, turned into the block lock as
/// the machine suspends).
public final class DesktopSession: @unchecked Sendable {
    // @unchecked: every field below is touched only on `queue`.
    static let inhibitAhead: TimeInterval = 120

    private let queue = DispatchQueue(label: "openalarmkit.desktop")
    private let media: MediaPauser
    private let inhibitor: SleepInhibitor
    private let feedback: RingFeedback
    private let delayLock: SleepInhibitor
    private let logger: Logger
    /// logind's `PrepareForSleep`, subscribed to before the first delay lock is taken (so no
    /// announcement can come unseen while alarmd holds one); nil until then or without a bus.
    private var sleepSignals: DBusLink?
    /// The last failed try to subscribe: tried again at most every 10 minutes, not at every
    /// deadline change (a machine without a system bus).
    private var sleepSignalsFailed: Date?
    /// Between `PrepareForSleep(true)` and `(false)`.
    private var suspending = false
    private var ringing = false
    private var pauseMedia: Bool
    private var nextDeadline: Date?
    /// One timer, moved when the deadline moves: `asyncAfter` per change left every earlier
    /// (cancelled) block registered until its own deadline, up to days away: 1,000 scheduled
    /// alarms held 0.7 MiB of them.
    private lazy var wakeUp: DispatchSourceTimer = {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.updateInhibitor() }
        timer.schedule(wallDeadline: .distantFuture)
        timer.activate()
        return timer
    }()

    public init(pauseMedia: Bool, logger: Logger) {
        self.pauseMedia = pauseMedia
        media = MediaPauser(logger: logger)
        inhibitor = SleepInhibitor(logger: logger)
        feedback = RingFeedback(logger: logger)
        delayLock = SleepInhibitor(logger: logger, mode: .delay)
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
                feedback.start()
            } else {
                feedback.end()
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
            feedback.end()
            media.resumePaused()
            inhibitor.release()
            delayLock.release()
            sleepSignals = nil
        }
    }

    /// From logind, through GDBus's worker thread: the machine is about to suspend (true) or
    /// has resumed (false).
    private func sleepAnnounced(_ now: Bool) {
        queue.async { [self] in
            guard now != suspending else { return }
            suspending = now
            updateInhibitor()
            logger.info(now ? "the machine is about to suspend" : "the machine resumed",
                        metadata: ["sleep lock": "\(inhibitor.isHeld ? "held" : "none")"])
        }
    }

    /// Whether logind's suspends are followed (subscribing now if not yet): without that, a
    /// delay lock would only hold up every suspend by `InhibitDelayMaxSec` for nothing.
    private func followSleepSignals(now: Date) -> Bool {
        if sleepSignals != nil { return true }
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
            sleepSignals = bus
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
        // In this order: the signal followed before the delay lock is taken, and the block lock
        // taken before the delay lock is closed, so nothing is let go before its successor holds.
        let delay = plan.delay && followSleepSignals(now: now)
        if delay { delayLock.hold(why: "To keep the machine awake for an alarm after it resumes") }
        if let why = plan.block { inhibitor.hold(why: why) } else { inhibitor.release() }
        if !delay { delayLock.release() }
        // Take it when the next deadline comes within reach (wall clock: it follows a set clock).
        if let recheck = plan.recheck {
            wakeUp.schedule(wallDeadline: .now() + recheck.timeIntervalSince(now))
        } else {
            wakeUp.schedule(wallDeadline: .distantFuture)
        }
    }
}
