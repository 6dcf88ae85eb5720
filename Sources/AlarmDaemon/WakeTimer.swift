import CLinux
import FoundationEssentials
import Glibc
import AlarmWire

/// Wakes the machine from suspend ahead of the earliest alarm: a timerfd on
/// CLOCK_REALTIME_ALARM armed `wakeEarly` before it, so the sound device and server are up
/// when the precise CLOCK_REALTIME timer rings. Creating one needs CAP_WAKE_ALARM; without
/// it alarms still ring whenever the machine is awake, and `status` says how to enable it.
final class WakeTimer {
    let fd: Int32
    /// Whether it can wake the machine, and if not why (`status`).
    let status: AlarmProtocol.WakeStatus
    var wakeEarly: TimeInterval
    private(set) var armedFor: Date?

    init(wakeEarly: TimeInterval) {
        self.wakeEarly = wakeEarly
        let created = timerfd_create(CLOCK_REALTIME_ALARM, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        fd = created
        if created >= 0 {
            status = .able
        } else if errno == EPERM {
            let executable = Self.executable
            switch InstallKind(executable: executable) {
            case .package(let launcher):
                status = .init(able: false, obstacle: .lacksCapability, install: .package, executable: launcher)
            case .installScript(let executable):
                status = .init(able: false, obstacle: .lacksCapability, install: .installScript, executable: executable)
            case .sourceBuild(let executable):
                status = .init(able: false, obstacle: .lacksCapability, install: .sourceBuild, executable: executable)
            }
        } else {
            status = .init(able: false, obstacle: .noWakeClock, detail: String(cString: strerror(errno)))
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Arms for `wakeEarly` before `deadline` (at the deadline itself when that moment has
    /// passed); disarms for nil or a deadline already past.
    func arm(forDeadline deadline: Date?, now: Date = Date()) {
        guard fd >= 0 else { return }
        guard let deadline, deadline > now else {
            armedFor = nil
            _ = oak_timerfd_arm_realtime(fd, 0, 0)
            return
        }
        let early = deadline.addingTimeInterval(-wakeEarly)
        let target = early > now ? early : deadline
        armedFor = target
        let seconds = target.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        _ = oak_timerfd_arm_realtime(fd, Int64(Int(clampingFinite: whole)), Int(clampingFinite: (seconds - whole) * 1e9))
    }

    /// Consumes a wake-up (the machine is up; the precise timer rings) or a clock change.
    func drain() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
    }

    private static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/usr/bin/alarmd"
    }
}
