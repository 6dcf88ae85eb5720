import CLinux
import FoundationEssentials
import Glibc
import AlarmWire

/// One CLOCK_REALTIME timerfd armed for the earliest deadline, at that wall-clock instant (so a
/// set clock moves it), and reporting a set clock (ECANCELED) so the caller can re-evaluate.
/// It does not wake a suspended machine: a deadline that passed during suspend fires at
/// resume. `WakeTimer` (CLOCK_REALTIME_ALARM, when allowed) is what wakes the machine.
final class DeadlineTimer {
    let fd: Int32
    private(set) var armedFor: Date?
    /// Told every deadline armed (the wake-from-suspend timer follows it).
    var onArm: ((Date?) -> Void)?
    /// How long before a deadline the alarm timer first fires to prepare its ring (open the
    /// PCM, decode the first chunk), so the sound starts at the instant itself.
    static let prepareLead = 0.05
    /// Whether this timer reads `.prepare` ahead of its deadlines (the alarm timer only).
    private let prepares: Bool
    /// The timer is armed for `armedFor - prepareLead`, not yet for the deadline itself.
    private var preparing = false

    init(preparing prepares: Bool = false) throws(DaemonError) {
        self.prepares = prepares
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .system("timerfd_create", errno) }
    }

    deinit { close(fd) }

    /// Arms for `deadline`, or disarms when nil. A deadline already past fires at once.
    func arm(_ deadline: Date?) {
        armedFor = deadline
        onArm?(deadline)
        guard let deadline else {
            preparing = false
            _ = oak_timerfd_arm_realtime(fd, 0, 0)
            return
        }
        // A deadline nearer than the lead (the next of several alarms close together) is
        // prepared at once with whatever time is left.
        let ahead = deadline.timeIntervalSinceNow
        preparing = prepares && ahead > 0.001
        setTimer(!preparing ? deadline : ahead > Self.prepareLead ? deadline.addingTimeInterval(-Self.prepareLead) : min(deadline, Date()))
    }

    /// After `.prepare`: the same deadline, now for the instant itself, or `delay` after it
    /// (the loop's due handling then leaves the CPU to the rings starting at the instant).
    func armForTheInstant(delay: TimeInterval = 0) {
        preparing = false
        if let armedFor { setTimer(armedFor.addingTimeInterval(delay)) }
    }

    private func setTimer(_ deadline: Date) {
        // Clamped before converting: a deadline beyond 2100 (never stored, but cheap to be
        // sure of) arms for 2100 instead of trapping in Int64(_:).
        let seconds = min(max(deadline.timeIntervalSince1970, 0.000_001), AlarmBounds.latestDate.timeIntervalSince1970)
        let whole = seconds.rounded(.down)
        let nanos = Int(clampingFinite: (seconds - whole) * 1e9)
        _ = oak_timerfd_arm_realtime(fd, Int64(Int(clampingFinite: whole)), max(nanos, whole == 0 ? 1 : 0))
    }

    enum Reading {
        case expired, clockChanged, nothing
        /// `prepareLead` before `armedFor`: prepare the rings due then, then `armForTheInstant()`.
        case prepare
    }

    /// Consumes the readiness: the timer expired, or the clock was set (the timer is then
    /// cancelled and must be re-armed).
    func read() -> Reading {
        var expirations: UInt64 = 0
        let n = Glibc.read(fd, &expirations, 8)
        if n == 8 { return preparing ? .prepare : .expired }
        return errno == ECANCELED ? .clockChanged : .nothing
    }
}
