import FoundationEssentials
import AlarmClient
import LinuxSupport

/// What a lifecycle command says when alarmd refuses it as impossible in the alarm's state
/// (`invalidTransition`): alarmd's words are for every client ("cannot skip an alarm that is
/// scheduled"); these name the alarm, say why in a person's terms and which command does what
/// they likely meant. nil: alarmd's own message stands.
extension Text {
    static func refusal(_ operation: AlarmProtocol.Operation, _ record: AlarmRecord, name: String, id: String) -> String? {
        let state = record.phase.state
        switch operation {
        case .skip:
            if let skipped = record.skippedFire, skipped > Date(), record.disabledAt == nil, case .scheduled(let next) = record.phase {
                return tr("%1$s already skips %2$s and rings next %3$s: one skip at a time (to ring on %2$s after all: `alarmctl unskip %4$s`)",
                          name, Format.when(skipped), Format.when(next), id)
            }
            if !record.repeats {
                return record.schedule == nil
                    ? tr("%1$s is a timer: it has no next occurrence to skip (pause it with `alarmctl pause %2$s`, or remove it with `alarmctl cancel %2$s`)", name, id)
                    : tr("%1$s rings only once, so it has no next occurrence to skip (to remove it: `alarmctl cancel %2$s`)", name, id)
            }
            if record.disabledAt != nil { return tr("%1$s is turned off, so nothing is coming to skip (turn it on with `alarmctl enable %2$s`)", name, id) }
            if state == .alerting { return tr("%1$s is ringing now (stop it with `alarmctl stop %2$s`: it moves on to its next date)", name, id) }
            if state == .paused { return tr("%1$s is paused in its countdown (resume it with `alarmctl resume %2$s`, or stop it with `alarmctl stop %2$s`)", name, id) }
            return nil
        case .stop:
            guard state == .scheduled else { return nil }
            return tr("%1$s is not ringing or counting down yet, so there is nothing to stop (to remove it: `alarmctl cancel %2$s`; to turn it off: `alarmctl disable %2$s`)", name, id)
        case .countdown:
            guard state != .alerting else { return nil }
            return tr("%s is not ringing: snooze works only while an alarm rings", name)
        case .pause:
            guard state != .countdown else { return nil }
            return state == .paused ? tr("%1$s is already paused (resume it with `alarmctl resume %2$s`)", name, id)
                : tr("%s is not counting down: pause works only during a countdown (a timer, or an alarm added with --countdown)", name)
        case .resume:
            guard state != .paused else { return nil }
            return tr("%s is not paused, so there is nothing to resume", name)
        case .enable:
            guard case .fixed(let date) = record.schedule else { return nil }
            return tr("%1$s rang on its date, %2$s; to use it again give it a new one: `alarmctl edit %3$s --at 'tomorrow 7:00'`", name, Format.when(date), id)
        case .unskip:
            return tr("%1$s skips nothing: %2$s", name, Format.status(of: record))
        case .disable:
            guard record.schedule == nil else { return nil }
            return tr("%1$s is a timer, which cannot be turned off (pause it with `alarmctl pause %2$s`, or remove it with `alarmctl cancel %2$s`)", name, id)
        default:
            return nil
        }
    }

    /// What `enable` and `disable` say when the alarm already is so, without asking alarmd:
    /// enable does not undo a skip (unskip does), and says so when there is one.
    static func alreadyDone(_ operation: AlarmProtocol.Operation, _ record: AlarmRecord, name: String, id: String) -> String? {
        switch operation {
        case .enable where record.disabledAt == nil:
            if let skipped = record.skippedFire, skipped > Date() {
                return tr("%1$s is already on: %2$s; to ring on %3$s after all: `alarmctl unskip %4$s`", name, Format.status(of: record), Format.when(skipped), id)
            }
            return tr("%1$s is already on: %2$s", name, Format.status(of: record))
        case .disable where record.disabledAt != nil:
            return tr("%s is already off", name)
        default:
            return nil
        }
    }
}
