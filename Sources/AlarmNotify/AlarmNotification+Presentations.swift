/// The shapes the daemon shows, built from plain strings so this module needs no OpenAlarmKit.
extension AlarmNotification {
    /// A ringing alarm: critical (breaks through Do Not Disturb on GNOME and Plasma), never
    /// expires, stays after a button press until withdrawn, silent on the server's side (we
    /// play our own sound), and shown again if the server drops it while it rings.
    ///
    /// - Parameters:
    ///   - body: the time and the app's name, e.g. "07:00 · Clock".
    ///   - stop: usually `NotificationAction(key: ActionKey.stop, label: "Stop", systemImageName: "stop.circle")`.
    ///   - secondary: `ActionKey.snooze` (behaviour `.countdown`) or `ActionKey.custom`, if any.
    ///   - noActionsHint: for servers without buttons, e.g. "Stop with: alarmctl stop 1a2b3c4d".
    public static func alert(
        key: String, title: String, body: String, appName: String? = nil,
        stop: NotificationAction, secondary: NotificationAction? = nil, noActionsHint: String? = nil
    ) -> AlarmNotification {
        AlarmNotification(
            key: key, summary: title, body: body, appName: appName, icon: defaultIcon,
            urgency: .critical, timeout: .never, isResident: true, suppressesSound: true,
            category: alarmCategory, actions: [stop] + (secondary.map { [$0] } ?? []),
            keepsShown: true, noActionsHint: noActionsHint)
    }

    /// A counting-down or paused alarm: normal urgency, replaced in place (same key) as time
    /// passes, with the presentation's pause / resume / stop buttons.
    public static func countdown(
        key: String, title: String, body: String, appName: String? = nil,
        actions: [NotificationAction], noActionsHint: String? = nil
    ) -> AlarmNotification {
        AlarmNotification(
            key: key, summary: title, body: body, appName: appName, icon: "appointment-soon",
            urgency: .normal, timeout: .never, isResident: true, suppressesSound: true,
            category: alarmCategory, actions: actions, keepsShown: false, noActionsHint: noActionsHint)
    }

    /// The action keys the daemon's popups use (docs/NOTIFICATIONS.md).
    public enum ActionKey {
        public static let stop = "stop"
        public static let snooze = "snooze"
        public static let custom = "custom"
        public static let pause = "pause"
        public static let resume = "resume"
    }
}
