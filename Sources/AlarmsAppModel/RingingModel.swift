import AlarmClient
import FoundationEssentials
import LinuxSupport

/// What the ringing view shows for one alerting alarm or timer, and which requests its two
/// buttons send: the same as the popup's buttons (`stop`; `countdown` to snooze or repeat, or
/// `custom` for an app's own secondary button).
package struct RingingAlert: Equatable, Sendable {
    package var id: UUID
    /// Control characters escaped.
    package var title: String
    /// "Rang at 06:30" / "Timer done" line under the title.
    package var detail: String
    package var stopLabel: String
    /// The secondary button (label, request), when the alert has one.
    package var secondary: (label: String, op: AlarmProtocol.Operation)?

    package static func == (a: RingingAlert, b: RingingAlert) -> Bool {
        a.id == b.id && a.title == b.title && a.detail == b.detail && a.stopLabel == b.stopLabel
            && a.secondary?.label == b.secondary?.label && a.secondary?.op == b.secondary?.op
    }
}

package enum RingingModel {
    /// Every alarm that rings now, the one that started first first (it has waited longest).
    package static func alerts(_ alarms: [AlarmRecord]) -> [RingingAlert] {
        var ringing: [(since: Date, alert: RingingAlert)] = []
        for record in alarms {
            guard case .alerting(let since, _) = record.phase else { continue }
            let alert = record.presentation.alert
            var secondary: (String, AlarmProtocol.Operation)?
            if let button = alert.secondaryButton {
                // As the popup: a secondary button without a behavior snoozes.
                secondary = (label(button.text.text, default: tr("Snooze")), alert.secondaryButtonBehavior == .custom ? .custom : .countdown)
            }
            let isTimer = record.schedule == nil
            ringing.append((since, RingingAlert(
                id: record.id, title: TerminalSafe.text(alert.title.text),
                detail: isTimer ? tr("Timer finished") : tr("Alarm"),
                stopLabel: label(alert.stopButton.text.text, default: tr("Stop")), secondary: secondary)))
        }
        return ringing.sorted { ($0.since, $0.alert.id.uuidString) < ($1.since, $1.alert.id.uuidString) }.map(\.alert)
    }

    /// An app's button text, or ours in the person's language for AlarmKit's English defaults
    /// ("Stop", "Snooze", and alarmctl's "Repeat").
    private static func label(_ text: String, default translated: String) -> String {
        switch text {
        case "": translated
        case "Stop": tr("Stop")
        case "Snooze": tr("Snooze")
        case "Repeat": tr("Repeat")
        default: TerminalSafe.text(text)
        }
    }
}
