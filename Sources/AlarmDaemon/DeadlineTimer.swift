import CLinux
import FoundationEssentials
import Glibc
import OpenAlarmKit

/// One CLOCK_REALTIME timerfd armed for the earliest deadline. It fires at that wall-clock
/// instant even across suspend, and reports a set clock (ECANCELED), so the caller can
/// re-evaluate after a clock jump or a resume.
final class DeadlineTimer {
    let fd: Int32
    private(set) var armedFor: Date?
    /// Told every deadline armed (the wake-from-suspend timer follows it).
    var onArm: ((Date?) -> Void)?

    init() throws(DaemonError) {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .system("timerfd_create", errno) }
    }

    deinit { close(fd) }

    /// Arms for `deadline`, or disarms when nil. A deadline already past fires at once.
    func arm(_ deadline: Date?) {
        armedFor = deadline
        onArm?(deadline)
        guard let deadline else {
            _ = oak_timerfd_arm_realtime(fd, 0, 0)
            return
        }
        // Clamped before converting: a deadline beyond 2100 (never stored, but cheap to be
        // sure of) arms for 2100 instead of trapping in Int64(_:).
        let seconds = min(max(deadline.timeIntervalSince1970, 0.000_001), AlarmBounds.latestDate.timeIntervalSince1970)
        let whole = seconds.rounded(.down)
        let nanos = Int(clampingFinite: (seconds - whole) * 1e9)
        _ = oak_timerfd_arm_realtime(fd, Int64(Int(clampingFinite: whole)), max(nanos, whole == 0 ? 1 : 0))
    }

    enum Reading { case expired, clockChanged, nothing }

    /// Consumes the readiness: the timer expired, or the clock was set (the timer is then
    /// cancelled and must be re-armed).
    func read() -> Reading {
        var expirations: UInt64 = 0
        let n = Glibc.read(fd, &expirations, 8)
        if n == 8 { return .expired }
        return errno == ECANCELED ? .clockChanged : .nothing
    }
}
