/// An action an app offers to the system: App Intents' `AppIntent`, in the subset alarm apps use.
///
/// On Linux nothing discovers intents ahead of time; an intent runs because an alarm carries
/// it (its type and `@Parameter` values) and a person pressed that alarm's button. The system
/// (alarmd) then asks the app to run it, launching the app first if it is not running. Like
/// App Intents, the intent is rebuilt with `init()` and its parameters before `perform()`, so
/// keep everything it needs in `@Parameter` properties.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult

    /// A short, localized name for the action.
    static var title: LocalizedStringResource { get }
    /// What the intent does; nil by default.
    static var description: IntentDescription? { get }
    /// App Intents' flag to bring the app to the foreground. alarmd always starts an app that
    /// is not running to perform its intent, so the value is kept only for source compatibility.
    static var openAppWhenRun: Bool { get }
    /// Whether the system may show the intent to people (Shortcuts, Spotlight); unused here.
    static var isDiscoverable: Bool { get }
    /// Foreground or background (iOS 26); kept, with no meaning on Linux (see ``IntentModes``).
    static var supportedModes: IntentModes { get }
    /// Who may run the intent; kept, with no meaning on Linux (see ``IntentAuthenticationPolicy``).
    static var authenticationPolicy: IntentAuthenticationPolicy { get }

    associatedtype SummaryContent: ParameterSummary
    /// How the intent reads with its parameters (see ``ParameterSummary``).
    @ParameterSummaryBuilder<Self>
    static var parameterSummary: SummaryContent { get }

    /// Creates the intent with its parameters unset; the system sets them before `perform()`.
    init()

    /// Does the work.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }
    public static var isDiscoverable: Bool { true }
    /// App Intents' default: `.foreground` when `openAppWhenRun`, else `.background`.
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground : .background }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }

    /// `@Parameter(title:)`, as App Intents spells `IntentParameter` inside an intent.
    public typealias Parameter<Value: Codable & Sendable> = IntentParameter<Value>
}

/// An intent the system defines the meaning of.
public protocol SystemIntent: AppIntent {}

/// An intent a Live Activity (here: an alarm's notification) runs from one of its buttons.
/// AlarmKit's `stopIntent` and `secondaryIntent` take these.
public protocol LiveActivityIntent: SystemIntent {}
