import LinuxSupport

extension DaemonText {
    // The supervisor (`alarmd --supervise`) when it stops restarting a daemon that keeps crashing.
    static var supervisorGaveUpSummary: String { tr("Alarms will not ring: alarmd keeps crashing") }
    /// The log line (for developers: not translated).
    static func supervisorGaveUp(end: String, crashes: Int, minutes: Int) -> String {
        "alarmd \(end), its \(crashes)th crash within \(minutes) min; not restarting it again. Alarms will not ring until it is started (alarmctl status starts it)."
    }
    static func supervisorGaveUpBody(end: String, crashes: Int, minutes: Int) -> String {
        tr("alarmd crashed %1$s times within %2$s minutes (the last time it %3$s) and was not restarted. Its log is alarmd.log in ~/.local/state/openalarmkit. Run 'alarmctl status' to start it again.", String(crashes), String(minutes), end)
    }
}
