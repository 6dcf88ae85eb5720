import AlarmCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Moves an unusable database, with its companion files, out of the way without ever
/// overwriting anything.
enum DatabaseQuarantine {
    /// SQLite's companion files: moving the database without them would let a fresh
    /// database pick up a stale WAL or journal of the old one.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Renames `path` and its companions to `path.corrupt-<UTC timestamp>[-N]<suffix>`.
    static func moveAside(path: String, reason: CorruptDatabase.Reason, date: Date) throws -> CorruptDatabase {
        let destination = try freeDestination(for: path, date: date)
        var moved: [(from: String, to: String)] = []
        for suffix in [""] + companionSuffixes {
            let source = path + suffix
            guard FileManager.default.fileExists(atPath: source) else { continue }
            let target = destination + suffix
            if let failure = move(source, to: target) {
                // Put back what already moved: a fresh database beside the old one's WAL
                // would be worse than the corrupt one staying where it was.
                for done in moved.reversed() { _ = move(done.to, to: done.from) }
                throw AlarmStoreError.cannotMoveAside(path: path, destination: target, reason: failure)
            }
            moved.append((source, target))
        }
        syncDirectory(of: path)
        return CorruptDatabase(
            originalPath: path, movedTo: destination, movedFiles: moved.map(\.to), reason: reason, date: date)
    }

    /// Renames without ever replacing `target`; nil on success, else why not.
    private static func move(_ source: String, to target: String) -> String? {
        // rename(2) would silently replace an existing target; link(2) fails instead.
        if link(source, target) == 0 {
            return unlink(source) == 0 ? nil : String(cString: strerror(errno))
        }
        let linkError = errno
        // Some file systems have no hard links; there, check first and rename.
        guard linkError == EPERM || linkError == EOPNOTSUPP || linkError == ENOSYS,
            !FileManager.default.fileExists(atPath: target)
        else { return String(cString: strerror(linkError)) }
        return rename(source, target) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The first `.corrupt-<stamp>`, `.corrupt-<stamp>-2`, ... name not taken by any file of
    /// the set, so two failures in one second keep both copies.
    static func freeDestination(for path: String, date: Date) throws -> String {
        let base = path + ".corrupt-" + timestamp(date)
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : base + "-\(attempt)"
            let taken = ([""] + companionSuffixes).contains {
                FileManager.default.fileExists(atPath: candidate + $0)
            }
            if !taken { return candidate }
        }
        throw AlarmStoreError.cannotMoveAside(
            path: path, destination: base, reason: "1000 earlier copies from the same second are in the way")
    }

    /// `20261121T061500Z`: sortable, no characters that need quoting in a shell.
    static func timestamp(_ date: Date) -> String { UTCStamp.compact(date) }

    /// Makes renames and file creations in the folder durable, as the acknowledged writes
    /// that follow rely on the fresh database's name existing after a power loss.
    static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fd = open(directory, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = fsync(fd)
    }
}
