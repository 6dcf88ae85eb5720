import FoundationEssentials
import LinuxSupport
import Synchronization

/// The fallback when there is no session bus or no notification server: each popup becomes a
/// line on stderr (where a terminal or the journal shows it), so alarms are still seen. It has
/// no buttons, so it never produces events; the caller's `noActionsHint` says how to act.
final class TerminalNotificationPresenter: NotificationPresenting {
    let server: NotificationServerInfo? = nil
    let events: AsyncStream<NotificationEvent>
    private let continuation: AsyncStream<NotificationEvent>.Continuation
    private let appName: String
    /// What was last printed per key, so an unchanged re-show is not printed again.
    private let shown = Mutex<[String: AlarmNotification]>([:])
    private let isShutDown = Mutex(false)
    private let write: @Sendable (String) -> Void

    init(appName: String, write: @escaping @Sendable (String) -> Void = TerminalNotificationPresenter.writeToStderr) {
        self.appName = appName
        self.write = write
        (events, continuation) = AsyncStream<NotificationEvent>.makeStream()
    }

    func show(_ notification: AlarmNotification) async throws(NotificationError) {
        guard !isShutDown.withLock({ $0 }) else { throw .presenterShutDown }
        post(notification)
    }

    func post(_ notification: AlarmNotification) {
        guard !isShutDown.withLock({ $0 }) else { return }
        let changed = shown.withLock { shown in
            defer { shown[notification.key] = notification }
            return shown[notification.key] != notification
        }
        if changed { write(Self.line(for: notification, appName: appName)) }
    }

    func withdraw(key: String) async { postWithdraw(key: key) }

    func postWithdraw(key: String) {
        _ = shown.withLock { $0.removeValue(forKey: key) }
    }

    func shutdown() async { shutdownAndWait() }

    func shutdownAndWait() {
        isShutDown.withLock { $0 = true }
        continuation.finish()
    }

    /// One line, control characters escaped: titles and bodies are anyone's text, and this
    /// goes to a terminal or alarmd's log.
    static func line(for notification: AlarmNotification, appName: String) -> String {
        var parts = ["[\(notification.appName ?? appName)] \(notification.summary)"]
        if !notification.body.isEmpty { parts.append(notification.body.replacing("\n", with: " / ")) }
        if !notification.actions.isEmpty, let hint = notification.noActionsHint, !hint.isEmpty { parts.append(hint) }
        return TerminalSafe.text(parts.joined(separator: " — "))
    }

    /// write(2), its failure ignored: FileHandle.write traps on an error, and stderr may be a
    /// log file on a full or read-only disk (alarmd's, in its state folder).
    @Sendable static func writeToStderr(_ line: String) {
        StandardError.write(line + "\n")
    }
}
