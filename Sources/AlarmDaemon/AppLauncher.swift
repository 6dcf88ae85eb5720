import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmWire

/// Starts an app so that it can run a pressed button's intent: the command it registered,
/// in its own session, with alarmd's environment plus `OPENALARMKIT_APP_ID` (the same app
/// id as the process that scheduled) and `OPENALARMKIT_LAUNCH_REASON=intent`. Its output goes
/// to `<state>/apps/<app>.log`. A thread per started app waits for its exit (alarmd must reap
/// its children) and reports it.
struct AppLauncher {
    let environment: [String: String]
    let logDirectory: String

    struct LaunchError: Error, CustomStringConvertible {
        let description: String
    }

    func launch(_ launch: AppLaunch, app: String, onExit: @escaping @Sendable (_ pid: Int32, _ status: Int32) -> Void) throws(LaunchError) -> Int32 {
        guard launch.executable.hasPrefix("/") else { throw LaunchError(description: "the launch command must be an absolute path") }
        guard access(launch.executable, X_OK) == 0 else { throw LaunchError(description: String(cString: strerror(errno))) }
        mkdir(logDirectory, 0o700)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "\(logDirectory)/\(app).log", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session, so it outlives a restart of alarmd's terminal; and a clean signal
        // mask, since alarmd blocks the signals its signalfd reads.
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc >= 2.26; hidden behind _GNU_SOURCE)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, setsid | Int16(POSIX_SPAWN_SETSIGMASK))

        var variables = environment
        variables["OPENALARMKIT_APP_ID"] = app
        variables["OPENALARMKIT_LAUNCH_REASON"] = "intent"
        let argv: [UnsafeMutablePointer<CChar>?] = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw LaunchError(description: String(cString: strerror(status))) }
        let child = pid
        DetachedThread.start {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            // WEXITSTATUS, or 128 + the signal that ended it, as a shell reports it.
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            onExit(child, code)
        }
        return pid
    }
}
