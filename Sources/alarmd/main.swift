import AlarmAudio
import AlarmDaemon
import Foundation
import Logging

// Before anything opens a file or starts a thread: drop what the starter left open, then block
// the signals the loop reads from a signalfd (every later thread inherits the mask, so SIGTERM
// and SIGHUP cannot kill a random thread).
Daemon.closeInheritedDescriptors()
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
        usage: alarmd
        The OpenAlarmKit daemon: owns, persists and rings this user's alarms. Usually started by
        systemd (alarmd.socket) or on demand by alarmctl. Stops on SIGTERM, reloads
        config.toml on SIGHUP, logs to stderr.
        """)
    exit(0)
case .some(let other):
    FileHandle.standardError.write(Data("alarmd: unknown argument '\(other)' (try --help)\n".utf8))
    exit(2)
case .none:
    break
}

do {
    try Daemon(signalFD: signals, logger: logger).runWithSystemOutputs()
} catch {
    logger.critical("\(error)")
    exit(1)
}
