import AlarmClient
import FoundationEssentials
import LinuxSupport
import Synchronization

/// The app's link to alarmd: one connection for requests and one for the watch stream, both
/// opened off the main loop (starting alarmd can take a moment), and every result handed to
/// the main loop through `deliver`. Like alarmctl, it starts alarmd when nothing answers
/// (DaemonLauncher), unless OPENALARMKIT_NO_AUTOSTART=1.
package final class AlarmService: Sendable {
    /// Runs main-loop work: GtkSupport's `MainLoop.invoke` in the app.
    package typealias Deliver = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    private let environment: [String: String]
    private let deliver: Deliver
    private let state: Mutex<Links>

    private struct Links: ~Copyable {
        var requests: AlarmConnection?
        var watch: Task<Void, Never>?
    }

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, deliver: @escaping Deliver) {
        self.environment = environment
        self.deliver = deliver
        state = Mutex(Links())
    }

    /// Connects (starting alarmd if `autostart` and none answers), then streams `alarms` events
    /// into `target` until alarmd goes away, when `target` hears `.unreachable`.
    package func start(into target: AlarmsState, autostart: Bool = true) {
        var settings = environment
        if !autostart { settings["OPENALARMKIT_NO_AUTOSTART"] = "1" }
        let environment = settings, deliver = deliver
        DetachedThread.start { [self] in
            let requests: AlarmConnection, watcher: AlarmConnection
            let stream: AsyncStream<AlarmProtocol.Message>
            do throws(ConnectionError) {
                requests = try DaemonLauncher.connect(environment: environment)
                watcher = try DaemonLauncher.connect(environment: environment)
                stream = try watcher.watch()
            } catch {
                let why = error.description
                deliver { target.apply(connection: .unreachable(why)) }
                return
            }
            state.withLock { $0.requests = requests }
            refreshStatus(into: target)
            let task = Task.detached { [self] in
                for await message in stream {
                    deliver { target.apply(message) }
                    // The device and the store may have changed with it; status has no event.
                    if message.event == .alarms || message.event == .sounding { refreshStatus(into: target) }
                }
                _ = watcher  // the stream reads through it: it lives as long as the loop
                state.withLock { $0.requests = nil }
                deliver { target.apply(connection: .unreachable(tr("alarmd stopped"))) }
            }
            state.withLock { $0.watch = task }
        }
    }

    /// Asks for `status` and hands it to `target`.
    package func refreshStatus(into target: AlarmsState) {
        perform(.status) { result in
            if case .success(let reply) = result, let status = reply.status { target.apply(status: status) }
        }
    }

    /// Sends one request off the main loop and delivers its reply (or why it failed) to `done`
    /// on the main loop.
    package func perform(
        _ op: AlarmProtocol.Operation, alarm: UUID? = nil, record: AlarmRecord? = nil,
        done: @escaping @Sendable @MainActor (Result<AlarmProtocol.Message, ConnectionError>) -> Void
    ) {
        let deliver = deliver
        DetachedThread.start { [self] in
            guard let connection = state.withLock({ $0.requests }) else {
                deliver { done(.failure(.daemonNotRunning(socket: AlarmPaths(environment: self.environment).socket))) }
                return
            }
            let result: Result<AlarmProtocol.Message, ConnectionError>
            do throws(ConnectionError) {
                result = .success(try connection.send(op, alarm: alarm, record: record))
            } catch { result = .failure(error) }
            deliver { done(result) }
        }
    }

    /// Ends the watch stream (the window's app is quitting).
    package func stop() {
        state.withLock {
            $0.watch?.cancel()
            $0.watch = nil
            $0.requests = nil
        }
    }
}
