import FoundationEssentials
import Glibc
import AlarmClient
import Synchronization

/// `alarmctl watch --waybar` and `--polybar`: a status line on every change and every second
/// while a countdown runs, for as long as the bar runs it. alarmd is started as any client
/// starts it (`DaemonLauncher`); while it cannot be reached or started the line is a warning
/// (alarms will not ring), and the connection is retried, so the module comes back by itself.
final class WaybarWatch: Sendable {
    enum Style: Sendable {
        /// waybar's JSON, markup escaped.
        case waybar
        /// polybar's `tail = true`: the text alone, one line each.
        case plainText
    }

    private let app: String?
    private let style: Style
    private let state = Mutex<(alarms: [AlarmRecord]?, offline: String, last: WaybarStatus?, ticker: Task<Void, Never>?)>((nil, "", nil, nil))

    init(app: String?, style: Style) { (self.app, self.style) = (app, style) }

    /// Scheduled alarms a bar is sent (its tooltip lists them): with 100,000 alarms, every
    /// change would otherwise send the bar ~40 MiB.
    static let limit = 50

    /// Seconds between attempts to start alarmd while it is down: a daemon that cannot start
    /// (a broken install, a full disk) is not spawned every second for as long as the bar runs.
    /// Between attempts the socket alone is tried each second, which is cheap.
    static let startBackoff: [Double] = [1, 2, 5, 10, 30, 60]

    func run() async -> Never {
        var failedStarts = 0
        var nextStart = Date.distantPast
        while true {
            var connection: AlarmConnection?
            if Date() >= nextStart {
                do {
                    connection = try DaemonLauncher.connect()
                    failedStarts = 0
                } catch {
                    // Without the commands a terminal would be told: a tooltip is no terminal.
                    let why = if case .daemonNotRunning = error { Text.daemonNotRunning } else { error.description }
                    state.withLock { $0.offline = why }
                    nextStart = Date().addingTimeInterval(Self.startBackoff[min(failedStarts, Self.startBackoff.count - 1)])
                    failedStarts += 1
                }
            } else {
                connection = try? AlarmConnection(socketPath: AlarmPaths(environment: ProcessInfo.processInfo.environment).socket)
            }
            if let connection, let stream = try? connection.watch(app: app, limit: Self.limit) {
                for await message in stream where message.event == .alarms {
                    update(message.alarms ?? [])
                }
                // Gone: start it again at once (a crash, an upgrade), then back off.
                state.withLock { $0.offline = Text.daemonWentAway }
                nextStart = .distantPast
            }
            update(nil)
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Keeps the alarms (nil: offline), ticks each second while a countdown runs and only then,
    /// and prints the line.
    private func update(_ alarms: [AlarmRecord]?) {
        let ticks = alarms.map(WaybarStatus.ticks) ?? false
        state.withLock { state in
            state.alarms = alarms
            if ticks, state.ticker == nil {
                state.ticker = Task { [self] in
                    while !Task.isCancelled {
                        let alarms = self.state.withLock { $0.alarms } ?? []
                        try? await Task.sleep(for: .seconds(WaybarStatus.secondsToNextChange(alarms, now: Date()) ?? 1))
                        emit()
                    }
                }
            } else if !ticks {
                state.ticker?.cancel()
                state.ticker = nil
            }
        }
        emit()
    }

    /// Prints the line for the current alarms, unless it is the one printed last.
    private func emit() {
        let line: WaybarStatus? = state.withLock { state in
            let status = state.alarms.map { WaybarStatus.of($0, now: Date()) } ?? .offline(state.offline)
            guard status != state.last else { return nil }
            state.last = status
            return status
        }
        guard let line else { return }
        switch style {
        case .waybar: JSONOutput.line(line.markup)
        case .plainText:
            print(line.plainText)
            fflush(nil)  // bars read line by line
        }
    }
}
