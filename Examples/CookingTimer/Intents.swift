import OpenAlarmKit  // AlarmKit code: this line is the only change from `import AlarmKit`.

// The sample's intents. They run when a person presses the alarm's buttons, in this program,
// which the system starts first if it is not running.

struct StopIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Stop"
    static let description = IntentDescription("Stop an alert")

    @Parameter(title: "alarmID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() throws -> some IntentResult {
        print("StopIntent: the cook dismissed \(alarmID)")
        return .result()
    }
}

struct RepeatIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Repeat"
    static let description = IntentDescription("Repeat a countdown")

    @Parameter(title: "alarmID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult {
        // The `.countdown` behavior already restarted the countdown; the app only takes note.
        print("RepeatIntent: five more minutes for \(alarmID)")
        return .result()
    }
}

struct PauseIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Pause"
    static let description = IntentDescription("Pause a countdown")

    @Parameter(title: "alarmID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() throws -> some IntentResult {
        if let id = UUID(uuidString: alarmID) { try AlarmManager.shared.pause(id: id) }
        return .result()
    }
}
