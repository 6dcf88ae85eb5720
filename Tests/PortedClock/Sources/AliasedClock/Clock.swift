// An alarm app's scheduler and intents as iOS code writes them, imports untouched: the app
// has its own `Alarm` type, so AlarmKit's are written module-qualified. Built in Swift 5
// language mode, as most apps are, so stored `static var` declarations compile as on iOS.
import AlarmKit
import AppIntents
import Foundation

/// The app's own model, whose name shadows AlarmKit's.
struct Alarm: Codable, Identifiable {
    var id = UUID()
    var label: String
    var hour: Int
    var minute: Int
    var weekdays: [Locale.Weekday] = []
}

struct ClockMetadata: AlarmMetadata {
    var label: String
}

final class ClockScheduler {
    let manager = AlarmKit.AlarmManager.shared

    func configuration(for alarm: Alarm) -> AlarmKit.AlarmManager.AlarmConfiguration<ClockMetadata> {
        let title = alarm.label
        let alert = AlarmKit.AlarmPresentation.Alert(
            title: LocalizedStringResource(String.LocalizationValue(title)),
            stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.fill"),
            secondaryButton: AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz"),
            secondaryButtonBehavior: .countdown)
        let attributes = AlarmAttributes(
            presentation: AlarmPresentation(alert: alert), metadata: ClockMetadata(label: title), tintColor: Color("AccentColor"))
        let time = AlarmKit.Alarm.Schedule.Relative.Time(hour: alarm.hour, minute: alarm.minute)
        let repeats: AlarmKit.Alarm.Schedule.Relative.Recurrence = alarm.weekdays.isEmpty ? .never : .weekly(alarm.weekdays)
        return .init(
            countdownDuration: AlarmKit.Alarm.CountdownDuration(preAlert: nil, postAlert: 9 * 60),
            schedule: .relative(.init(time: time, repeats: repeats)), attributes: attributes,
            stopIntent: StopClockIntent(alarmID: alarm.id.uuidString),
            secondaryIntent: SnoozeClockIntent(alarmID: alarm.id.uuidString), sound: .default)
    }

    func schedule(_ alarm: Alarm) async throws -> AlarmKit.Alarm {
        try await manager.schedule(id: alarm.id, configuration: configuration(for: alarm))
    }

    func isRinging(_ id: UUID) throws -> Bool {
        let state: AlarmKit.Alarm.State? = try manager.alarms.first { $0.id == id }?.state
        return state == .alerting
    }
}

struct StopClockIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Stop"
    static var description = IntentDescription("Stops a ringing alarm")
    static var openAppWhenRun: Bool = false
    static var supportedModes: IntentModes = .background
    static var authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed

    @Parameter(title: "Alarm ID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult {
        if let id = UUID(uuidString: alarmID) { try AlarmKit.AlarmManager.shared.stop(id: id) }
        return .result()
    }
}

struct SnoozeClockIntent: LiveActivityIntent {
    static var title: LocalizedStringResource = "Snooze"
    static var supportedModes: IntentModes = .foreground(.immediate)
    static var authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed

    @Parameter(title: "Alarm ID")
    var alarmID: String

    @Parameter(title: "Minutes", default: 9)
    var minutes: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Snooze for \(\.$minutes) minutes") {
            \.$alarmID
        }
    }

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        if let id = UUID(uuidString: alarmID) { try AlarmKit.AlarmManager.shared.countdown(id: id) }
        return .result(dialog: "Snoozed! \(minutes) more minutes")
    }
}

@main
enum ClockMain {
    static func main() async throws {
        // What the names resolve to, for scripts/check-porting.
        let alarm = Alarm(label: "Wake up", hour: 7, minute: 30, weekdays: [.monday])
        let configuration = ClockScheduler().configuration(for: alarm)
        print(String(reflecting: AlarmKit.Alarm.self), String(reflecting: AlarmKit.AlarmManager.self), String(reflecting: AlarmKit.Alarm.State.self))
        let result = try await SnoozeClockIntent().perform()
        print((result as? IntentResultContainer<Never, Never, Never, IntentDialog>)?.dialog?.full.text ?? "no dialog")
        print(configuration.attributes.presentation.alert.title, configuration.attributes.tintColor)
    }
}
