import Foundation

/// alarmctl's sentences for people, in one place so that a gettext catalogue can later
/// translate them (each is one whole sentence with its values, never glued fragments).
enum Text {
    static func timerStopped(_ title: String) -> String { "\(title): stopped" }
    static func timerRemoved(_ title: String) -> String { "\(title): removed before it rang (cancelled elsewhere)" }
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
}
