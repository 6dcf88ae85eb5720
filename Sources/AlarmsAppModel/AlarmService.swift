import AlarmClient
import FoundationEssentials
import LinuxSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The app's link to alarmd: one connection for requests and one for the watch stream, both
/// opened off the main loop (starting alarmd can take a moment), and every result handed to
/// the main loop through `deliver`. Connecting and requests run in turn on one worker thread
/// (`SerialWorker`), the watch on its connection's reader thread. Like alarmctl, it starts
/// alarmd when nothing answers (DaemonLauncher), unless OPENALARMKIT_NO_AUTOSTART=1.
package final class AlarmService: Sendable {
    /// Runs main-loop work: GtkSupport's `MainLoop.invoke` in the app.
    package typealias Deliver = @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void

    private let environment: [String: String]
    private let deliver: Deliver
    private let state: Mutex<Links>
    private let worker = SerialWorker(name: "alarmd-requests")

    private struct Links: ~Copyable {
        var requests: AlarmConnection?
        /// The connection the current watch reads (one at a time).
        var watcher: AlarmConnection?
    }

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, deliver: @escaping Deliver) {
        self.environment = environment
        self.deliver = deliver
        state = Mutex(Links())
    }

    /// Connects, then streams `alarms` events into `target` until alarmd goes away, when
    /// `target` hears `.unreachable`. `.asConfigured` starts alarmd if none answers unless
    /// OPENALARMKIT_NO_AUTOSTART=1; `.always` is the banner's Start button, a person's explicit
    /// wish; `.never` only connects.
    package func start(into target: AlarmsState, starting: DaemonStart = .asConfigured) {
        var settings = environment
        switch starting {
        case .asConfigured: break
        case .always: settings["OPENALARMKIT_NO_AUTOSTART"] = nil
        case .never: settings["OPENALARMKIT_NO_AUTOSTART"] = "1"
        }
        connect(into: target, environment: settings, retryAfter: [])
    }

    /// After the stream ends: an alarmd that comes back by itself (an upgrade's restart,
    /// systemd's socket) is picked up by a few attempts, never by polling.
    static let reconnectDelays: [Double] = [0.5, 2, 5]

    private func connect(into target: AlarmsState, environment: [String: String], retryAfter delays: [Double]) {
        let deliver = deliver
        worker.run { [self] in
            let requests: AlarmConnection, watcher: AlarmConnection
            do throws(ConnectionError) {
                requests = try DaemonLauncher.connect(environment: environment)
                watcher = try DaemonLauncher.connect(environment: environment)
            } catch {
                if let delay = delays.first {
                    // Waits without holding up requests (which fail at once meanwhile) or a Start.
                    worker.run(after: delay) { [self] in
                        connect(into: target, environment: environment, retryAfter: Array(delays.dropFirst()))
                    }
                    return
                }
                // Nothing listening needs no detail; anything else (a start that failed, a
                // broken socket) says what the client saw, with where to look.
                let why: String? = if case .daemonNotRunning = error { nil } else { error.description }
                deliver { target.apply(connection: .unreachable(why)) }
                return
            }
            state.withLock { $0.requests = requests }
            refreshStatus(into: target)
            // One stream at a time: a Start pressed during a reconnect attempt replaces it.
            let replaced = state.withLock { links in
                defer { links.watcher = watcher }
                return links.watcher
            }
            replaced?.endWatch()
            do throws(ConnectionError) {
                try watcher.watch { [self] message in
                    if let message {
                        deliver { target.apply(message) }
                        // The device and the store may have changed with it; status has no event.
                        if message.event == .alarms || message.event == .sounding { refreshStatus(into: target) }
                        return true
                    }
                    // Ended by `stop()` or a newer connection: nothing to report.
                    let current = state.withLock { links in
                        guard links.watcher === watcher else { return false }
                        links.watcher = nil
                        links.requests = nil
                        return true
                    }
                    guard current else { return false }
                    deliver { target.apply(connection: .unreachable(nil)) }
                    var quiet = environment
                    quiet["OPENALARMKIT_NO_AUTOSTART"] = "1"
                    connect(into: target, environment: quiet, retryAfter: Self.reconnectDelays)
                    return false
                }
            } catch {
                state.withLock { if $0.watcher === watcher { $0.watcher = nil } }
                // alarmd accepted and then closed the connection: it was stopping (a restart,
                // an upgrade). Like a connection refused: the next attempt, if one is left.
                if let delay = delays.first {
                    usleep(UInt32(delay * 1_000_000))
                    connect(into: target, environment: environment, retryAfter: Array(delays.dropFirst()))
                    return
                }
                deliver { target.apply(connection: .unreachable(error.description)) }
            }
        }
    }

    package enum DaemonStart: Sendable {
        case asConfigured, always, never
    }

    /// Asks for `status` and hands it to `target`.
    package func refreshStatus(into target: AlarmsState) {
        perform(.status) { result in
            if case .success(let reply) = result, let status = reply.status { target.apply(status: status) }
        }
    }

    /// Sends one request off the main loop, on the worker after those sent before it, and
    /// delivers its reply (or why it failed) to `done` on the main loop.
    package func perform(
        _ op: AlarmProtocol.Operation, alarm: UUID? = nil, record: AlarmRecord? = nil,
        done: @escaping @Sendable @MainActor (Result<AlarmProtocol.Message, ConnectionError>) -> Void
    ) {
        perform(AlarmProtocol.Request(id: 0, op: op, alarm: alarm, record: record), done: done)
    }

    /// The same for a request with more members (a sound's name, a file's path).
    package func perform(
        _ request: AlarmProtocol.Request,
        done: @escaping @Sendable @MainActor (Result<AlarmProtocol.Message, ConnectionError>) -> Void
    ) {
        let deliver = deliver
        worker.run { [self] in
            guard let connection = state.withLock({ $0.requests }) else {
                deliver { done(.failure(.daemonNotRunning(socket: AlarmPaths(environment: self.environment).socket))) }
                return
            }
            let result: Result<AlarmProtocol.Message, ConnectionError>
            do throws(ConnectionError) {
                result = .success(try connection.send(request))
            } catch { result = .failure(error) }
            deliver { done(result) }
        }
    }

    /// `action` on the alarms `parameter` names (`RingingAction.targets`), over the window's
    /// connection or, with no window (a press on the lock screen, a D-Bus activation), one of
    /// its own that never starts alarmd: with none running, nothing rings. `done` hears how
    /// many alarms it acted on.
    package func perform(
        _ action: RingingAction, _ parameter: String,
        done: @escaping @Sendable @MainActor (Result<Int, ConnectionError>) -> Void
    ) {
        let deliver = deliver
        var settings = environment
        settings["OPENALARMKIT_NO_AUTOSTART"] = "1"
        let once = settings
        worker.run { [self] in
            let result: Result<Int, ConnectionError>
            do throws(ConnectionError) {
                let shared = state.withLock { $0.requests }
                let connection: AlarmConnection
                if let shared { connection = shared } else { connection = try DaemonLauncher.connect(environment: once) }
                let targets = action.targets(parameter, in: try connection.send(.list).alarms ?? [])
                for id in targets { _ = try connection.send(action.operation, alarm: id) }
                result = .success(targets.count)
            } catch { result = .failure(error) }
            deliver { done(result) }
        }
    }

    /// Ends the watch stream (the window's app is quitting).
    package func stop() {
        let watcher = state.withLock { links in
            defer { (links.watcher, links.requests) = (nil, nil) }
            return links.watcher
        }
        watcher?.endWatch()
    }
}
