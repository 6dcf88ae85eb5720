#if canImport(Glibc)
    import Glibc
#endif

/// What a connection has received and not yet read, in one buffer kept for the connection's
/// life. A list reply is a line of about 1 MB per 1,000 alarms: receiving it into a fresh,
/// zeroed 64 KiB array per read, appending that to a growing array, copying each line out and
/// removing it from the front cost ~1,600 page faults and three copies of every byte. Here
/// bytes are received in place, a line is handed out where it lies, and the front is reclaimed
/// only when a receive needs the room. Not thread-safe: its connection serialises use.
struct ReceiveBuffer {
    /// Allocated by the first `room()`: a connection that never receives (a failed connect,
    /// whose half-made object Swift destroys without `deinit`) must not own 1 MiB it cannot free.
    private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// Bytes not yet handed out: `start..<end`.
    private var start = 0
    private var end = 0
    /// Where to look for the next newline: a large line arrives in many receives, and
    /// scanning it from its start after each one would cost O(bytes²).
    private var scanned = 0

    /// Bytes received and not yet handed out.
    var pending: Int { end - start }

    /// Those bytes: after `nextLine()` gave nil, the beginning of a line still arriving. Valid
    /// until the next `room()`.
    var pendingBytes: UnsafeRawBufferPointer {
        guard let base = storage.baseAddress else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + start, count: end - start)
    }

    /// The next complete line, without its newline, valid until the next `room()`.
    mutating func nextLine() -> UnsafeRawBufferPointer? {
        guard scanned < end, let newline = memchr(storage.baseAddress! + scanned, 0x0A, end - scanned) else {
            scanned = end
            return nil
        }
        let lineEnd = storage.baseAddress!.distance(to: newline)
        let line = UnsafeRawBufferPointer(start: storage.baseAddress! + start, count: lineEnd - start)
        start = lineEnd + 1
        scanned = start
        return line
    }

    /// Free space after what is pending, for a receive: the pending bytes are moved to the
    /// front if that makes room, the buffer doubled if not.
    mutating func room() -> UnsafeMutableRawBufferPointer {
        if storage.baseAddress == nil {
            storage = .allocate(byteCount: 1 << 20, alignment: 1)
        }
        if start == end {
            (start, end, scanned) = (0, 0, 0)
        } else if end == storage.count {
            let count = end - start
            if start > 0 {
                storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: count)
            } else {
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 1)
                larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count)
                storage.deallocate()
                storage = larger
            }
            scanned -= start
            (start, end) = (0, count)
        }
        return UnsafeMutableRawBufferPointer(rebasing: storage[end...])
    }

    mutating func didReceive(_ count: Int) { end += count }

    func deallocate() {
        if storage.baseAddress != nil { storage.deallocate() }
    }
}
