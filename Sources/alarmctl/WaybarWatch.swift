import FoundationEssentials
import AlarmClient
import Synchronization

/// `alarmctl watch --waybar`: a `WaybarStatus` line on every change and every second while a
/// countdown runs, for as long as the bar runs it. When alarmd goes away it prints the
/// `offline` line and reconnects (every second, without starting alarmd: whoever stopped it
/// meant it), so the module comes back by itself when alarmd restarts.
final class WaybarWatch: Sendable {
    private let app: String?
    private let state = Mutex<(alarms: [AlarmRecord]?, last: WaybarStatus?)>((nil, nil))

    init(app: String?) { self.app = app }

    /// Scheduled alarms a bar is sent (its tooltip lists them): with 100,000 alarms, every
    /// change would otherwise send the bar ~40 MiB.
    static let limit = 50

    func run(first connection: AlarmConnection?) async -> Never {
        let ticker = Task { [self] in
            while !Task.isCancelled {
                let fraction = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
                try? await Task.sleep(for: .seconds(1 - fraction))
                if let alarms = state.withLock({ $0.alarms }), WaybarStatus.ticks(alarms) { emit() }
            }
        }
        _ = ticker
        var connection = connection
        while true {
            if let current = connection, let stream = try? current.watch(app: app, limit: Self.limit) {
                for await message in stream where message.event == .alarms {
                    state.withLock { $0.alarms = message.alarms ?? [] }
                    emit()
                }
            }
            state.withLock { $0.alarms = nil }
            emit()
            try? await Task.sleep(for: .seconds(1))
            connection = try? AlarmConnection(socketPath: AlarmPaths(environment: ProcessInfo.processInfo.environment).socket)
        }
    }

    /// Prints the line for the current alarms, unless it is the one printed last.
    private func emit() {
        let line: WaybarStatus? = state.withLock { state in
            let status = state.alarms.map { WaybarStatus.of($0, now: Date()) } ?? .offline
            guard status != state.last else { return nil }
            state.last = status
            return status
        }
        if let line { JSONOutput.line(line) }
    }
}
