// Written for the porting corpus, in the shape of gdelataillade/flutter_alarmkit
// ios/flutter_alarmkit/Sources/flutter_alarmkit/Alarm+Extension.swift (studied at
// c637bb3475968cb38fead65edf0bb5163dd65fc1): an `Alarm` read back into the dictionary a
// Flutter method channel carries to Dart, with what the plugin kept of it in an App Group.
import Foundation
import AlarmKit
#if canImport(SwiftUI)
import SwiftUI
#endif

/// Where the plugin keeps, per alarm, what AlarmKit does not give back (label, tint).
public enum FlutterAlarmsPlugin {
    public static let appGroup = "group.example.flutter-alarms"

    public static func labelsKey(_ id: UUID) -> String { "alarm-labels." + id.uuidString }
}

/// Dart's weekday bits: Monday is bit 0, Sunday bit 6.
private let dartWeekdayOrder: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

@available(iOS 26.0, *)
func dartWeekdayBits(_ days: [Locale.Weekday]) -> Int {
    days.reduce(0) { bits, day in
        guard let bit = dartWeekdayOrder.firstIndex(of: day) else { return bits }
        return bits | 1 << bit
    }
}

@available(iOS 26.0, *)
extension Alarm {
    /// Never nil: a state or schedule this version does not know reads as "unknown".
    public func channelMap() -> [String: Any] {
        var map: [String: Any] = ["id": id.uuidString]

        switch state {
        case .scheduled: map["state"] = "scheduled"
        case .countdown: map["state"] = "countdown"
        case .paused: map["state"] = "paused"
        case .alerting: map["state"] = "alerting"
        @unknown default: map["state"] = "unknown"
        }

        // A timer has no schedule: its length is in countdownDuration.
        if let schedule {
            switch schedule {
            case .fixed(let date):
                map["schedule"] = ["kind": "fixed", "millisecondsSince1970": date.timeIntervalSince1970 * 1000]
            case .relative(let relative):
                var days = 0
                switch relative.repeats {
                case .weekly(let weekdays): days = dartWeekdayBits(weekdays)
                case .never: days = 0
                @unknown default: days = 0
                }
                map["schedule"] = ["kind": "relative", "hour": relative.time.hour, "minute": relative.time.minute, "weekdayBits": days]
            @unknown default:
                map["schedule"] = ["kind": "unknown"]
            }
        }

        if let countdown = countdownDuration {
            var durations: [String: Any] = [:]
            if let before = countdown.preAlert { durations["preAlert"] = before }
            if let after = countdown.postAlert { durations["postAlert"] = after }
            map["countdownDuration"] = durations
        }

        // AlarmKit gives back neither the title nor the tint: the plugin stored them when it
        // scheduled the alarm.
        if let stored = UserDefaults(suiteName: FlutterAlarmsPlugin.appGroup)?.dictionary(forKey: FlutterAlarmsPlugin.labelsKey(id)) {
            for key in ["label", "tintColor"] {
                if let text = stored[key] as? String { map[key] = text }
            }
            if let extra = stored["metadata"] as? [String: Any], !extra.isEmpty { map["metadata"] = extra }
        }
        return map
    }
}
