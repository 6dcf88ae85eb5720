import FoundationEssentials
import AlarmClient

/// alarmctl's sentences for people, in one place so that a gettext catalogue can later
/// translate them (each is one whole sentence with its values, never glued fragments).
/// Split by area: Text+Format (how alarms read), Text+Sound, Text+Notify, Text+Commands.
/// `UserFacingTextTests` fails when a sentence appears elsewhere in alarmctl. Help texts stay
/// in the ArgumentParser declarations. Dates and times are formatted by Format/LocalTimeText
/// and come in here as parameters.
enum Text {
    static func timerStopped(_ title: String) -> String { "\(title): stopped" }
    static func timerRemoved(_ title: String) -> String { "\(title): cancelled elsewhere" }
    static func timerCancelled(_ title: String) -> String { "\(title): cancelled" }
    static func timerRangOut(_ title: String) -> String { "\(title): rang out unanswered" }
    static func noSound(_ reason: String) -> String { "no sound: \(reason)" }
    static let daemonWentAway = "alarmd went away"
    static let daemonNotRunning = "alarmd is not running"
    static let noAlarms = "no alarms"
    static let ringing = "ringing"
    static let pausedMark = "(paused)"
    static let countdownKeys = "space: pause · s: stop · Ctrl-C: cancel"
    static let pausedKeys = "space: resume · s: stop · Ctrl-C: cancel"
    static func ringingKeys(canSnooze: Bool) -> String { canSnooze ? "s: stop · z: snooze" : "s: stop" }

    // `watch`
    static func watchRinging(_ titles: String) -> String { "ringing: \(titles)" }
    static func watchCountingDown(_ title: String, until: String) -> String { "counting down: \(title) until \(until)" }
    static func watchPaused(_ title: String, left: String) -> String { "paused: \(title) (\(left) left)" }
    static func watchNext(_ title: String, at: String) -> String { "next: \(title) \(at)" }
    static func watchMissed(_ title: String?) -> String { "missed: \(title ?? "an alarm")" }

    // `disable`, `skip`
    static let off = "off"
    static func turnOnWith(_ id: String) -> String { "off; turn it on with `alarmctl enable \(id)`" }
    static func skips(_ when: String) -> String { " (skips \(when))" }

    // The lifecycle commands: "stopped 'Tea' (1a2b3c4d): rings ...", or "...; it is gone".
    static func alarmName(_ title: String, id: String) -> String { "'\(title)' (\(id))" }
    static func done(_ operation: AlarmProtocol.Operation, _ name: String, status: String) -> String {
        switch operation {
        case .cancel: "cancelled \(name): \(status)"
        case .stop: "stopped \(name): \(status)"
        case .countdown: "snoozed \(name): \(status)"
        case .pause: "paused \(name): \(status)"
        case .resume: "resumed \(name): \(status)"
        case .disable: "turned off \(name): \(status)"
        case .enable: "turned on \(name): \(status)"
        case .skip: "skipped the next occurrence of \(name): \(status)"
        default: "\(operation.rawValue) \(name): \(status)"
        }
    }
    static func doneAndGone(_ operation: AlarmProtocol.Operation, _ name: String) -> String {
        switch operation {
        case .cancel: "cancelled \(name); it is gone"
        case .stop: "stopped \(name); it is gone"
        case .countdown: "snoozed \(name); it is gone"
        case .pause: "paused \(name); it is gone"
        case .resume: "resumed \(name); it is gone"
        case .disable: "turned off \(name); it is gone"
        case .enable: "turned on \(name); it is gone"
        case .skip: "skipped the next occurrence of \(name); it is gone"
        default: "\(operation.rawValue) \(name); it is gone"
        }
    }

    // Buttons and titles of the alarms alarmctl schedules (shown in the popups).
    static let stopButton = "Stop"
    static let snoozeButton = "Snooze"
    static let pauseButton = "Pause"
    static let resumeButton = "Resume"
    static let repeatButton = "Repeat"
    static let defaultAlarmTitle = "Alarm"
    static let defaultTimerTitle = "Timer"
    static func pausedTitle(_ title: String) -> String { "\(title) (paused)" }
    static func snoozedTitle(_ title: String) -> String { "\(title) (snoozed)" }
}
