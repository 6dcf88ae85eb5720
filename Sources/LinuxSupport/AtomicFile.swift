import Glibc

/// A small file replaced whole, never half-written, for the little state kept outside SQLite:
/// the bytes go to a temporary file beside it (the same folder, so the rename stays on one file
/// system), and the temporary file is renamed over the old one. A crash leaves the old
/// contents or the new, never a mix. `durable` also flushes the file and its folder to disk
/// before returning, for state that must outlive a power cut (the volume an alarm raised, to be
/// put back after); state on a tmpfs (the popups on screen) needs no flush.
package enum AtomicFile {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }

    package static func write(_ bytes: [UInt8], to path: String, durable: Bool, mode: mode_t = 0o600) throws(Failure) {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw Failure(path: temporary, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        var offset = 0
        while offset < bytes.count, failure == 0 {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno != EINTR {
                failure = errno
            }
        }
        if failure == 0, durable, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
        if durable { syncFolder(of: path) }
    }

    /// The file's bytes; nil when it is missing or unreadable, or longer than `limit`.
    package static func read(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += chunk[..<count]
            if bytes.count > limit { return nil }
        }
    }

    /// The rename is in the folder's entry: flushed too, or a power cut may forget it.
    private static func syncFolder(of path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
