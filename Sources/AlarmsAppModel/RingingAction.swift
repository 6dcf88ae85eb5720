import AlarmClient
import FoundationEssentials

/// Stop and Snooze as the app's actions, named as GNOME Clocks names them: `app.stop-alarm`
/// and `app.snooze-alarm`, taking an alarm's id. Phosh runs them from the lock screen (the
/// .desktop file lists them in `X-Phosh-Lockscreen-Actions`), D-Bus activation runs them with
/// no window open (`org.freedesktop.Application.ActivateAction`), and the popup's buttons
/// carry the same names as keys. Each asks alarmd, as the popup's buttons do.
package enum RingingAction: String, CaseIterable, Sendable {
    case stop = "stop-alarm"
    case snooze = "snooze-alarm"

    /// The request it sends: Stop, or the countdown that snoozes.
    package var operation: AlarmProtocol.Operation { self == .stop ? .stop : .countdown }

    /// The alarms `parameter` names: the one with that id (in any case, as a popup's key
    /// carries it), or, when empty, every alarm that rings now. Snooze takes only alarms
    /// whose second button snoozes (an app's own button is the app's); Stop takes a named
    /// alarm that counts down too, as `alarmctl stop` does. Nothing named: none.
    package func targets(_ parameter: String, in alarms: [AlarmRecord]) -> [UUID] {
        let named = parameter.isEmpty ? alarms.filter { $0.phase.state == .alerting }
            : alarms.filter { $0.id == UUID(uuidString: parameter) }
        switch self {
        case .stop:
            return named.filter { $0.phase.state != .scheduled }.map(\.id)
        case .snooze:
            return named.filter { record in
                let alert = record.presentation.alert
                return record.phase.state == .alerting && alert.secondaryButton != nil && alert.secondaryButtonBehavior != .custom
            }.map(\.id)
        }
    }
}
