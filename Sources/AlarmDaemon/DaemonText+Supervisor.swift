extension DaemonText {
    // The supervisor (`alarmd --supervise`) when it stops restarting a daemon that keeps crashing.
    static let supervisorGaveUpSummary = "Alarms will not ring: alarmd keeps crashing"
    static func supervisorGaveUp(end: String, crashes: Int, minutes: Int) -> String {
        "alarmd \(end), its \(crashes)th crash within \(minutes) min; not restarting it again. Alarms will not ring until it is started (alarmctl status starts it)."
    }
    static func supervisorGaveUpBody(end: String, crashes: Int, minutes: Int) -> String {
        "alarmd crashed \(crashes) times within \(minutes) minutes (the last time it \(end)) and was not restarted. Its log is alarmd.log in ~/.local/state/openalarmkit. Run 'alarmctl status' to start it again."
    }
}
