import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import OpenAlarmKit

/// One alarmd per user. Taken before the socket is bound or the database opened, so a
/// daemon that loses a start-up race (several clients autostarting at once) learns it before
/// it can touch either: the database is never opened, migrated or set aside by a second
/// daemon. An flock belongs to the open file, so the kernel drops it when its holder dies,
/// however it dies; nothing stale is left to clean up.
final class InstanceLock {
    private let fd: Int32

    /// Locks `alarmd.lock` in the state folder (the database's folder: it is what two daemons
    /// would damage) and writes our pid there for the loser's message.
    init(stateDirectory: String) throws(DaemonError) {
        let code = AlarmPaths.createPrivateDirectory(stateDirectory)
        guard code == 0 else { throw .system("cannot create \(stateDirectory)", code) }
        let path = stateDirectory + "/alarmd.lock"
        fd = oak_lock_file(path)
        guard fd >= 0 else {
            let code = errno
            guard code == EWOULDBLOCK else { throw .system("cannot lock \(path)", code) }
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmed()
            throw .alreadyRunning(pid: holder.flatMap { Int32($0) })
        }
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    }

    deinit { close(fd) }
}
