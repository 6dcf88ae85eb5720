import AlarmNotify
import AlarmStore
import FoundationEssentials
import Logging
import AlarmWire

/// Shows what an app's intent said when it ran for an alarm's button (App Intents'
/// `.result(dialog:)`), as iOS shows or speaks it.
protocol IntentDialogShowing: AnyObject {
    func show(_ notification: AlarmNotification)
}

/// Intent dialogs as short desktop notifications under the app's name. A presenter of its own
/// (like the consent prompt's), so that alarm popups and their routing stay untouched; its
/// popups have no buttons, so their events are ignored.
final class NotificationIntentDialogs: IntentDialogShowing {
    /// Long enough to read a sentence; a dialog confirms, it does not ask.
    static let timeout = NotificationTimeout.milliseconds(6000)
    static let category = "x-openalarmkit.dialog"

    private let presenter: any NotificationPresenting

    init(logger: Logger) {
        // The alarm presenter already warned if there is no notification server.
        var quiet = logger
        quiet.logLevel = .error
        presenter = NotificationPresenter.startBlocking(appName: DaemonText.appName, logger: quiet) { _ in }
    }

    /// One popup per app: a newer dialog replaces the one still on screen.
    static func notification(app: String, displayName: String?, dialog: String) -> AlarmNotification {
        let name = displayName.flatMap { $0.isEmpty ? nil : $0 } ?? app
        return AlarmNotification(
            key: "dialog-\(app)", summary: name, body: dialog, appName: name, icon: AlarmNotification.defaultIcon,
            urgency: .normal, timeout: timeout, category: category)
    }

    func show(_ notification: AlarmNotification) { presenter.post(notification) }
}

extension AppsService {
    /// An `intentDialog` request: shows the text if the app claimed an intent of that alarm
    /// lately (a dialog answers a press; it is not a way to post arbitrary popups).
    func showDialog(_ request: AlarmProtocol.Request, app: String, now: Date) throws(AlarmProtocol.ErrorReply) {
        guard let alarm = request.alarm, let text = request.dialog, !text.isEmpty else {
            throw .init(.malformed, "intentDialog needs an 'alarm' id and a non-empty 'dialog'")
        }
        guard text.utf8.count <= AlarmProtocol.maxDialogBytes else {
            throw .init(.tooLarge, "the dialog is \(text.utf8.count) bytes; at most \(AlarmProtocol.maxDialogBytes) are shown")
        }
        guard answering(app: app, alarm: alarm, now: now) else {
            throw .init(.notFound, "'\(app)' ran no intent of alarm \(alarm) in the last \(Int(Self.intentLifetime)) s; a dialog answers a pressed button")
        }
        let notification = NotificationIntentDialogs.notification(
            app: app, displayName: apps[app]?.registration?.displayName, dialog: Self.visible(text, keeping: ["\n", "\t"]))
        if dialogs == nil { dialogs = makeDialogs() }
        guard let dialogs else {
            logger.notice("'\(app)' says: \(Self.visible(text, keeping: []))")
            return
        }
        dialogs.show(notification)
    }
}

extension AppsService {
    /// Control characters (C0, DEL, C1) but `kept` written as `\u{1b}`: an app's text reaches
    /// a notification and the log, neither of which should obey it.
    static func visible(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 || (0x7F...0x9F).contains(value)) && !kept.contains(scalar) {
                out += "\\u{" + String(value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `app` claimed an intent of `alarm` within the intent lifetime; forgets older claims.
    func answering(app: String, alarm: UUID, now: Date) -> Bool {
        recentClaims = recentClaims.filter { $0.value.until > now }
        return recentClaims[alarm]?.app == app
    }
}
