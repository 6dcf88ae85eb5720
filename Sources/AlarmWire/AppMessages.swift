import FoundationEssentials

/// Who an app is to alarmd, sent with `schedule` and `requestAuthorization`.
package struct AppRegistration: Codable, Hashable, Sendable {
    /// The name people see in the consent prompt and `alarmctl apps`.
    package var displayName: String
    /// Why the app schedules alarms (AlarmKit's `NSAlarmKitUsageDescription`).
    package var usageDescription: String?
    /// How alarmd starts the app to run an intent when it is not running; nil: it cannot.
    package var launch: AppLaunch?

    package init(displayName: String, usageDescription: String? = nil, launch: AppLaunch? = nil) {
        self.displayName = displayName
        self.usageDescription = usageDescription
        self.launch = launch
    }
}

/// A command line that starts the app. alarmd adds `OPENALARMKIT_APP_ID` (so the new process
/// has the same app id) and `OPENALARMKIT_LAUNCH_REASON=intent` to its own environment.
package struct AppLaunch: Codable, Hashable, Sendable {
    /// An absolute path.
    package var executable: String
    package var arguments: [String]

    package init(executable: String, arguments: [String] = []) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// An app's authorization as alarmd keeps it (OpenAlarmKit's `AppAuthorization`
/// carries the same raw values).
package enum AppAuthorization: String, Codable, Hashable, Sendable {
    case notDetermined, denied, authorized
}

/// What `alarmctl apps allow|deny|reset` says.
package enum AppDecision: String, Codable, Hashable, Sendable, CaseIterable {
    case allow, deny, reset
}

/// One app in `apps` replies.
package struct AppSummary: Codable, Hashable, Sendable {
    package var app: String
    package var displayName: String?
    package var usageDescription: String?
    package var authorization: AppAuthorization
    /// When a person decided; nil while undecided.
    package var decidedAt: Date?
    package var alarmCount: Int
    package var pendingIntents: Int
    package var launch: AppLaunch?

    package init(
        app: String, displayName: String?, usageDescription: String?, authorization: AppAuthorization,
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
package struct PendingIntent: Codable, Hashable, Sendable, Identifiable {
    package var id: UUID
    package var app: String
    package var alarm: UUID
    /// `stop` or `secondary`.
    package var button: String
    package var intent: EncodedIntent
    package var pressedAt: Date
    package var expiresAt: Date

    package init(id: UUID, app: String, alarm: UUID, button: String, intent: EncodedIntent, pressedAt: Date, expiresAt: Date) {
        self.id = id
        self.app = app
        self.alarm = alarm
        self.button = button
        self.intent = intent
        self.pressedAt = pressedAt
        self.expiresAt = expiresAt
    }
}
