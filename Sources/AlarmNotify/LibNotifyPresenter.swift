import CLibNotify
import Logging

/// The desktop presenter: a Sendable front whose every call hops to the GLib thread, where
/// `LibNotifyCore` owns all state.
final class LibNotifyPresenter: NotificationPresenting {
    let server: NotificationServerInfo?
    let events: AsyncStream<NotificationEvent>
    private let core: LoopConfined<LibNotifyCore>
    private let loop = GLibMainLoopThread.shared

    private init(server: NotificationServerInfo, events: AsyncStream<NotificationEvent>, core: LoopConfined<LibNotifyCore>) {
        self.server = server
        self.events = events
        self.core = core
    }

    /// Initialises libnotify (once per process: its app name and D-Bus proxy are global) and
    /// asks the server who it is and what it can do.
    static func start(appName: String, logger: Logger) async -> Result<LibNotifyPresenter, StartFailure> {
        let (events, continuation) = AsyncStream<NotificationEvent>.makeStream(bufferingPolicy: .unbounded)
        let started: Result<Started, StartFailure> = await GLibMainLoopThread.shared.perform {
            if notify_is_initted() == 0, notify_init(appName) == 0 {
                return .failure(StartFailure("libnotify could not be initialised"))
            }
            guard let server = queryServer() else {
                return .failure(StartFailure("the notification server did not answer GetServerInformation"))
            }
            let core = LibNotifyCore(appName: appName, server: server, logger: logger, continuation: continuation)
            core.watchServerName()
            return .success(Started(core: LoopConfined(core), server: server))
        }
        return started.map { LibNotifyPresenter(server: $0.server, events: events, core: $0.core) }
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

private struct Started: Sendable {
    let core: LoopConfined<LibNotifyCore>
    let server: NotificationServerInfo
}
