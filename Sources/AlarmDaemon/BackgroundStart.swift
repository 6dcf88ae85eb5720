import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmLocations
import AlarmWire

/// `alarmd --background`, how alarmctl and AlarmManager start the daemon: this process starts
/// the daemon proper, under its `Supervisor` (which restarts it after a crash), in its own
/// session, waits for its one-byte word on a pipe (its `DaemonStartStatus`) and exits with it. The starter waits for this short-lived process,
/// learns at once whether a daemon serves, and is left with no child: the daemon is re-parented
/// to init, and a loser of a start-up race exits as an orphan, reaped there.
///
/// A new process (posix_spawn) rather than fork-and-continue: after fork, Swift's runtime locks
/// still hold the parent's cached thread id, and the first contended one (two threads meeting in
/// a `static let` initializer) spins forever.
public enum BackgroundStart {
    /// The argument that tells the daemon proper that fd 3 is the pipe to report on.
    public static let reportFlag = "--report-start-on-fd3"
    static let reportFD: Int32 = 3

    /// Runs as the `--background` process; returns its exit status.
    public static func run() -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return Int32(DaemonStartStatus.failed.rawValue) }
        fds.forEach { _ = oak_set_cloexec($0) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], reportFD)  // dup2 clears close-on-exec
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID, hidden behind _GNU_SOURCE; the value is fixed
        posix_spawnattr_setflags(&attributes, setsid)
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        // The program name says "alarmd" even when the executable is the multi-call alarmctl
        // (the package links alarmd to it): that name is what makes it the daemon.
        let name = DaemonMain.isInvoked(as: CommandLine.arguments.first) ? CommandLine.arguments[0] : DaemonMain.name
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(name), strdup(Supervisor.flag), strdup(reportFlag), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else {
            StandardError.write("alarmd: cannot start \(executable): \(String(cString: strerror(spawned)))\n")
            return Int32(DaemonStartStatus.failed.rawValue)
        }
        var byte: UInt8 = DaemonStartStatus.failed.rawValue
        var count: Int
        repeat { count = read(fds[0], &byte, 1) } while count < 0 && errno == EINTR
        return Int32(count == 1 ? byte : DaemonStartStatus.failed.rawValue)
    }

    /// The daemon proper's end of the pipe: sends one status, once.
    public final class Report: @unchecked Sendable {  // used from the main thread only
        private var fd: Int32

        /// Reports on fd 3 when started by `run()`, else does nothing.
        public init(arguments: [String]) { fd = arguments.dropFirst().first == reportFlag ? reportFD : -1 }

        /// Descriptors from here up were inherited and may be closed.
        public var firstInheritedDescriptor: Int32 { fd >= 0 ? fd + 1 : 3 }

        package func send(_ status: DaemonStartStatus) {
            guard fd >= 0 else { return }
            var byte = status.rawValue
            _ = write(fd, &byte, 1)
            close(fd)
            fd = -1
        }
    }
}
