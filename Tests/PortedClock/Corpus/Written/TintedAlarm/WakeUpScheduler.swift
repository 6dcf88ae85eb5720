// Written for the porting corpus, beside the modules written in the shapes of real apps
// (Corpus/Apps), for what none of the apps studied uses: an asset-catalog tint
// (`Color(.appSecondary)`), SwiftUI's `opacity(_:)` and `Color(white:)` on a tint, and
// Foundation reached only through `import AlarmKit` (`JSONSerialization`, `NSError` with
// `NSLocalizedDescriptionKey`, `UserDefaults`, `CGFloat`, `NSDictionary` bridging), as an
// iOS file gets it from its SwiftUI import; and `os.Logger` with `privacy:` interpolations,
// through OSLogOnLinux.swift.
import AlarmKit
import AppIntents
#if canImport(SwiftUI)
import SwiftUI
#endif

nonisolated struct WakeUpData: AlarmMetadata {
    var label: String
    var gentle: Bool
}

enum WakeUpError: Error {
    case notAuthorized
}

struct SnoozeWakeUpIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Snooze"

    @Parameter(title: "Alarm ID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult {
        guard let id = UUID(uuidString: alarmID) else {
            Logger(subsystem: "com.example.wakeup", category: "intents").fault("no alarm \(alarmID, privacy: .public)")
            throw NSError(domain: "WakeUp", code: 1, userInfo: [NSLocalizedDescriptionKey: "Invalid alarm ID \(alarmID)"])
        }
        try AlarmManager.shared.countdown(id: id)
        return .result()
    }
}

@MainActor
final class WakeUpScheduler {
    static let shared = WakeUpScheduler()

    private let defaults = UserDefaults(suiteName: "group.example.wakeup")
    private let log = Logger(subsystem: "com.example.wakeup", category: "alarms")
    let ringWidth: CGFloat = 6

    /// The app's brand tint from its asset catalog; a gentle alarm is a faded purple.
    func tint(gentle: Bool) -> Color {
        let tint = gentle ? Color.purple.opacity(0.15) : Color(.appSecondary)
        log.info("tint for \(gentle ? "a gentle" : "an", privacy: .public) alarm: \(tint, privacy: .private(mask: .hash))")
        return tint
    }

    func attributes(label: String, gentle: Bool) -> AlarmAttributes<WakeUpData> {
        let stop = AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.fill")
        let snooze = AlarmButton(text: "Snooze", textColor: Color(white: 0.9).opacity(0.8), systemImageName: "zzz")
        let alert = AlarmPresentation.Alert(
            title: LocalizedStringResource(stringLiteral: label), stopButton: stop, secondaryButton: snooze,
            secondaryButtonBehavior: .countdown)
        return AlarmAttributes(
            presentation: AlarmPresentation(alert: alert), metadata: WakeUpData(label: label, gentle: gentle),
            tintColor: tint(gentle: gentle))
    }

    func schedule(label: String, hour: Int, minute: Int, gentle: Bool) async throws -> UUID {
        guard try await AlarmManager.shared.requestAuthorization() == .authorized else { throw WakeUpError.notAuthorized }
        let id = UUID()
        let schedule = Alarm.Schedule.relative(.init(time: .init(hour: hour, minute: minute), repeats: .weekly([.monday, .friday])))
        _ = try await AlarmManager.shared.schedule(
            id: id,
            configuration: .init(
                countdownDuration: .init(preAlert: nil, postAlert: 9 * 60), schedule: schedule,
                attributes: attributes(label: label, gentle: gentle),
                secondaryIntent: SnoozeWakeUpIntent(alarmID: id.uuidString)))
        defaults?.set(label, forKey: "label-\(id.uuidString)")
        log.notice("scheduled \(label, privacy: .private) as \(id.uuidString, privacy: .public)")
        return id
    }

    /// What the app hands its widget: the alarm as a JSON object.
    func payload(label: String, hour: Int, minute: Int) throws -> String {
        let object: [String: Any] = ["label": label, "time": ["hour": hour, "minute": minute]]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(data: data, encoding: .utf8) ?? ""
    }

    /// What the widget hands back, read the way code written for Objective-C bridging reads
    /// it: an `NSDictionary`, cast to a Swift dictionary, with a nested one inside.
    func hour(fromWidget reply: Any) -> Int? {
        guard let dictionary = reply as? NSDictionary, let plain = dictionary as? [String: Any] else { return nil }
        return (plain["time"] as? [String: Any])?["hour"] as? Int
    }

    /// The countdown ring's stroke, thinner as the alarm nears.
    func ringStroke(remaining: TimeInterval, total: TimeInterval) -> CGFloat {
        ringWidth * CGFloat(max(remaining, 0) / max(total, 1))
    }
}
