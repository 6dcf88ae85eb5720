/// Whether an intent runs in the background or brings its app to the foreground: App Intents'
/// `IntentModes` (iOS 26), for `static var supportedModes: IntentModes = .foreground(.immediate)`.
///
/// No meaning on Linux, documented: alarmd runs a pressed button's intent in the app's process,
/// starting the app if it is not running, whatever the modes; the desktop has no foreground
/// to bring an app to. The value is kept so that intents compile and can read it.
public struct IntentModes: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The action can run in the background.
    public static let background = IntentModes(rawValue: 1 << 0)
    /// The action needs the foreground: `.foreground(.immediate)`.
    public static let foreground = IntentModes.foreground(.immediate)

    /// The action needs the foreground, brought about as `mode` says.
    public static func foreground(_ mode: ForegroundMode) -> IntentModes { IntentModes(rawValue: mode.rawValue) }

    /// When the system brings the app to the foreground.
    public struct ForegroundMode: Hashable, Sendable {
        let rawValue: Int

        /// Before the action runs.
        public static let immediate = ForegroundMode(rawValue: 1 << 1)
        /// Only if the action asks for it.
        public static let dynamic = ForegroundMode(rawValue: 1 << 2)
        /// While the action runs or when it ends.
        public static let deferred = ForegroundMode(rawValue: 1 << 3)
    }
}

/// Who may run an intent: App Intents' `IntentAuthenticationPolicy`, for
/// `static var authenticationPolicy: IntentAuthenticationPolicy = .alwaysAllowed`.
///
/// No meaning on Linux, documented: an alarm's buttons are pressed in the person's own session,
/// whose lock screen (where there is one) already guards them, so every intent runs as with
/// `.alwaysAllowed`.
public enum IntentAuthenticationPolicy: Hashable, Sendable {
    /// Runs at any time, the device locked or not (App Intents' default).
    case alwaysAllowed
    /// Runs once the person authenticated on some device.
    case requiresAuthentication
    /// Runs once the person unlocked the device running it.
    case requiresLocalDeviceAuthentication
}
