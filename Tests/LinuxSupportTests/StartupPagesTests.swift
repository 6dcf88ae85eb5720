import Foundation
import Glibc
import LinuxSupport
import Testing

/// StartupPages drops clean read-only file pages from the resident set and nothing else.
@Suite(.serialized) struct StartupPagesTests {
    private func statusKiB(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    @Test func dropsFilePagesAndTheProcessRunsOn() {
        let before = statusKiB("RssFile")
        let released = StartupPages.release()
        let after = statusKiB("RssFile")
        #expect(released > 1024)  // this test binary runs from megabytes of mapped code
        #expect(after < before)
        #expect([3, 1, 2].sorted() == [1, 2, 3])  // code runs again, faulted back in
    }

    /// A read-only private mapping that was written before (a relocated RELRO page, a
    /// debugger's breakpoint) holds the only copy of that write: dropping it would bring the
    /// file's bytes back.
    @Test func leavesCopiedOnWritePagesAlone() throws {
        let path = NSTemporaryDirectory() + "startup-pages-\(getpid())"
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let raw = try #require(mmap(nil, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0))
        #expect(raw != MAP_FAILED)
        defer { munmap(raw, 8192) }
        raw.storeBytes(of: 0x42, as: UInt8.self)  // copied on write: anonymous from now on
        #expect(mprotect(raw, 8192, PROT_READ) == 0)  // now r--p, like RELRO after relocation
        StartupPages.release()
        #expect(raw.load(as: UInt8.self) == 0x42)
        #expect(raw.load(fromByteOffset: 4096, as: UInt8.self) == 0x41)
    }
}
