import CLibNotify
import Logging

/// The desktop presenter: a Sendable front whose every call hops to the GLib thread, where
/// `LibNotifyCore` owns all state.
final class LibNotifyPresenter: NotificationPresenting {
    let server: NotificationServerInfo?
    let events: AsyncStream<NotificationEvent>
    private let core: LoopConfined<LibNotifyCore>
    private let loop = GLibMainLoopThread.shared
    private let logger: Logger

    private init(server: NotificationServerInfo, events: AsyncStream<NotificationEvent>, core: LoopConfined<LibNotifyCore>, logger: Logger) {
        self.server = server
        self.events = events
        self.core = core
        self.logger = logger
    }

    /// Initialises libnotify (once per process: its app name and D-Bus proxy are global) and
    /// asks the server who it is and what it can do.
    static func start(appName: String, logger: Logger) async -> Result<LibNotifyPresenter, StartFailure> {
        let (events, continuation) = AsyncStream<NotificationEvent>.makeStream(bufferingPolicy: .unbounded)
        return await GLibMainLoopThread.shared.perform {
            startOnLoop(appName: appName, logger: logger, sink: .stream(continuation), events: events)
        }
    }

    /// The start itself, on the GLib thread. With a callback sink, `events` stays empty.
    static func startOnLoop(
        appName: String, logger: Logger, sink: EventSink, events: AsyncStream<NotificationEvent> = AsyncStream { $0.finish() }
    ) -> Result<LibNotifyPresenter, StartFailure> {
        if notify_is_initted() == 0, notify_init(appName) == 0 {
            return .failure(StartFailure("libnotify could not be initialised"))
        }
        guard let server = queryServer() else {
            return .failure(StartFailure("the notification server did not answer GetServerInformation"))
        }
        let core = LibNotifyCore(appName: appName, server: server, logger: logger, sink: sink)
        core.watchServerName()
        core.watchLateReplies()
        return .success(LibNotifyPresenter(server: server, events: events, core: LoopConfined(core), logger: logger))
    }

    func show(_ notification: AlarmNotification) async throws(NotificationError) {
        let core = self.core
        try await loop.perform { core.value.show(notification) }.get()
    }

    func withdraw(key: String) async {
        let core = self.core
        await loop.perform { core.value.withdraw(key: key) }
    }

    func shutdown() async {
        let core = self.core
        await loop.perform { core.value.shutdown() }
    }

    func post(_ notification: AlarmNotification) {
        let core = self.core
        loop.schedule { _ = core.value.show(notification) }  // the core logs its own failures
    }

    func postWithdraw(key: String) {
        let core = self.core
        loop.schedule { core.value.withdraw(key: key) }
    }

    func observeShown(_ observer: @escaping @Sendable (ShownPopups) -> Void) {
        let core = self.core
        loop.schedule { core.value.observeShown(observer) }
    }

    func postCloseLeftovers(_ popups: ShownPopups) {
        let core = self.core
        loop.schedule { core.value.closeLeftovers(popups) }
    }

    func shutdownAndWait() {
        let core = self.core
        loop.performAndWait { core.value.shutdown() }
    }

    private static func queryServer() -> NotificationServerInfo? {
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else { return nil }
        var capabilities = Set<String>()
        if let list = notify_get_server_caps() {
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                if let data = current.pointee.data {
                    capabilities.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
                }
                node = current.pointee.next
            }
            g_list_free_full(list, g_free)
        }
        return NotificationServerInfo(
            name: takeGString(name) ?? "", vendor: takeGString(vendor) ?? "",
            version: takeGString(version) ?? "", specVersion: takeGString(spec) ?? "",
            capabilities: capabilities)
    }
}

struct StartFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}


