import AlarmClient
import LinuxSupport

/// What the ringing view's buttons say and send: the same requests as the popup's buttons
/// (`stop`; `countdown` to snooze or repeat, `custom` for an app's own secondary button).
extension RingingAlarm {
    /// The request of the secondary button, nil when the alert has none. As the popup: a
    /// secondary button without a behavior snoozes.
    package var secondaryRequest: AlarmProtocol.Operation? {
        guard secondaryLabel != nil else { return nil }
        return secondaryBehavior == .custom ? .custom : .countdown
    }

    package var stopText: String { Self.shown(stopLabel, default: tr("Stop")) }

    package var secondaryText: String? { secondaryLabel.map { Self.shown($0, default: tr("Snooze")) } }

    /// The line under the title.
    package var detail: String { isTimer ? tr("Timer finished") : tr("Alarm") }

    /// An app's button text, escaped, or ours in the person's language for AlarmKit's English
    /// defaults ("Stop", "Snooze", and alarmctl's "Repeat").
    private static func shown(_ text: String, default translated: String) -> String {
        switch text {
        case "": translated
        case "Stop": tr("Stop")
        case "Snooze": tr("Snooze")
        case "Repeat": tr("Repeat")
        default: TerminalSafe.text(text)
        }
    }
}
