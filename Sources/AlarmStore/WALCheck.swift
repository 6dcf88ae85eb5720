import AlarmCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A write-ahead log whose header is damaged: what was set aside, and where it went.
package struct DamagedWAL: Hashable, Sendable, CustomStringConvertible {
    package var movedTo: String
    package var reason: String

    package var description: String {
        "the alarm database's write-ahead log was damaged (\(reason)); it was moved to \(movedTo), "
            + "so changes made shortly before may be missing. The file is kept for inspection."
    }
}

/// SQLite ignores a `-wal` file whose header does not check out, and deletes it at the next
/// checkpoint: every alarm committed in it would vanish without a word. So the header is
/// checked first, and a damaged log is moved aside and reported instead.
enum WALCheck {
    /// Moves `<database>-wal` to `<database>-wal.damaged-<UTC timestamp>` when it is not empty
    /// and its header (magic, version, checksum) is wrong. Nil when there is nothing to report.
    static func setAsideIfDamaged(database path: String, now: Date = Date()) -> DamagedWAL? {
        let wal = path + "-wal"
        guard let reason = damage(walPath: wal) else { return nil }
        let target = wal + ".damaged-" + UTCStamp.compact(now)
        guard rename(wal, target) == 0 else { return nil }
        unlink(path + "-shm")  // its index describes the log that is gone
        return DamagedWAL(movedTo: target, reason: reason)
    }

    /// Why the log at `walPath` cannot be used; nil when it is missing, empty or sound.
    static func damage(walPath: String) -> String? {
        let fd = open(walPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        let count = read(fd, &header, 32)
        if count == 0 { return nil }
        if count < 32 { return "only \(max(count, 0)) bytes, shorter than a log header" }
        func word(_ offset: Int) -> UInt32 {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let magic = word(0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return "not a SQLite write-ahead log" }
        guard word(4) == 3_007_000 else { return "unknown log format \(word(4))" }
        // The header checksum: SQLite's Fibonacci-weighted sum over the first 24 bytes, in the
        // byte order the magic number's last bit names.
        let bigEndian = magic & 1 == 1
        func native(_ offset: Int) -> UInt32 { bigEndian ? word(offset) : word(offset).byteSwapped }
        var s0: UInt32 = 0
        var s1: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            s0 = s0 &+ native(offset) &+ s1
            s1 = s1 &+ native(offset + 4) &+ s0
        }
        guard s0 == word(24), s1 == word(28) else { return "its header checksum does not match" }
        return nil
    }
}
