import AlarmAudio
import AlarmDaemon
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging
import OpenAlarmKit

// Before anything opens a file or starts a thread: drop what the starter left open, then block
// the signals the loop reads from a signalfd (every later thread inherits the mask, so SIGTERM
// and SIGHUP cannot kill a random thread).
let starter = BackgroundStart.Report(arguments: CommandLine.arguments)
Daemon.closeInheritedDescriptors(from: starter.firstInheritedDescriptor)
if CommandLine.arguments.dropFirst().first == "--background" { exit(BackgroundStart.run()) }
let signals = Daemon.blockSignals()
LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
StreamIdentity.alarm.adopt()  // before threads: the sound server sees our streams as alarms
let logger = Logger(label: "alarmd")

switch CommandLine.arguments.dropFirst().first {
case "--version":
    print("alarmd \(Daemon.version)")
    exit(0)
case "--help", "-h":
    print("""
        usage: alarmd [--background]
        The OpenAlarmKit daemon: owns, persists and rings this user's alarms. Usually started by
        systemd (alarmd.socket) or on demand by alarmctl. Stops on SIGTERM, reloads
        config.toml on SIGHUP, logs to stderr. One runs per user: a second one exits with
        status 1, saying which process serves.

          --background  start the daemon in its own session and return once it serves
                        (status 0), another alarmd serves (status 3), or it could not start
                        (status 1)
        """)
    exit(0)
case BackgroundStart.reportFlag, .none:
    break
case .some(let other):
    StandardError.write("alarmd: unknown argument '\(other)' (try --help)\n")
    exit(2)
}

do {
    let daemon = try Daemon(signalFD: signals, logger: logger)
    daemon.onReady = { starter.send(.serving) }
    try daemon.runWithSystemOutputs()
} catch .alreadyRunning(let pid) {
    starter.send(.anotherServes)
    logger.notice("\(DaemonError.alreadyRunning(pid: pid))")
    exit(1)
} catch {
    logger.critical("\(error)")
    exit(1)
}
