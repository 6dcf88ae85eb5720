import AlarmAudio
import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmLocations
import AlarmWire
import Logging

/// alarmd's whole `main`, here rather than in the `alarmd` target so that one executable can
/// be both programs: the package installs alarmctl and makes alarmd a link to it (one copy of
/// the Swift runtime and Foundation instead of two), and alarmctl calls `run()` when it is
/// invoked by that name. The `alarmd` target's main is this one call.
public enum DaemonMain {
    /// The name that makes the multi-call binary act as the daemon.
    public static let name = "alarmd"

    /// Whether `argv0` (the program name a process was started with) asks for the daemon.
    public static func isInvoked(as argv0: String?) -> Bool {
        guard let argv0 else { return false }
        return argv0.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) == name
    }

    /// Runs alarmd on the calling (main) thread, before anything has opened a file or started
    /// a thread, and exits.
    public static func run() -> Never {
        // Drop what the starter left open, then block the signals the loop reads from a
        // signalfd (every later thread inherits the mask, so SIGTERM and SIGHUP cannot kill a
        // random thread).
        if CommandLine.arguments.dropFirst().first == Supervisor.flag {
            _ = oak_set_process_name(name)
            exit(Supervisor.run(arguments: CommandLine.arguments))
        }
        if CommandLine.arguments.dropFirst().first == WakeHelperFlag.flag { exit(WakeHelperFlag.run()) }
        let starter = BackgroundStart.Report(arguments: CommandLine.arguments)
        Daemon.closeInheritedDescriptors(from: starter.firstInheritedDescriptor)
        // Started through a link to the multi-call binary, the kernel names the process after
        // the file it executed (alarmctl); `ps`, `pgrep alarmd` and scripts look for alarmd.
        _ = oak_set_process_name(name)
        if CommandLine.arguments.dropFirst().first == "--background" { exit(BackgroundStart.run()) }
        let signals = Daemon.blockSignals()
        // One malloc arena, before any thread: glibc gives each thread that allocates its own
        // arena (64 MiB reserved, its touched pages resident for good, not given back by the
        // main heap's trim); alarmd's few threads allocate little and seldom contend.
        _ = mallopt(M_ARENA_MAX, 1)
        LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
        StreamIdentity.alarm.adopt()  // before threads: the sound server sees our streams as alarms
        let logger = Logger(label: "alarmd")

        switch CommandLine.arguments.dropFirst().first {
        case "--version":
            print(DaemonText.version(Daemon.version))
            exit(0)
        case "--help", "-h":
            print(DaemonText.usage)
            exit(0)
        case BackgroundStart.reportFlag, .none:
            break
        case .some(let other):
            StandardError.write(DaemonText.unknownArgument(other) + "\n")
            exit(2)
        }

        do {
            try DaemonAssembly.run(signalFD: signals, logger: logger) { starter.send(.serving) }
        } catch .alreadyRunning(let pid) {
            starter.send(.anotherServes)
            logger.notice("\(DaemonError.alreadyRunning(pid: pid))")
            exit(1)
        } catch {
            logger.critical("\(error)")
            exit(1)
        }
        exit(0)
    }
}
