import AlarmNotify
import FoundationEssentials
import LinuxSupport
import Logging

/// The ids of the alarm popups on screen, so that the next alarmd closes what a crashed one left
/// (see `LibNotifyCore.closeLeftovers`): otherwise a dead instance's ringing popup would stay
/// beside the new one's. Kept in the runtime folder (popups live no longer than the session,
/// and that folder is a private tmpfs: no disk write per popup), replaced whole
/// (`AtomicFile`, not flushed) when they change. Written on the presenter's thread.
struct ShownPopupsFile: Sendable {
    let path: String
    let logger: Logger

    func read() -> ShownPopups? {
        guard let bytes = AtomicFile.read(path) else { return nil }
        return try? JSONDecoder().decode(ShownPopups.self, from: Data(bytes))
    }

    /// Only alarm popups (keyed by the alarm's id) are kept: the current state shows them
    /// again. Notices and the missed-alarms list are messages, left for the person to read.
    func write(_ popups: ShownPopups) {
        var alarms = popups
        alarms.ids = popups.ids.filter { UUID(uuidString: $0.key) != nil }
        guard let data = try? JSONEncoder().encode(alarms) else { return }
        do { try AtomicFile.write(Array(data), to: path, durable: false) } catch { logger.debug("\(error)") }
    }
}
