import FoundationEssentials

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
    static func done(_ pastTense: String, _ name: String, status: String) -> String { "\(pastTense) \(name): \(status)" }
    static func doneAndGone(_ pastTense: String, _ name: String) -> String { "\(pastTense) \(name); it is gone" }
}
