import FoundationEssentials
import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Connects to alarmd, starting it when nothing answers: through systemd's user manager when
/// there is one (socket activation), else by spawning `alarmd` in its own session so that it
/// outlives the client and ignores the terminal's Ctrl-C.
package enum DaemonLauncher {
    /// Set `OPENALARMKIT_NO_AUTOSTART=1` to get `daemonNotRunning` instead of a new daemon.
    package static func connect(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConnectionError) -> AlarmConnection {
        let paths = AlarmPaths(environment: environment)
        if environment["XDG_RUNTIME_DIR"]?.hasPrefix("/") != true {
            // The /tmp fallback: never talk to a socket in a folder another user could own.
            do { try RuntimeDirectoryCheck.ensure(paths.runtimeDirectory) } catch { throw .broken(error.description) }
        }
        if let connection = try? AlarmConnection(socketPath: paths.socket) { return connection }
        guard environment["OPENALARMKIT_NO_AUTOSTART"] != "1" else { throw .daemonNotRunning(socket: paths.socket) }

        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/systemd/private"),
            run("/usr/bin/systemctl", ["--user", "start", "alarmd.socket"]),
            let connection = try? AlarmConnection(socketPath: paths.socket)
        {
            return connection
        }
        guard let executable = findAlarmd(environment: environment) else {
            throw .broken(tr("alarmd is not running and no alarmd executable was found (looked next to this program and on PATH; set OPENALARMKIT_ALARMD)"))
        }
        let log = logPath(paths)
        let started = try startInBackground(executable, logTo: log)
        // `alarmd --background` returns once it serves or has found another alarmd serving
        // (a client next door started one at the same moment); that one may still be binding
        // its socket, so connecting is retried for a moment either way.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let connection = try? AlarmConnection(socketPath: paths.socket) { return connection }
            if started.exitStatus() == .failed { throw .broken("\(executable) could not start; see \(log)") }
            usleep(10_000)
        }
        throw .broken("started \(executable) but it did not answer at \(paths.socket) within 5 s; see \(log)")
    }

    /// alarmd's log when a client starts it: in the state folder, or in the runtime folder
    /// where the state folder cannot be written (alarmd then serves from memory, and must
    /// still be startable).
    static func logPath(_ paths: AlarmPaths) -> String {
        let preferred = paths.stateDirectory + "/alarmd.log"
        _ = AlarmPaths.createPrivateDirectory(paths.stateDirectory)
        let fd = open(preferred, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd < 0 else {
            close(fd)
            return preferred
        }
        return paths.runtimeDirectory + "/alarmd.log"
    }

    static func findAlarmd(environment: [String: String]) -> String? {
        if let explicit = environment["OPENALARMKIT_ALARMD"], !explicit.isEmpty { return explicit }
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = me.deletingLastPathComponent + "/alarmd"
            if access(sibling, X_OK) == 0 { return sibling }
        }
        for dir in (environment["PATH"] ?? "/usr/local/bin:/usr/bin").split(separator: ":") {
            let candidate = "\(dir)/alarmd"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `tool` to its end, output discarded. posix_spawn and waitpid rather than
    /// Foundation's Process, whose wait blocks on the threads Swift's concurrency runs on
    /// (an app may call AlarmManager from async code).
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        guard access(tool, X_OK) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0
    }

    /// Starts `alarmd --background` in its own session with a clean signal mask. The
    /// process started exits as soon as the daemon knows its fate, and is reaped here: a
    /// long-lived client (a status bar's `alarmctl watch`) keeps no defunct child.
    private static func startInBackground(_ executable: String, logTo log: String) throws(ConnectionError) -> Starter {
        _ = AlarmPaths.createPrivateDirectory(log.deletingLastPathComponent)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session (POSIX_SPAWN_SETSID, glibc >= 2.26, hidden behind _GNU_SOURCE; the
        // value is fixed), and a clean signal mask: the calling thread may be a Dispatch
        // worker with nearly every signal blocked.
        let setsid: Int16 = 0x80
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, setsid | Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("--background"), nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw .broken("cannot start \(executable): \(String(cString: strerror(status)))") }
        return Starter(pid: pid)
    }

    /// The process `startInBackground` spawned, reaped once it exits.
    private final class Starter {
        let pid: pid_t
        private var status: DaemonStartStatus?

        init(pid: pid_t) { self.pid = pid }

        /// Nil while it runs; then how the start went (a signal or an unknown status: failed).
        func exitStatus() -> DaemonStartStatus? {
            if let status { return status }
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, WNOHANG)
            guard reaped == pid || (reaped < 0 && errno == ECHILD) else { return nil }
            let exited = reaped == pid && raw & 0x7f == 0
            status = exited ? DaemonStartStatus(rawValue: UInt8((raw >> 8) & 0xff)) ?? .failed : .failed
            return status
        }

        deinit {
            // Still running when the client gave up: reap it when it does exit, off this thread.
            guard status == nil else { return }
            let pid = pid
            DetachedThread.start {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            }
        }
    }
}
