/// Bytes waiting to be parsed or sent. Consuming from the front moves an offset instead of
/// shifting the whole buffer, so a client reading a large reply slowly costs O(bytes), not
/// O(bytes²).
struct ByteQueue {
    private var storage: [UInt8] = []
    private var start = 0

    var count: Int { storage.count - start }
    var isEmpty: Bool { start == storage.count }

    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        storage.append(contentsOf: bytes)
    }

    mutating func append(_ byte: UInt8) { storage.append(byte) }

    mutating func removeFirst(_ n: Int) {
        start += n
        if start == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 1 << 16)
            start = 0
        } else if start > 1 << 16 && start > storage.count / 2 {
            storage.removeFirst(start)
            start = 0
        }
    }

    mutating func removeAll() {
        storage.removeAll()
        start = 0
    }

    /// The first complete line (without its newline), removed from the queue.
    mutating func popLine() -> ArraySlice<UInt8>? {
        guard let newline = storage[start...].firstIndex(of: 0x0A) else { return nil }
        let line = storage[start..<newline]
        removeFirst(newline + 1 - start)
        return line
    }

    /// Everything left, removed from the queue (a last line without a newline).
    mutating func popAll() -> [UInt8] {
        let rest = Array(storage[start...])
        removeAll()
        return rest
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage[start...].withUnsafeBytes(body)
    }
}
