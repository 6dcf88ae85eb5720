import CLinux
import Glibc

/// Unmaps the read-only file pages that start-up touched, for a long-running process that then
/// idles.
///
/// Starting the static binary touches ~10 MiB of its own code and metadata (the Swift runtime
/// walks its conformance and type sections, and the kernel maps 64 KiB around each fault), and
/// start-up's libraries (SQLite, ALSA's configuration, GLib) a few more: all of it stays in the
/// process's RSS while it idles, though most is never run again. `MADV_DONTNEED` on a
/// read-only file mapping only drops the page-table entries: the pages stay in the page cache,
/// and what runs again maps back in with a minor fault (no disk read).
///
/// Only mappings where that loses nothing: file-backed, not writable, and without one
/// anonymous (copied-on-write) page, such as a relocated RELRO page or a debugger's breakpoint;
/// those are left alone.
public enum StartupPages {
    /// Returns the KiB unmapped.
    @discardableResult
    public static func release() -> Int {
        guard let text = readAll("/proc/self/smaps") else { return 0 }
        var released = 0
        var candidate: (start: UInt, end: UInt, rss: Int)?
        var anonymous = 0
        func finish() {
            if let range = candidate, anonymous == 0, range.rss > 0,
                madvise(UnsafeMutableRawPointer(bitPattern: range.start), Int(range.end - range.start), MADV_DONTNEED) == 0
            {
                released += range.rss
            }
            candidate = nil
        }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: "-"), let start = UInt(first[..<dash], radix: 16),
                let end = UInt(first[first.index(after: dash)...], radix: 16)
            {
                finish()
                anonymous = 0
                let perms = fields.count > 1 ? fields[1] : ""
                let path = fields.count > 5 ? fields[5] : ""
                if path.hasPrefix("/"), perms.hasPrefix("r"), !perms.contains("w"), perms.hasSuffix("p") {
                    candidate = (start, end, 0)
                }
            } else if fields.count >= 2, let kib = Int(fields[1]) {
                if first == "Rss:" { candidate?.rss = kib }
                if first == "Anonymous:" { anonymous = kib }
            }
        }
        finish()
        return released
    }

    private static func readAll(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
