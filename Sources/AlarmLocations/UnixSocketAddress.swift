import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix socket path as `sockaddr_un`, for the client's `connect` and the daemon's `bind`.
package struct UnixSocketAddress {
    private var storage = sockaddr_un()

    /// Nil when the path does not fit `sun_path` (108 bytes with its terminator).
    package init?(path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: storage.sun_path) else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// Calls `body` with the address as `bind` and `connect` take it.
    package func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

extension UnixSocketAddress {
    /// Whether something accepts connections at `path` now (the connection is closed at once):
    /// how a starting alarmd tells a live socket from one a dead alarmd left behind.
    package static func answers(at path: String) -> Bool {
        guard let address = UnixSocketAddress(path: path) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return address.withSockaddr { connect(fd, $0, $1) } == 0
    }
}
