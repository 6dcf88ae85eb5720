import AlarmCore
import FoundationEssentials
import AlarmWire

/// The `alarms` reply (to `list`) or event (to watchers), soonest deadline first, written
/// piece by piece as the client reads it.
///
/// Only the order is taken up front (16 bytes an alarm); each record is looked up as its piece
/// is written, so a slow reader costs neither a copy of every record nor the whole JSON. A
/// record that changes while the list is being sent goes out as it is when its piece is
/// written; one that is gone by then is left out.
enum AlarmListReply {
    /// Records per piece (a line of a page holds several): small enough to interleave with the
    /// loop's other work and keep the outbox small, large enough that pieces are few.
    static let piece = 250

    /// An app's alarms (all when nil), soonest deadline first; ties by id, so the order is stable.
    static func order(_ records: [UUID: AlarmRecord], lifecycle: Lifecycle, app: String?) -> [UUID] {
        var keyed: [SortKey] = []
        keyed.reserveCapacity(records.count)
        for record in records.values where app == nil || record.appID == app {
            keyed.append(SortKey(deadline: lifecycle.deadline(of: record) ?? .distantFuture, id: record.id))
        }
        keyed.sort { ($0.deadline, $0.high, $0.low) < ($1.deadline, $1.high, $1.low) }
        return keyed.map(\.id)
    }

    /// (deadline, id) as numbers: UUID's `<` compares its 16 bytes one by one in constant
    /// time, a quarter of a 1,000-alarm list's cost when many share a deadline. Its order is
    /// the bytes' order, which is the order of their two big-endian halves.
    private struct SortKey {
        let deadline: Double
        let high: UInt64
        let low: UInt64
        let id: UUID

        init(deadline: Date, id: UUID) {
            self.deadline = deadline.timeIntervalSinceReferenceDate
            (high, low) = withUnsafeBytes(of: id.uuid) {
                (UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
            self.id = id
        }
    }

    /// What a watcher that asked for `limit` sees: every alarm that rings, counts down or is
    /// paused, and the first `limit` scheduled ones, in `order`.
    static func limited(_ order: [UUID], to limit: Int, records: [UUID: AlarmRecord]) -> [UUID] {
        var scheduled = 0
        return order.filter { id in
            guard let record = records[id] else { return false }
            guard record.phase.state == .scheduled else { return true }
            scheduled += 1
            return scheduled <= limit
        }
    }

    /// - Parameters:
    ///   - id: the request's id for a reply; nil for a pushed event.
    ///   - page: the client's `page`: lines of at most that many records, each but the last
    ///     marked `more`. Nil: one line, as clients that predate paging expect.
    static func stream(_ order: [UUID], replyTo id: Int?, page: Int?, record: @escaping (UUID) -> AlarmRecord?) -> ReplyStream {
        let perLine = page.map { min(max($0, 1), AlarmProtocol.maxPage) } ?? Int.max
        let tail = id.map { #","id":\#($0)"# } ?? #","event":"alarms""#
        let end = (id == nil ? "" : #","ok":true"#) + #","v":\#(AlarmProtocol.version)}"# + "\n"
        var next = 0
        var inLine = 0  // records taken into the current line
        var written = 0  // records written in it (those gone since are left out)
        var finished = false
        return ReplyStream {
            guard !finished else { return nil }
            var writer = JSONTextWriter(capacity: 256 << 10)
            if next == 0 || inLine == perLine {
                writer.raw(#"{"alarms":["#.utf8)
                (inLine, written) = (0, 0)
            }
            // A line of 1,000 records is ~1 MB: written in pieces, the outbox stays small.
            let stop = min(next + min(piece, perLine - inLine), order.count)
            for index in next..<stop {
                guard let alarm = record(order[index]) else { continue }
                if written > 0 { writer.raw(UInt8(ascii: ",")) }
                WireRecord.write(alarm, to: &writer)
                written += 1
            }
            inLine += stop - next
            next = stop
            let last = next == order.count
            if inLine == perLine || last {
                writer.raw(("]" + tail + (last ? "" : #","more":true"#) + end).utf8)
            }
            finished = last
            return writer.take()
        }
    }
}
