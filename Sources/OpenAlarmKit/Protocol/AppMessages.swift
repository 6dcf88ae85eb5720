import FoundationEssentials

/// Who an app is to alarmd, sent with `schedule` and `requestAuthorization`.
public struct AppRegistration: Codable, Hashable, Sendable {
    /// The name people see in the consent prompt and `alarmctl apps`.
    public var displayName: String
    /// Why the app schedules alarms (AlarmKit's `NSAlarmKitUsageDescription`).
    public var usageDescription: String?
    /// How alarmd starts the app to run an intent when it is not running; nil: it cannot.
    public var launch: AppLaunch?

    public init(displayName: String, usageDescription: String? = nil, launch: AppLaunch? = nil) {
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.launch = launch
    }
}

/// A command line that starts the app. alarmd adds `OPENALARMKIT_APP_ID` (so the new process
/// has the same app id) and `OPENALARMKIT_LAUNCH_REASON=intent` to its own environment.
public struct AppLaunch: Codable, Hashable, Sendable {
    /// An absolute path.
    public var executable: String
    public var arguments: [String]

    public init(executable: String, arguments: [String] = []) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// What `alarmctl apps allow|deny|reset` says.
public enum AppDecision: String, Codable, Hashable, Sendable, CaseIterable {
    case allow, deny, reset
}

/// One app in `apps` replies.
public struct AppSummary: Codable, Hashable, Sendable {
    public var app: String
    public var displayName: String?
    public var usageDescription: String?
    public var authorization: AlarmManager.AuthorizationState
    /// When a person decided; nil while undecided.
    public var decidedAt: Date?
    public var alarmCount: Int
    public var pendingIntents: Int
    public var launch: AppLaunch?

    public init(
        app: String, displayName: String?, usageDescription: String?, authorization: AlarmManager.AuthorizationState,
        decidedAt: Date?, alarmCount: Int, pendingIntents: Int, launch: AppLaunch?
    ) {
        self.app = app
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.authorization = authorization
        self.decidedAt = decidedAt
        self.alarmCount = alarmCount
        self.pendingIntents = pendingIntents
        self.launch = launch
    }
}

/// A button's intent waiting for its app: created when a person presses the button, removed
/// when the app claims it (at most once) or when it expires.
public struct PendingIntent: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var app: String
    public var alarm: UUID
    /// `stop` or `secondary`.
    public var button: String
    public var intent: EncodedIntent
    public var pressedAt: Date
    public var expiresAt: Date

    public init(id: UUID, app: String, alarm: UUID, button: String, intent: EncodedIntent, pressedAt: Date, expiresAt: Date) {
        self.id = id
        self.app = app
        self.alarm = alarm
        self.button = button
        self.intent = intent
        self.pressedAt = pressedAt
        self.expiresAt = expiresAt
    }
}
