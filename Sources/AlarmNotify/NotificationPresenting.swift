import Logging

/// Shows and withdraws popups and reports what people did with them. The libnotify presenter
/// and the terminal fallback both conform, and so can a fake in the daemon's tests.
///
/// Every method may be called from any task. `events` has a single consumer.
public protocol NotificationPresenting: AnyObject, Sendable {
    /// The notification server, or nil for the terminal fallback.
    var server: NotificationServerInfo? { get }
    /// Action and close events, in the order they happened. Finishes after `shutdown()`.
    var events: AsyncStream<NotificationEvent> { get }
    /// Shows the popup, or replaces the one with the same key in place (same server id) while
    /// it is still on screen. A failure is thrown and logged; a `keepsShown` popup stays wanted
    /// and is shown again when the server comes back.
    func show(_ notification: AlarmNotification) async throws(NotificationError)
    /// Closes the popup with this key, if any, and forgets it. No event follows.
    func withdraw(key: String) async
    /// Withdraws every popup and finishes `events`. Later calls do nothing.
    func shutdown() async

    // The same without Swift concurrency, for a caller that must never start a Task (alarmd:
    // on Linux the first Task starts libdispatch's worker-pool monitor, a 1 Hz timer that then
    // wakes the process every second for good). They return at once; failures are logged.

    /// `show`, queued to the presenter's thread.
    func post(_ notification: AlarmNotification)
    /// `withdraw`, queued to the presenter's thread.
    func postWithdraw(key: String)
    /// `shutdown`, blocking until done.
    func shutdownAndWait()

    /// Calls `observer` on the presenter's thread with the popups on screen whenever that set
    /// changes (see `ShownPopups`). One observer; a later call replaces it.
    func observeShown(_ observer: @escaping @Sendable (ShownPopups) -> Void)
    /// Closes popups another process showed (a dead instance of the caller), if the server
    /// that showed them is still the one running; queued to the presenter's thread.
    func postCloseLeftovers(_ popups: ShownPopups)
}

public struct NotificationServerInfo: Sendable, Equatable {
    public var name: String
    public var vendor: String
    public var version: String
    public var specVersion: String
    /// GetCapabilities: `actions`, `action-icons`, `body`, `body-markup`, `persistence`, ...
    public var capabilities: Set<String>

    public init(name: String, vendor: String, version: String, specVersion: String, capabilities: Set<String>) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    public var supportsActions: Bool { capabilities.contains("actions") }
    public var supportsActionIcons: Bool { capabilities.contains("action-icons") }
    public var supportsBodyMarkup: Bool { capabilities.contains("body-markup") }
    /// GNOME's notification-daemon (3.20) answers CloseNotification with NotificationClosed
    /// but leaves the popup on screen (seen under Xvfb, scripts/check-real-notifications);
    /// only its own expiry takes a popup away.
    public var ignoresCloseRequests: Bool { name == "Notification Daemon" }
}

public enum NotificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused or did not answer the Notify call.
    case showFailed(key: String, reason: String)
    case presenterShutDown

    public var description: String {
        switch self {
        case .showFailed(let key, let reason):
            "could not show notification '\(key)': \(reason) (is the notification server running?)"
        case .presenterShutDown:
            "the notification presenter was shut down"
        }
    }
}

public enum NotificationPresenter {
    /// `start` for callers that avoid Swift concurrency: blocks until connected (or until it
    /// falls back to the terminal), and hands events to `onEvent` on the GLib thread instead of
    /// `events`. Use `post`, `postWithdraw` and `shutdownAndWait` with it.
    public static func startBlocking(
        appName: String, sessionBusAddress: String? = nil,
        logger: Logger = Logger(label: "openalarmkit.notify"),
        onEvent: @escaping @Sendable (NotificationEvent) -> Void
    ) -> any NotificationPresenting {
        let loop = GLibMainLoopThread.shared
        let probe = loop.performAndWait { SessionBusProbe.findNotificationServer(address: sessionBusAddress) }
        if case .unavailable(let why) = probe {
            logger.warning("no desktop notifications: \(why); alarms are shown on the terminal instead")
            return TerminalNotificationPresenter(appName: appName)
        }
        let started = loop.performAndWait { LibNotifyPresenter.startOnLoop(appName: appName, logger: logger, sink: .callback(onEvent)) }
        switch started {
        case .success(let presenter):
            return presenter
        case .failure(let why):
            logger.warning("no desktop notifications: \(why); alarms are shown on the terminal instead")
            return TerminalNotificationPresenter(appName: appName)
        }
    }

    /// Connects to the desktop's notification server through libnotify. With no session bus or
    /// no server, logs one warning line and returns the terminal presenter instead, so the
    /// program goes on.
    ///
    /// - Parameter sessionBusAddress: where to look for the server; nil means the standard
    ///   session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`). libnotify itself
    ///   always uses the standard session bus, so a different address is only useful to make
    ///   the probe fail (the tests of the fallback do that).
    public static func start(
        appName: String, sessionBusAddress: String? = nil,
        logger: Logger = Logger(label: "openalarmkit.notify")
    ) async -> any NotificationPresenting {
        let loop = GLibMainLoopThread.shared
        let probe = await loop.perform { SessionBusProbe.findNotificationServer(address: sessionBusAddress) }
        if case .unavailable(let why) = probe {
            logger.warning("no desktop notifications: \(why); alarms are shown on the terminal instead")
            return TerminalNotificationPresenter(appName: appName)
        }
        switch await LibNotifyPresenter.start(appName: appName, logger: logger) {
        case .success(let presenter):
            return presenter
        case .failure(let why):
            logger.warning("no desktop notifications: \(why); alarms are shown on the terminal instead")
            return TerminalNotificationPresenter(appName: appName)
        }
    }
}
