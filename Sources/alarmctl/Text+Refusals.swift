import FoundationEssentials
import AlarmClient

/// What a lifecycle command says when alarmd refuses it as impossible in the alarm's state
/// (`invalidTransition`): alarmd's words are for every client ("cannot skip an alarm that is
/// scheduled"); these name the alarm, say why in a person's terms and which command does what
/// they likely meant. nil: alarmd's own message stands.
extension Text {
    static func refusal(_ operation: AlarmProtocol.Operation, _ record: AlarmRecord, name: String, id: String) -> String? {
        let state = record.phase.state
        switch operation {
        case .skip:
            if !record.repeats {
                return record.schedule == nil
                    ? "\(name) is a timer: it has no next occurrence to skip (pause it with `alarmctl pause \(id)`, or remove it with `alarmctl cancel \(id)`)"
                    : "\(name) rings only once, so it has no next occurrence to skip (to remove it: `alarmctl cancel \(id)`)"
            }
            if record.disabledAt != nil { return "\(name) is turned off, so nothing is coming to skip (turn it on with `alarmctl enable \(id)`)" }
            if state == .alerting { return "\(name) is ringing now (stop it with `alarmctl stop \(id)`: it moves on to its next date)" }
            if state == .paused { return "\(name) is paused in its countdown (resume it with `alarmctl resume \(id)`, or stop it with `alarmctl stop \(id)`)" }
            return nil
        case .stop:
            guard state == .scheduled else { return nil }
            return "\(name) is not ringing or counting down yet, so there is nothing to stop (to remove it: `alarmctl cancel \(id)`; to turn it off: `alarmctl disable \(id)`)"
        case .countdown:
            guard state != .alerting else { return nil }
            return "\(name) is not ringing: snooze works only while an alarm rings"
        case .pause:
            guard state != .countdown else { return nil }
            return state == .paused ? "\(name) is already paused (resume it with `alarmctl resume \(id)`)"
                : "\(name) is not counting down: pause works only during a countdown (a timer, or an alarm added with --countdown)"
        case .resume:
            guard state != .paused else { return nil }
            return "\(name) is not paused, so there is nothing to resume"
        case .disable:
            guard record.schedule == nil else { return nil }
            return "\(name) is a timer, which cannot be turned off (pause it with `alarmctl pause \(id)`, or remove it with `alarmctl cancel \(id)`)"
        default:
            return nil
        }
    }
}
