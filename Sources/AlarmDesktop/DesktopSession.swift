import Dispatch
import FoundationEssentials
import Logging

/// What alarmd asks of the desktop around a ring, off the event loop on a serial queue:
/// pause media players and vibrate (feedbackd, on phones) while ringing, and keep the machine
/// awake while ringing or when an alarm is due within `inhibitAhead`.
public final class DesktopSession: @unchecked Sendable {
    // @unchecked: every field below is touched only on `queue`.
    static let inhibitAhead: TimeInterval = 120

    private let queue = DispatchQueue(label: "openalarmkit.desktop")
    private let media: MediaPauser
    private let inhibitor: SleepInhibitor
    private let feedback: RingFeedback
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
        }
    }

    private func updateInhibitor() {
        let now = Date()
        let soon = nextDeadline.map { $0.timeIntervalSince(now) <= Self.inhibitAhead } ?? false
        if ringing || soon {
            inhibitor.hold(why: ringing ? "An alarm is ringing" : "An alarm is due within two minutes")
        } else {
            inhibitor.release()
        }
        // Take it when the next deadline comes within reach (wall clock: it follows a set clock).
        if let deadline = nextDeadline, !soon {
            wakeUp.schedule(wallDeadline: .now() + (deadline.timeIntervalSince(now) - Self.inhibitAhead))
        } else {
            wakeUp.schedule(wallDeadline: .distantFuture)
        }
    }
}
