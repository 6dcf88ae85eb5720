import AlarmNotify
import FoundationEssentials
import Glibc
import Logging

/// Issue 10, defect 12: after a crash, the dead alarmd's ringing popup stayed on screen beside
/// the new instance's. The ids of the alarm popups on screen are kept in a small file in the
/// runtime folder (popups live no longer than the session, and that folder is a private
/// tmpfs: no disk write per popup), rewritten when they change; the next instance closes
/// them (see `LibNotifyCore.closeLeftovers`). Written on the presenter's thread.
struct ShownPopupsFile: Sendable {
    let path: String
    let logger: Logger

    func read() -> ShownPopups? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(ShownPopups.self, from: data)
    }

    /// Only alarm popups (keyed by the alarm's id) are kept: the current state shows them
    /// again. Notices and the missed-alarms list are messages, left for the person to read.
    func write(_ popups: ShownPopups) {
        var alarms = popups
        alarms.ids = popups.ids.filter { UUID(uuidString: $0.key) != nil }
        guard let data = try? JSONEncoder().encode(alarms) else { return }
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return logger.debug("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != data.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
