// Written for the porting corpus, in the shape of cvburgess/expo-alarm-kit
// ios/ExpoAlarmKitModule.swift (studied at 12d254538fb47a67c2def1a9b5be801e46d6b2e3).
//
// An Expo module that lets JavaScript schedule one-off, weekly and timer alarms, and that
// remembers them in an App Group suite its widget reads too. Like that file it imports no
// Foundation: `UserDefaults`, `Scanner`, `NSNull` and `trimmingCharacters(in:)` arrive with
// `import AlarmKit`, as on iOS they arrive with SwiftUI.
import ExpoModulesCore
import AlarmKit
#if canImport(ActivityKit)
import ActivityKit
#endif
import AppIntents
#if canImport(SwiftUI)
import SwiftUI
#endif

// MARK: - What the module remembers

/// The alarms this module scheduled, kept in the App Group suite JavaScript names once at
/// start, so that the widget extension and a later launch see them.
@available(iOS 26.0, *)
public enum ExpoAlarmStore {
    public static var suiteName: String?

    private static let firesPrefix = "expo-alarms.fires."
    private static let opensAppPrefix = "expo-alarms.opens-app."

    static var suite: UserDefaults? {
        guard let suiteName else {
            print("[ExpoAlarms] no App Group yet: call useAppGroup first")
            return nil
        }
        return UserDefaults(suiteName: suiteName)
    }

    /// `firesAt` is seconds since 1970 for a one-off alarm; weekly alarms and timers have
    /// no single time and store a negative marker.
    public static func remember(_ id: String, firesAt: Double, opensAppOnStop: Bool) {
        let suite = suite
        suite?.set(firesAt, forKey: firesPrefix + id)
        suite?.set(opensAppOnStop, forKey: opensAppPrefix + id)
    }

    public static func opensAppOnStop(_ id: String) -> Bool {
        suite?.bool(forKey: opensAppPrefix + id) ?? false
    }

    public static func forget(_ id: String) {
        let suite = suite
        for prefix in [firesPrefix, opensAppPrefix] {
            suite?.removeObject(forKey: prefix + id)
        }
    }

    public static func ids() -> [String] {
        let everything = suite?.dictionaryRepresentation() ?? [:]
        return everything.keys.filter { $0.hasPrefix(firesPrefix) }.map { String($0.dropFirst(firesPrefix.count)) }.sorted()
    }

    public static func forgetAll() {
        ids().forEach(forget)
    }
}

/// Handed to JavaScript once, when the app starts because an alarm's button opened it.
@available(iOS 26.0, *)
enum LaunchHandoff {
    static var pending: [String: Any]?

    static func offer(alarmId: String, payload: String?) {
        pending = ["alarmId": alarmId, "payload": payload.map { $0 as Any } ?? NSNull()]
    }

    static func take() -> [String: Any]? {
        defer { pending = nil }
        return pending
    }
}

// MARK: - Metadata a widget decodes

/// Every field is optional: a widget built from an older version of the app must still decode
/// what a newer one scheduled.
@available(iOS 26.0, *)
nonisolated struct ExpoAlarmMetadata: AlarmMetadata {
    var foregroundHex: String?
    var subtitle: String?
}

// MARK: - Options JavaScript passes

@available(iOS 26.0, *)
struct AlarmOptions: Record {
    @Field var id: String
    @Field var title: String
    /// A one-off alarm: seconds since 1970.
    @Field var epochSeconds: Double?
    /// A weekly alarm: the time and the days, 1 for Sunday to 7 for Saturday as in Calendar.
    @Field var hour: Int?
    @Field var minute: Int?
    @Field var weekdays: [Int]?
    @Field var tintHex: String?
    @Field var foregroundHex: String?
    @Field var stopLabel: String?
    @Field var stopHex: String?
    @Field var snoozeLabel: String?
    @Field var snoozeHex: String?
    @Field var snoozeMinutes: Int?
    @Field var soundName: String?
    @Field var opensAppOnStop: Bool?
    @Field var stopNote: String?
    /// Whether Snooze also runs an intent (to tell JavaScript), and whether that opens the app.
    @Field var snoozeNotifies: Bool?
    @Field var opensAppOnSnooze: Bool?
    @Field var snoozeNote: String?
}

@available(iOS 26.0, *)
struct TimerOptions: Record {
    @Field var id: String
    @Field var title: String
    @Field var seconds: Double
    @Field var tintHex: String?
    @Field var foregroundHex: String?
    /// No pause label: a countdown the person watches but cannot pause.
    @Field var pauseLabel: String?
    @Field var resumeLabel: String?
    @Field var buttonHex: String?
    @Field var soundName: String?
    @Field var opensAppOnStop: Bool?
    @Field var stopNote: String?
}

// MARK: - Alarm buttons' intents
//
// `openAppWhenRun` is a static property, so opening the app or not takes two types each.

@available(iOS 26.0, *)
public struct StopExpoAlarmIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Stop"
    public static var description = IntentDescription("Stops the alarm and tells the app")
    public static var openAppWhenRun: Bool = false

    @Parameter(title: "Alarm")
    public var alarmId: String

    @Parameter(title: "Payload")
    public var payload: String?

    public init() {}

    public init(alarmId: String, payload: String?) {
        self.alarmId = alarmId
        self.payload = payload
    }

    public func perform() async throws -> some IntentResult {
        alarmStopped(alarmId, payload: payload)
        return .result()
    }
}

@available(iOS 26.0, *)
public struct StopExpoAlarmAndOpenIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Stop and Open"
    public static var description = IntentDescription("Stops the alarm and opens the app")
    public static var openAppWhenRun: Bool = true

    @Parameter(title: "Alarm")
    public var alarmId: String

    @Parameter(title: "Payload")
    public var payload: String?

    public init() {}

    public init(alarmId: String, payload: String?) {
        self.alarmId = alarmId
        self.payload = payload
    }

    public func perform() async throws -> some IntentResult {
        alarmStopped(alarmId, payload: payload)
        return .result()
    }
}

@available(iOS 26.0, *)
public struct SnoozeExpoAlarmIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Snooze"
    public static var description = IntentDescription("Snoozes the alarm and tells the app")
    public static var openAppWhenRun: Bool = false

    @Parameter(title: "Alarm")
    public var alarmId: String

    @Parameter(title: "Payload")
    public var payload: String?

    public init() {}

    public init(alarmId: String, payload: String?) {
        self.alarmId = alarmId
        self.payload = payload
    }

    public func perform() async throws -> some IntentResult {
        LaunchHandoff.offer(alarmId: alarmId, payload: payload)
        return .result()
    }
}

@available(iOS 26.0, *)
public struct SnoozeExpoAlarmAndOpenIntent: LiveActivityIntent {
    public static var title: LocalizedStringResource = "Snooze and Open"
    public static var description = IntentDescription("Snoozes the alarm and opens the app")
    public static var openAppWhenRun: Bool = true

    @Parameter(title: "Alarm")
    public var alarmId: String

    @Parameter(title: "Payload")
    public var payload: String?

    public init() {}

    public init(alarmId: String, payload: String?) {
        self.alarmId = alarmId
        self.payload = payload
    }

    public func perform() async throws -> some IntentResult {
        LaunchHandoff.offer(alarmId: alarmId, payload: payload)
        return .result()
    }
}

@available(iOS 26.0, *)
private func alarmStopped(_ id: String, payload: String?) {
    LaunchHandoff.offer(alarmId: id, payload: payload)
    ExpoAlarmStore.forget(id)
}

// MARK: - Building configurations

/// `#RRGGBB` from JavaScript; `fallback` when absent or unreadable.
func expoColor(_ hex: String?, fallback: Color) -> Color {
    guard let hex else { return fallback }
    let digits = hex.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "#", with: "")
    var packed: UInt64 = 0
    guard Scanner(string: digits).scanHexInt64(&packed) else { return fallback }
    func channel(_ shift: UInt64) -> Double { Double((packed >> shift) & 0xFF) / 255 }
    return Color(red: channel(16), green: channel(8), blue: channel(0))
}

@available(iOS 26.0, *)
private func expoSound(_ name: String?) -> AlertConfiguration.AlertSound {
    guard let name, !name.isEmpty else { return .default }
    return .named(name)
}

@available(iOS 26.0, *)
private func expoButton(_ label: String, hex: String?, fallback: Color, symbol: String) -> AlarmButton {
    AlarmButton(text: LocalizedStringResource(stringLiteral: label), textColor: expoColor(hex, fallback: fallback), systemImageName: symbol)
}

@available(iOS 26.0, *)
private func stopIntent(_ id: String, opensApp: Bool, payload: String?) -> any LiveActivityIntent {
    opensApp ? StopExpoAlarmAndOpenIntent(alarmId: id, payload: payload) : StopExpoAlarmIntent(alarmId: id, payload: payload)
}

/// Calendar's numbering, 1 for Sunday.
private let calendarWeekdays: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

@available(iOS 26.0, *)
private func schedule(of options: AlarmOptions) -> Alarm.Schedule? {
    if let days = options.weekdays, let hour = options.hour, let minute = options.minute {
        var weekdays: [Locale.Weekday] = []
        for day in days where calendarWeekdays.indices.contains(day - 1) && !weekdays.contains(calendarWeekdays[day - 1]) {
            weekdays.append(calendarWeekdays[day - 1])
        }
        return .relative(Alarm.Schedule.Relative(time: .init(hour: hour, minute: minute), repeats: .weekly(weekdays)))
    }
    return options.epochSeconds.map { .fixed(Date(timeIntervalSince1970: $0)) }
}

@available(iOS 26.0, *)
private func alarmConfiguration(_ options: AlarmOptions, schedule: Alarm.Schedule) -> AlarmManager.AlarmConfiguration<ExpoAlarmMetadata> {
    let alert = AlarmPresentation.Alert(
        title: LocalizedStringResource(stringLiteral: options.title),
        stopButton: expoButton(options.stopLabel ?? "Stop", hex: options.stopHex, fallback: .white, symbol: "stop.circle"),
        secondaryButton: expoButton(options.snoozeLabel ?? "Snooze", hex: options.snoozeHex, fallback: .white, symbol: "zzz"),
        secondaryButtonBehavior: .countdown)
    let attributes = AlarmAttributes<ExpoAlarmMetadata>(
        presentation: AlarmPresentation(alert: alert), metadata: ExpoAlarmMetadata(foregroundHex: options.foregroundHex),
        tintColor: expoColor(options.tintHex, fallback: .blue))
    var snoozeIntent: (any LiveActivityIntent)? = nil
    if options.snoozeNotifies == true {
        snoozeIntent = options.opensAppOnSnooze == true
            ? SnoozeExpoAlarmAndOpenIntent(alarmId: options.id, payload: options.snoozeNote)
            : SnoozeExpoAlarmIntent(alarmId: options.id, payload: options.snoozeNote)
    }
    return AlarmManager.AlarmConfiguration<ExpoAlarmMetadata>(
        countdownDuration: Alarm.CountdownDuration(preAlert: nil, postAlert: TimeInterval((options.snoozeMinutes ?? 9) * 60)),
        schedule: schedule,
        attributes: attributes,
        stopIntent: stopIntent(options.id, opensApp: options.opensAppOnStop ?? false, payload: options.stopNote),
        secondaryIntent: snoozeIntent,
        sound: expoSound(options.soundName))
}

@available(iOS 26.0, *)
private func timerConfiguration(_ options: TimerOptions) -> AlarmManager.AlarmConfiguration<ExpoAlarmMetadata> {
    let title = LocalizedStringResource(stringLiteral: options.title)
    let countdown = AlarmPresentation.Countdown(
        title: title,
        pauseButton: options.pauseLabel.map { expoButton($0, hex: options.buttonHex, fallback: .blue, symbol: "pause.circle") })
    // Paused needs a resume button: without a label there is no paused screen to reach.
    let paused = options.resumeLabel.map {
        AlarmPresentation.Paused(
            title: LocalizedStringResource(stringLiteral: options.title + " (paused)"),
            resumeButton: expoButton($0, hex: options.buttonHex, fallback: .blue, symbol: "play.circle"))
    }
    let attributes = AlarmAttributes<ExpoAlarmMetadata>(
        presentation: AlarmPresentation(alert: AlarmPresentation.Alert(title: title), countdown: countdown, paused: paused),
        metadata: ExpoAlarmMetadata(foregroundHex: options.foregroundHex),
        tintColor: expoColor(options.tintHex, fallback: .blue))
    return .timer(
        duration: options.seconds, attributes: attributes,
        stopIntent: stopIntent(options.id, opensApp: options.opensAppOnStop ?? false, payload: options.stopNote),
        sound: expoSound(options.soundName))
}

@available(iOS 26.0, *)
private func schedule<Metadata>(_ id: String, _ configuration: AlarmManager.AlarmConfiguration<Metadata>) async -> Bool {
    guard let uuid = UUID(uuidString: id) else {
        print("[ExpoAlarms] not an alarm id: \(id)")
        return false
    }
    do {
        _ = try await AlarmManager.shared.schedule(id: uuid, configuration: configuration)
        return true
    } catch {
        print("[ExpoAlarms] could not schedule \(id): \(error)")
        return false
    }
}

@available(iOS 26.0, *)
private func authorizationName(_ state: AlarmManager.AuthorizationState) -> String {
    switch state {
    case .authorized: "authorized"
    case .denied: "denied"
    case .notDetermined: "notDetermined"
    @unknown default: "notDetermined"
    }
}

// MARK: - The module

@available(iOS 26.0, *)
public class ExpoAlarmsModule: Module {
    public func definition() -> ModuleDefinition {
        Name("ExpoAlarms")

        Function("useAppGroup") { (suiteName: String) -> Bool in
            ExpoAlarmStore.suiteName = suiteName
            return ExpoAlarmStore.suite != nil
        }

        AsyncFunction("authorize") { () -> String in
            let manager = AlarmManager.shared
            guard manager.authorizationState != .authorized else { return "authorized" }
            do {
                return authorizationName(try await manager.requestAuthorization())
            } catch {
                return "denied"
            }
        }

        Function("newAlarmId") { () -> String in
            UUID().uuidString
        }

        AsyncFunction("scheduleAlarm") { (options: AlarmOptions) async throws -> Bool in
            guard let when = schedule(of: options) else { return false }
            guard await schedule(options.id, alarmConfiguration(options, schedule: when)) else { return false }
            ExpoAlarmStore.remember(options.id, firesAt: options.epochSeconds ?? -1, opensAppOnStop: options.opensAppOnStop ?? false)
            return true
        }

        AsyncFunction("scheduleTimer") { (options: TimerOptions) async throws -> Bool in
            guard await schedule(options.id, timerConfiguration(options)) else { return false }
            ExpoAlarmStore.remember(options.id, firesAt: -2, opensAppOnStop: options.opensAppOnStop ?? false)
            return true
        }

        AsyncFunction("cancel") { (id: String) -> Bool in
            guard let uuid = UUID(uuidString: id) else { return false }
            do {
                try AlarmManager.shared.cancel(id: uuid)
            } catch {
                print("[ExpoAlarms] could not cancel \(id): \(error)")
                return false
            }
            ExpoAlarmStore.forget(id)
            return true
        }

        Function("scheduledIds") { () -> [String] in
            ExpoAlarmStore.ids()
        }

        Function("forget") { (id: String) in
            ExpoAlarmStore.forget(id)
        }

        Function("forgetAll") { () in
            ExpoAlarmStore.forgetAll()
        }

        Function("takeLaunchPayload") { () -> [String: Any]? in
            LaunchHandoff.take()
        }
    }
}
