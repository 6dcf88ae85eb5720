/// The shapes the daemon shows, built from plain strings so this module needs no OpenAlarmKit.
extension AlarmNotification {
    /// A ringing alarm: critical (breaks through Do Not Disturb on GNOME and Plasma), never
    /// expires, stays after a button press until withdrawn, silent on the server's side (we
    /// play our own sound), and shown again if the server drops it while it rings.
    ///
    /// - Parameters:
    ///   - body: the time and the app's name, e.g. "07:00 · Clock".
    ///   - stop: usually `NotificationAction(key: ActionKey.stop(id), label: "Stop", systemImageName: "stop.circle")`.
    ///   - secondary: `ActionKey.snooze(id)` (behaviour `.countdown`) or `ActionKey.custom`, if any.
    ///   - noActionsHint: for servers without buttons, e.g. "Stop with: alarmctl stop 1a2b3c4d".
    public static func alert(
        key: String, title: String, body: String, appName: String? = nil,
        stop: NotificationAction, secondary: NotificationAction? = nil, noActionsHint: String? = nil
    ) -> AlarmNotification {
        AlarmNotification(
            key: key, summary: title, body: body, appName: appName, icon: defaultIcon,
            urgency: .critical, timeout: .never, isResident: true, suppressesSound: true,
            category: alarmCategory, actions: [stop] + (secondary.map { [$0] } ?? []),
            keepsShown: true, noActionsHint: noActionsHint, desktopEntry: alarmsDesktopEntry)
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
            category: alarmCategory, actions: actions, keepsShown: false, noActionsHint: noActionsHint,
            desktopEntry: alarmsDesktopEntry)
    }

    /// The action keys the daemon's popups use (docs/NOTIFICATIONS.md). Stop and Snooze name
    /// the Alarms app's actions with the alarm's id, as GNOME Clocks' popups do: Phosh puts a
    /// button on the lock screen only when its key starts with an entry of the app's
    /// `X-Phosh-Lockscreen-Actions` (`app.stop-alarm::;app.snooze-alarm::;`), the app named by
    /// the popup's `desktop-entry`. The press still comes back to alarmd as ActionInvoked.
    public enum ActionKey {
        public static let stopPrefix = "app.stop-alarm::"
        public static let snoozePrefix = "app.snooze-alarm::"
        public static func stop(_ id: String) -> String { stopPrefix + id }
        public static func snooze(_ id: String) -> String { snoozePrefix + id }
        public static let custom = "custom"
        public static let pause = "pause"
        public static let resume = "resume"
    }

    /// The desktop entry of alarm popups: the Alarms app, whose .desktop file lists the
    /// lock-screen actions, whatever app made the alarm (its name stays the popup's app name).
    public static let alarmsDesktopEntry = "org.openalarmkit.Alarms"
}
