// Written for the porting corpus, in the shape of sauravhiremath/react-native-ios-alarmkit
// ios/HybridAlarmKit.swift (studied at e2e5dace0f17390b38a91c4ce51a526a84d3dd9b): the JSON
// that crosses the bridge, and its translation to and from AlarmKit's types, where that
// file keeps its Codable structs and its private builders.
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif

#if canImport(AlarmKit)
import AlarmKit
#endif

// MARK: - What JavaScript sends and receives

/// A one-off alarm has `at` (milliseconds since 1970); a clock-time one `hour` and `minute`,
/// and `days` when it repeats ("monday", ...).
struct ScheduleJSON: Codable, Equatable {
    var at: Double?
    var hour: Int?
    var minute: Int?
    var days: [String]?
}

/// Seconds; zero or absent means none.
struct DurationsJSON: Codable, Equatable {
    var before: Int?
    var after: Int?
}

struct ButtonJSON: Codable {
    var text: String
    var color: String
    var symbol: String
}

struct AlertJSON: Codable {
    var title: String
    var stop: ButtonJSON
    var secondary: ButtonJSON?
    /// "countdown" (snooze, repeat) or "custom" (runs the app's intent).
    var secondaryAction: String?
}

struct CountdownJSON: Codable {
    var title: String
    var pause: ButtonJSON?
}

struct PausedJSON: Codable {
    var title: String
    var resume: ButtonJSON?
}

struct ConfigurationJSON: Codable {
    var schedule: ScheduleJSON?
    var durations: DurationsJSON?
    var alert: AlertJSON
    var countdown: CountdownJSON?
    var paused: PausedJSON?
    var tint: String?
    var sound: String?
    var metadata: [String: String]?
}

struct AlarmJSON: Codable, Equatable {
    var id: String
    var state: String
    var durations: DurationsJSON?
    var schedule: ScheduleJSON?
}

// MARK: - JSON to AlarmKit

/// A hex color from JavaScript (`#RRGGBB`); black when unreadable, as Scanner leaves zero.
func nitroColor(_ hex: String) -> Color {
    var packed: UInt64 = 0
    Scanner(string: hex.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "#", with: "")).scanHexInt64(&packed)
    return Color(red: Double(packed >> 16 & 0xFF) / 255, green: Double(packed >> 8 & 0xFF) / 255, blue: Double(packed & 0xFF) / 255)
}

#if canImport(AlarmKit)
@available(iOS 26.0, *)
struct NoMetadata: AlarmMetadata {}

@available(iOS 26.0, *)
extension ButtonJSON {
    var alarmButton: AlarmButton {
        AlarmButton(text: "\(text)", textColor: nitroColor(color), systemImageName: symbol)
    }
}

@available(iOS 26.0, *)
extension ScheduleJSON {
    /// A schedule with neither form throws an NSError of code 4: a bad configuration.
    func schedule() throws -> Alarm.Schedule {
        if let at {
            return .fixed(Date(timeIntervalSince1970: at / 1000))
        }
        guard let hour, let minute else {
            throw NSError(domain: bridgeErrorDomain, code: 4, userInfo: [NSLocalizedDescriptionKey: "A schedule needs `at`, or `hour` and `minute`"])
        }
        let weekdays = (days ?? []).compactMap { Locale.Weekday(rawValue: $0.lowercased()) }
        let time = Alarm.Schedule.Relative.Time(hour: hour, minute: minute)
        return .relative(Alarm.Schedule.Relative(time: time, repeats: weekdays.isEmpty ? .never : .weekly(weekdays)))
    }

    init(_ schedule: Alarm.Schedule) {
        switch schedule {
        case .fixed(let date):
            self.init(at: date.timeIntervalSince1970 * 1000)
        case .relative(let relative):
            var days: [String]? = nil
            switch relative.repeats {
            case .weekly(let weekdays): days = weekdays.map(\.rawValue)
            case .never: days = nil
            @unknown default: days = nil
            }
            self.init(hour: relative.time.hour, minute: relative.time.minute, days: days)
        @unknown default:
            self.init()
        }
    }
}

@available(iOS 26.0, *)
extension ConfigurationJSON {
    func configuration() throws -> AlarmManager.AlarmConfiguration<NoMetadata> {
        var durations: Alarm.CountdownDuration? = nil
        let before = self.durations?.before ?? 0, after = self.durations?.after ?? 0
        if before > 0 || after > 0 {
            durations = Alarm.CountdownDuration(
                preAlert: before > 0 ? TimeInterval(before) : nil, postAlert: after > 0 ? TimeInterval(after) : nil)
        }

        var behavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
        if alert.secondary != nil {
            behavior = alert.secondaryAction == "custom" ? .custom : .countdown
        }
        var presentation = AlarmPresentation(
            alert: AlarmPresentation.Alert(
                title: "\(alert.title)", stopButton: alert.stop.alarmButton, secondaryButton: alert.secondary?.alarmButton,
                secondaryButtonBehavior: behavior))
        // The screens a countdown shows are set after the alert, when JavaScript sent them.
        if let countdown {
            presentation.countdown = AlarmPresentation.Countdown(title: "\(countdown.title)", pauseButton: countdown.pause?.alarmButton)
        }
        if let paused {
            let resume = paused.resume?.alarmButton ?? AlarmButton(text: "Resume", textColor: .blue, systemImageName: "play.circle")
            presentation.paused = AlarmPresentation.Paused(title: "\(paused.title)", resumeButton: resume)
        }

        let alertSound: AlertConfiguration.AlertSound = sound.map { .named($0) } ?? .default
        return AlarmManager.AlarmConfiguration(
            countdownDuration: durations,
            schedule: try schedule?.schedule(),
            attributes: AlarmAttributes<NoMetadata>(presentation: presentation, metadata: NoMetadata(), tintColor: tint.map(nitroColor) ?? .blue),
            stopIntent: nil,
            secondaryIntent: nil,
            sound: alertSound)
    }
}

// MARK: - AlarmKit to JSON

@available(iOS 26.0, *)
func stateName(_ state: Alarm.State) -> String {
    switch state {
    case .scheduled: return "scheduled"
    case .countdown: return "countdown"
    case .paused: return "paused"
    case .alerting: return "alerting"
    @unknown default: return "scheduled"
    }
}

@available(iOS 26.0, *)
extension AlarmJSON {
    init(_ alarm: Alarm) {
        var durations: DurationsJSON? = nil
        if let countdown = alarm.countdownDuration {
            durations = DurationsJSON(before: countdown.preAlert.map { Int($0) }, after: countdown.postAlert.map { Int($0) })
        }
        self.init(id: alarm.id.uuidString, state: stateName(alarm.state), durations: durations, schedule: alarm.schedule.map { ScheduleJSON($0) })
    }
}

#endif

func encodedJSON<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(data: try encoder.encode(value), encoding: .utf8) ?? ""
}
