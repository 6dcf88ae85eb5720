import CLinux
import FoundationEssentials
import Glibc
import AlarmWire

/// Wakes the machine from suspend ahead of the earliest alarm: a timer on
/// CLOCK_REALTIME_ALARM armed `wakeEarly` before it, so the sound device and server are up
/// when the precise CLOCK_REALTIME timer rings. The kernel asks for CAP_WAKE_ALARM to make
/// such a timer and again each time it is armed. Under the confined alarmd.service, which
/// holds no capability, the package's launcher keeps the timer outside the sandbox (its
/// `--wake-helper`, the unit's ExecStartPre) and arms it for each instant sent over the socket
/// systemd passes as `wake-alarm` (`helper`); started otherwise, alarmd makes its own timerfd
/// (`fd`). Without either, alarms still ring whenever the machine is awake, and `status` says
/// how to enable it.
final class WakeTimer {
    /// alarmd's own timerfd, or -1 (with a helper, or without the capability).
    let fd: Int32
    /// The socket to the launcher's wake helper, or -1.
    private let helper: Int32
    /// Whether it can wake the machine, and if not why (`status`).
    private(set) var status: AlarmProtocol.WakeStatus
    var wakeEarly: TimeInterval
    private(set) var armedFor: Date?

    init(wakeEarly: TimeInterval, helper passed: Int32? = nil) {
        self.wakeEarly = wakeEarly
        var info = stat()
        if let passed, fstat(passed, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
            _ = oak_set_cloexec(passed)
            helper = passed
            fd = -1
            status = .able
            return
        }
        if let passed { close(passed) }  // named so, but no socket
        helper = -1
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

    deinit {
        if fd >= 0 { close(fd) }
        if helper >= 0 { close(helper) }
    }

    /// Arms for `wakeEarly` before `deadline` (at the deadline itself when that moment has
    /// passed); disarms for nil or a deadline already past.
    func arm(forDeadline deadline: Date?, now: Date = Date()) {
        guard fd >= 0 || helper >= 0 else { return }
        guard let deadline, deadline > now else {
            armedFor = nil
            set(seconds: 0, nanoseconds: 0)
            return
        }
        let early = deadline.addingTimeInterval(-wakeEarly)
        let target = early > now ? early : deadline
        armedFor = target
        let seconds = target.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        set(seconds: Int64(Int(clampingFinite: whole)), nanoseconds: Int(clampingFinite: (seconds - whole) * 1e9))
    }

    private func set(seconds: Int64, nanoseconds: Int) {
        if fd >= 0 {
            _ = oak_timerfd_arm_realtime(fd, seconds, nanoseconds)
            return
        }
        // One 16-byte message: seconds and nanoseconds since the epoch (0 0 disarms).
        var message: (Int64, Int64) = (seconds, Int64(nanoseconds))
        let sent = withUnsafeBytes(of: &message) { send(helper, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent != MemoryLayout<(Int64, Int64)>.size {
            // The helper is gone (its service was stopped under us): say so, truthfully.
            status = .init(able: false, obstacle: .noWakeClock, detail: DaemonText.wakeHelperGone(String(cString: strerror(errno))))
        }
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
