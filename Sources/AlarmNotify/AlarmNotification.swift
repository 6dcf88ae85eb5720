/// What one desktop notification should look like. A plain value: the presenter turns it into
/// libnotify calls on its own thread, or into a line on stderr when there is no server.
public struct AlarmNotification: Sendable, Equatable {
    /// Chosen by the caller and stable for the life of the thing notified about (the daemon uses
    /// the alarm's UUID string). Showing the same key again replaces the popup in place.
    public var key: String
    public var summary: String
    /// Plain text: the presenter escapes it for servers that interpret markup.
    public var body: String
    /// Overrides the name given to `NotificationPresenter.start(appName:)` for this popup.
    public var appName: String?
    /// A freedesktop icon name or a file path; nil for none.
    public var icon: String?
    public var urgency: NotificationUrgency
    public var timeout: NotificationTimeout
    /// Ask the server to keep the popup after an action is invoked (the `resident` hint).
    public var isResident: Bool
    /// Ask the server not to play its own sound (the `suppress-sound` hint): we play ours.
    public var suppressesSound: Bool
    /// The freedesktop `category` hint, e.g. `x-openalarmkit.alarm`.
    public var category: String?
    /// Buttons, in display order.
    public var actions: [NotificationAction]
    /// When the server closes the popup by itself (expired, undefined reason, vanished server),
    /// show it again, until it is withdrawn or a user gesture decides. For a ringing alarm.
    public var keepsShown: Bool
    /// Appended to the body on servers without the `actions` capability, so a person still
    /// knows how to act (e.g. "Stop with: alarmctl stop 1a2b3c4d").
    public var noActionsHint: String?
    /// The `desktop-entry` hint: the app whose .desktop file the server reads for the popup
    /// (its icon, its lock-screen actions on Phosh). Nil for none.
    public var desktopEntry: String?

    public init(
        key: String, summary: String, body: String = "", appName: String? = nil,
        icon: String? = AlarmNotification.defaultIcon, urgency: NotificationUrgency = .normal,
        timeout: NotificationTimeout = .serverDefault, isResident: Bool = false,
        suppressesSound: Bool = false, category: String? = nil,
        actions: [NotificationAction] = [], keepsShown: Bool = false, noActionsHint: String? = nil,
        desktopEntry: String? = nil
    ) {
        self.key = key
        self.summary = summary
        self.body = body
        self.appName = appName
        self.icon = icon
        self.urgency = urgency
        self.timeout = timeout
        self.isResident = isResident
        self.suppressesSound = suppressesSound
        self.category = category
        self.actions = actions
        self.keepsShown = keepsShown
        self.noActionsHint = noActionsHint
        self.desktopEntry = desktopEntry
    }

    /// An alarm clock in every common icon theme (Adwaita has `alarm-symbolic`).
    public static let defaultIcon = "alarm-symbolic"
    /// The category hint of alarm popups; `x-` because the spec has no alarm category.
    public static let alarmCategory = "x-openalarmkit.alarm"
}

public enum NotificationUrgency: UInt8, Sendable, Equatable, CaseIterable {
    case low = 0
    case normal = 1
    /// Breaks through Do Not Disturb on GNOME and Plasma and is not expired by most servers.
    case critical = 2
}

public enum NotificationTimeout: Sendable, Equatable {
    case serverDefault
    case never
    case milliseconds(Int32)

    /// The `expire_timeout` argument of Notify.
    var wireValue: Int32 {
        switch self {
        case .serverDefault: -1
        case .never: 0
        case .milliseconds(let ms): max(ms, 1)
        }
    }
}

/// One button. `key` is what comes back in `NotificationEvent.actionInvoked`.
public struct NotificationAction: Sendable, Equatable {
    public var key: String
    public var label: String
    /// A freedesktop icon name for the button, for presenters that draw their own buttons.
    /// Not sent to notification servers: with the spec's `action-icons` they show the icon
    /// instead of the label.
    public var iconName: String?

    public init(key: String, label: String, iconName: String? = nil) {
        self.key = key
        self.label = label
        self.iconName = iconName
    }

    /// A button whose icon comes from an AlarmKit `systemImageName` (an SF Symbols name).
    public init(key: String, label: String, systemImageName: String?) {
        self.init(key: key, label: label,
                  iconName: systemImageName.flatMap(SystemImageIcon.freedesktopName(for:)))
    }
}
