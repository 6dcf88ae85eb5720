import AlarmClient

// Consent (not in AlarmKit): who the app is to alarmd. The protocol carries the same fields as
// AlarmWire's `AppRegistration`; these are the app's view of them, nested on AlarmManager so
// that `import OpenAlarmKit` adds no top-level name AlarmKit lacks.
extension AlarmManager {
    /// Who an app is to alarmd, sent with `schedule` and `requestAuthorization()`.
    public struct AppRegistration: Hashable, Sendable {
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

        var wire: AlarmWire.AppRegistration {
            .init(displayName: displayName, usageDescription: usageDescription,
                  launch: launch.map { .init(executable: $0.executable, arguments: $0.arguments) })
        }
    }

    /// A command line that starts the app. alarmd adds `OPENALARMKIT_APP_ID` (so the new process
    /// has the same app id) and `OPENALARMKIT_LAUNCH_REASON=intent` to its own environment.
    public struct AppLaunch: Hashable, Sendable {
        /// An absolute path.
        public var executable: String
        public var arguments: [String]

        public init(executable: String, arguments: [String] = []) {
            self.executable = executable
            self.arguments = arguments
        }
    }
}

extension AlarmManager.AuthorizationState {
    /// The state alarmd reported (the same raw values).
    init(_ wire: AppAuthorization) { self = Self(rawValue: wire.rawValue) ?? .notDetermined }
}
