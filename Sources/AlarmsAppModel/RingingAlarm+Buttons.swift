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

    /// AlarmKit's default Stop (English, as apps store it) in the person's language; an app's
    /// own label as the app wrote it, escaped.
    package var stopText: String {
        stopLabel.isEmpty || stopLabel == AlarmPresentation.Alert.defaultStopButton.text.text ? tr("Stop") : TerminalSafe.text(stopLabel)
    }

    /// The secondary button's label in the person's language when it is one of ours ("Snooze"
    /// from alarmctl or this window run in English reads "Schlummern" in German, as the popup
    /// shows it), else as its maker wrote it; escaped.
    package var secondaryText: String? { secondaryLabel.map { $0.isEmpty ? tr("Snooze") : TerminalSafe.text(trLabel($0)) } }

    /// The line under the title.
    package var detail: String { isTimer ? tr("Timer finished") : tr("Alarm") }
}
