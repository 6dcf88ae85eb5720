import FoundationEssentials

/// A reply or event written as the client reads it, not encoded whole up front: a list of
/// 100,000 alarms is ~40 MiB of JSON, which would sit in the daemon's memory, and over the
/// per-client cap, if it were built in one piece. The server asks for the next piece each
/// time the client's queue runs low. Loop thread only.
final class ReplyStream {
    private let produce: () -> [UInt8]?
    /// Bytes handed out so far: a large reply is worth returning its memory to the system for.
    private(set) var produced = 0

    /// `produce` returns the next bytes to send (any size; lines end with their own newline),
    /// or nil once the reply is complete.
    init(_ produce: @escaping () -> [UInt8]?) { self.produce = produce }

    func next() -> [UInt8]? {
        guard let piece = produce() else { return nil }
        produced += piece.count
        return piece
    }

    /// A reply that is one line, known in full.
    static func line(_ data: Data) -> ReplyStream {
        var sent = false
        return ReplyStream {
            guard !sent else { return nil }
            sent = true
            var line = [UInt8](data)
            line.append(0x0A)
            return line
        }
    }
}
