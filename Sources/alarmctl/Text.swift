import FoundationEssentials
import AlarmClient
import LinuxSupport

/// alarmctl's sentences for people, in one place, each through gettext (`tr`, po/): one whole
/// sentence with its values as `%1$s`..., never glued fragments (docs/TRANSLATIONS.md).
/// Split by area: Text+Format (how alarms read), Text+Sound, Text+Notify, Text+Commands.
/// `UserFacingTextTests` fails when a sentence appears elsewhere in alarmctl. Help texts stay
/// in the ArgumentParser declarations. Dates and times are formatted by Format/LocalTimeText
/// and come in here as parameters.
enum Text {
    static func timerStopped(_ title: String) -> String { tr("%s: stopped", title) }
    static func timerRemoved(_ title: String) -> String { tr("%s: cancelled elsewhere", title) }
    static func timerCancelled(_ title: String) -> String { tr("%s: cancelled", title) }
    static func timerRangOut(_ title: String) -> String { tr("%s: rang out unanswered", title) }
    static func timerMissed(_ title: String) -> String { tr("%s: missed (it could not ring in time: the machine slept or alarmd was down)", title) }
    static func noSound(_ reason: String) -> String { tr("no sound: %s", reason) }
    static var daemonWentAway: String { tr("alarmd went away") }
    static var daemonNotRunning: String { tr("alarmd is not running") }
    static var noAlarms: String { tr("no alarms") }
    static var ringing: String { tr("ringing") }
    static var pausedMark: String { tr("(paused)") }
    static var countdownKeys: String { tr("space: pause · s: stop · Ctrl-C: cancel") }
    static var pausedKeys: String { tr("space: resume · s: stop · Ctrl-C: cancel") }
    static func ringingKeys(canSnooze: Bool) -> String { canSnooze ? tr("s: stop · z: snooze") : tr("s: stop") }

    // `watch`
    static func watchRinging(_ titles: String) -> String { tr("ringing: %s", titles) }
    static func watchCountingDown(_ title: String, until: String) -> String { tr("counting down: %1$s until %2$s", title, until) }
    static func watchSnoozed(_ title: String, until: String) -> String { tr("snoozed: %1$s until %2$s", title, until) }
    static func watchPaused(_ title: String, left: String) -> String { tr("paused: %1$s (%2$s left)", title, left) }
    static func watchNext(_ title: String, at: String) -> String { tr("next: %1$s %2$s", title, at) }
    static func watchMissed(_ title: String?) -> String { title.map { tr("missed: %s", $0) } ?? tr("missed: an alarm") }

    // `disable`: how a turned-off alarm is turned on again.
    static func turnOnWith(_ id: String) -> String { tr("off; turn it on with `alarmctl enable %s`", id) }
    static func pastDateWith(_ when: String, _ id: String) -> String {
        tr("off since its date, %1$s; to use it again give it a new one: `alarmctl edit %2$s --at 'tomorrow 7:00'`", when, id)
    }

    // The lifecycle commands: "stopped 'Tea' (1a2b3c4d): rings ...", or "...; it is gone".
    static func alarmName(_ title: String, id: String) -> String { tr("'%1$s' (%2$s)", title, id) }
    static func done(_ operation: AlarmProtocol.Operation, _ name: String, status: String) -> String {
        switch operation {
        case .cancel: tr("cancelled %1$s: %2$s", name, status)
        case .stop: tr("stopped %1$s: %2$s", name, status)
        case .countdown: tr("snoozed %1$s: %2$s", name, status)
        case .pause: tr("paused %1$s: %2$s", name, status)
        case .resume: tr("resumed %1$s: %2$s", name, status)
        case .disable: tr("turned off %1$s: %2$s", name, status)
        case .enable: tr("turned on %1$s: %2$s", name, status)
        case .skip: tr("skipped the next occurrence of %1$s: %2$s", name, status)
        case .unskip: tr("undid the skip of %1$s: %2$s", name, status)
        default: "\(operation.rawValue) \(name): \(status)"
        }
    }
    static func doneAndGone(_ operation: AlarmProtocol.Operation, _ name: String) -> String {
        switch operation {
        case .cancel: tr("cancelled %s; it is gone", name)
        case .stop: tr("stopped %s; it is gone", name)
        case .countdown: tr("snoozed %s; it is gone", name)
        case .pause: tr("paused %s; it is gone", name)
        case .resume: tr("resumed %s; it is gone", name)
        case .disable: tr("turned off %s; it is gone", name)
        case .enable: tr("turned on %s; it is gone", name)
        case .skip: tr("skipped the next occurrence of %s; it is gone", name)
        case .unskip: tr("undid the skip of %s; it is gone", name)
        default: tr("%1$s %2$s; it is gone", operation.rawValue, name)
        }
    }

    // Buttons and titles of the alarms alarmctl schedules (shown in the popups), in the
    // language of the person scheduling; alarmd translates the buttons again as it shows them
    // (AlarmKit's labels are localized where they are shown), so "Stop" reads "Stopp" in a
    // German session whoever scheduled it.
    static var stopButton: String { tr("Stop") }
    static var snoozeButton: String { tr("Snooze") }
    static var pauseButton: String { tr("Pause") }
    static var resumeButton: String { tr("Resume") }
    static var repeatButton: String { tr("Repeat") }
    static var defaultAlarmTitle: String { tr("Alarm") }
    static var defaultTimerTitle: String { tr("Timer") }
    static func pausedTitle(_ title: String) -> String { tr("%s (paused)", title) }
    static func snoozedTitle(_ title: String) -> String { tr("%s (snoozed)", title) }
}
