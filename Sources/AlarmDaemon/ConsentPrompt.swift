import AlarmNotify
import FoundationEssentials
import Logging
import AlarmWire
import Synchronization

enum ConsentAnswer: Sendable, Equatable { case allow, deny, dismissed }

/// Asks a person whether an app may schedule alarms.
protocol ConsentPrompting: AnyObject {
    /// Shows the question; `answer` runs once, on any thread.
    func ask(app: String, registration: AppRegistration, answer: @escaping @Sendable (ConsentAnswer) -> Void)
    /// Takes the question away (decided elsewhere, e.g. by alarmctl). `answer` does not run.
    func withdraw(app: String)
}

/// The consent prompt as a desktop notification: "<App> wants to schedule alarms and timers",
/// the app's usage description, and Allow / Don't Allow, as iOS asks. A presenter of its own,
/// on the shared GLib thread, so that alarm popups and their routing stay untouched.
final class NotificationConsentPrompter: ConsentPrompting {
    static let allowAction = "allow"
    static let denyAction = "deny"

    private let presenter: any NotificationPresenting
    private let pending: Pending

    /// Answers waiting for a gesture, by notification key. The first event for a key decides.
    private final class Pending: Sendable {
        let answers = Mutex<[String: @Sendable (ConsentAnswer) -> Void]>([:])

        func resolve(_ event: NotificationEvent) {
            let answer: ConsentAnswer
            switch event {
            case .actionInvoked(_, NotificationConsentPrompter.allowAction): answer = .allow
            case .actionInvoked(_, NotificationConsentPrompter.denyAction): answer = .deny
            case .closed(_, .dismissedByUser): answer = .dismissed
            default: return
            }
            answers.withLock { $0.removeValue(forKey: event.key) }?(answer)
        }
    }

    init(logger: Logger) {
        let pending = Pending()
        self.pending = pending
        // The alarm presenter already warned if there is no notification server.
        var quiet = logger
        quiet.logLevel = .error
        presenter = NotificationPresenter.startBlocking(appName: DaemonText.appName, logger: quiet) { event in pending.resolve(event) }
    }

    static func key(for app: String) -> String { "consent-\(app)" }

    static func notification(app: String, registration: AppRegistration) -> AlarmNotification {
        let name = registration.displayName.isEmpty ? app : registration.displayName
        var body = registration.usageDescription ?? ""
        if name != app { body += (body.isEmpty ? "" : "\n") + "(\(app))" }
        return AlarmNotification(
            key: key(for: app), summary: DaemonText.consentSummary(name), body: body, appName: DaemonText.appName,
            icon: AlarmNotification.defaultIcon, urgency: .normal, timeout: .never, isResident: false, suppressesSound: false,
            category: "x-openalarmkit.consent",
            actions: [NotificationAction(key: denyAction, label: DaemonText.dontAllow), NotificationAction(key: allowAction, label: DaemonText.allow)],
            keepsShown: false, noActionsHint: DaemonText.consentHint(app))
    }

    func ask(app: String, registration: AppRegistration, answer: @escaping @Sendable (ConsentAnswer) -> Void) {
        pending.answers.withLock { $0[Self.key(for: app)] = answer }
        presenter.post(Self.notification(app: app, registration: registration))
    }

    func withdraw(app: String) {
        pending.answers.withLock { _ = $0.removeValue(forKey: Self.key(for: app)) }
        presenter.postWithdraw(key: Self.key(for: app))
    }
}
