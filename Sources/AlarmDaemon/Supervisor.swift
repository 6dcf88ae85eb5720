import AlarmNotify
import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging
import AlarmLocations
import AlarmWire

/// `alarmd --supervise`: what systemd's `Restart=on-failure` is for alarmd.service, for every
/// alarmd started without a user manager (`alarmd --background`, which clients and the desktop
/// autostart use). It runs the daemon proper as its child and, when the daemon dies abnormally
/// (a signal such as SIGSEGV or SIGKILL, or a non-zero status once it served), starts it again
/// after a growing delay, so an alarm due meanwhile still rings. After `giveUpAfter` crashes
/// within `window` it stops trying and says so, in the log and in a notification: a daemon that
/// crashes at every start must not be restarted forever, nor fail unseen.
///
/// A clean exit (status 0: SIGTERM or SIGINT, a package removal) ends the supervisor too, as does
/// a daemon that never served because another alarmd serves. SIGTERM and SIGINT to the
/// supervisor stop the daemon and then it; SIGHUP is passed on (reload the config).
enum Supervisor {
    static let flag = "--supervise"
    static let giveUpAfter = 5
    static let window: TimeInterval = 600
    static let firstDelay: TimeInterval = 0.5
    static let longestDelay: TimeInterval = 30

    /// The delay before the restart that follows `crashes` recent crashes (1, 2, ...).
    static func delay(afterCrashes crashes: Int) -> TimeInterval {
        min(firstDelay * Double(1 << min(max(crashes - 1, 0), 16)), longestDelay)
    }

    /// Runs as the `--supervise` process (started by `BackgroundStart.run`, which waits for the
    /// first daemon's start status on fd 3); returns its exit status.
    static func run(arguments: [String]) -> Int32 {
        let logger = Logger(label: "alarmd-supervisor") { JournalLogHandler(label: $0) }
        var report: Int32 = arguments.contains(BackgroundStart.reportFlag) ? BackgroundStart.reportFD : -1
        Daemon.closeInheritedDescriptors(from: report >= 0 ? report + 1 : 3)
        signal(SIGCHLD, SIG_DFL)  // an inherited SIG_IGN would reap the daemon before we could
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&handled, signal) }
        sigprocmask(SIG_BLOCK, &handled, nil)
        let signals = signalfd(-1, &handled, Int32(SFD_CLOEXEC))
        guard signals >= 0 else { return 1 }

        var crashes: [Date] = []
        var first = true
        while true {
            guard let child = spawnDaemon(logger: logger) else { return 1 }
            var stopping = false
            // The first daemon's start status goes on to whoever started us; it also says
            // whether there is anything to supervise.
            let status = readStartStatus(child, signals: signals, stopping: &stopping)
            if report >= 0 {
                var byte = status.rawValue
                _ = write(report, &byte, 1)
                close(report)
                report = -1
            }
            let end = Ending(waitStatus: waitForEnd(child.pid, signals: signals, stopping: &stopping))
            if stopping || end.isDeliberate || status == .anotherServes { return 0 }
            // A first start that failed is not retried: its log says why, and whoever started
            // us has been told.
            if first && status != .serving { return 1 }
            first = false
            let now = Date()
            crashes = crashes.filter { now.timeIntervalSince($0) < window } + [now]
            guard crashes.count < giveUpAfter else {
                logger.critical("\(DaemonText.supervisorGaveUp(end: end.description, crashes: crashes.count, minutes: Int(window / 60)))")
                notifyGaveUp(end: end.description, crashes: crashes.count)
                return 1
            }
            let delay = delay(afterCrashes: crashes.count)
            logger.error("alarmd (pid \(child.pid)) \(end.description); restarting it in \(delay) s (crash \(crashes.count) of at most \(giveUpAfter - 1) within \(Int(window / 60)) min)")
            if sleepUnlessStopped(delay, signals: signals) { return 0 }
        }
    }

    /// How a daemon ended, from its wait status.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signal(Int32)

        init(waitStatus raw: Int32) {
            self = raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .signal(raw & 0x7f)
        }

        /// Stopped on purpose: status 0 (how alarmd ends on SIGTERM and SIGINT), or killed by
        /// one of those before it could handle it.
        var isDeliberate: Bool { self == .exited(0) || self == .signal(SIGTERM) || self == .signal(SIGINT) }

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signal(let number): "was killed by signal \(number) (\(String(cString: strsignal(number))))"
            }
        }
    }

    /// Starts the daemon proper (this executable under the name alarmd) with a pipe on fd 3
    /// for its start status, and a clean signal mask.
    private static func spawnDaemon(logger: Logger) -> (pid: pid_t, report: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        fds.forEach { _ = oak_set_cloexec($0) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], BackgroundStart.reportFD)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // The executable as it is now: after a package upgrade, the new one.
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = executable.hasSuffix(" (deleted)") ? String(executable.dropLast(10)) : executable
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(DaemonMain.name), strdup(BackgroundStart.reportFlag), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            logger.critical("cannot start \(path): \(String(cString: strerror(spawned)))")
            close(fds[0])
            return nil
        }
        return (pid, fds[0])
    }

    /// The daemon's one-byte start status, or `.failed` if it ended without one. SIGTERM or
    /// SIGINT meanwhile stops the daemon (and sets `stopping`); a SIGHUP is dropped (a
    /// starting daemon reads its config anyway).
    private static func readStartStatus(_ child: (pid: pid_t, report: Int32), signals: Int32, stopping: inout Bool) -> DaemonStartStatus {
        defer { close(child.report) }
        var watched = [pollfd(fd: child.report, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&watched, 2, -1) > 0 else {
                if errno == EINTR { continue }
                return .failed
            }
            if watched[1].revents != 0, [SIGTERM, SIGINT].contains(oak_signalfd_read(signals)) {
                stopping = true
                kill(child.pid, SIGTERM)
            }
            guard watched[0].revents != 0 else { continue }
            var byte: UInt8 = DaemonStartStatus.failed.rawValue
            let count = read(child.report, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? DaemonStartStatus(rawValue: byte) ?? .failed : .failed
        }
    }

    /// Waits for the daemon's end, passing signals on; returns its wait status.
    private static func waitForEnd(_ pid: pid_t, signals: Int32, stopping: inout Bool) -> Int32 {
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status }
            if reaped < 0 && errno != EINTR { return 0 }
            // SIGCHLD wakes this poll; it is blocked, so none is lost between waitpid and poll.
            var ready = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, -1) > 0 else { continue }
            switch oak_signalfd_read(signals) {
            case SIGTERM, SIGINT:
                stopping = true
                kill(pid, SIGTERM)
            case SIGHUP: kill(pid, SIGHUP)
            default: break
            }
        }
    }

    /// Sleeps `seconds`; true when SIGTERM or SIGINT came meanwhile.
    private static func sleepUnlessStopped(_ seconds: TimeInterval, signals: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var ready = pollfd(fd: signals, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32((left * 1000).rounded(.up))) > 0 {
                let signal = oak_signalfd_read(signals)
                if signal == SIGTERM || signal == SIGINT { return true }
            }
        }
    }

    /// The notification that nothing will ring: it stays until dismissed.
    private static func notifyGaveUp(end: String, crashes: Int) {
        let request = NotifySendRequest(
            programName: DaemonMain.name, appName: DaemonText.appName, summary: DaemonText.supervisorGaveUpSummary,
            body: DaemonText.supervisorGaveUpBody(end: end, crashes: crashes, minutes: Int(window / 60)),
            icon: "dialog-error", urgency: 2, expireTimeout: 0)
        _ = NotifySend.run(request, output: NotifySendOutput(standardOutput: { _ in }, standardError: { StandardError.write("alarmd-supervisor: \($0)\n") }))
    }
}
