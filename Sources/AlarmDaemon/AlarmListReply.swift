import AlarmCore
import FoundationEssentials
import OpenAlarmKit

/// The `alarms` reply (to `list`) or event (to watchers), soonest deadline first, written
/// piece by piece as the client reads it.
///
/// Only the order is taken up front (16 bytes an alarm); each record is looked up as its piece
/// is written, so a slow reader costs neither a copy of every record nor the whole JSON. A
/// record that changes while the list is being sent goes out as it is when its piece is
/// written; one that is gone by then is left out.
enum AlarmListReply {
    /// Records per piece when the client asked for one line: small enough to interleave with
    /// the loop's other work, large enough that pieces are few.
    static let piece = 500

    /// An app's alarms (all when nil), soonest deadline first; ties by id, so the order is stable.
    static func order(_ records: [UUID: AlarmRecord], lifecycle: Lifecycle, app: String?) -> [UUID] {
        var keyed: [(deadline: Date, id: UUID)] = []
        keyed.reserveCapacity(records.count)
        for record in records.values where app == nil || record.appID == app {
            keyed.append((lifecycle.deadline(of: record) ?? .distantFuture, record.id))
        }
        keyed.sort { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        return keyed.map(\.id)
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
    static func stream(
        _ order: [UUID], replyTo id: Int?, page: Int?, cache: RecordEncodingCache, record: @escaping (UUID) -> AlarmRecord?
    ) -> ReplyStream {
        let perPiece = page.map { min(max($0, 1), AlarmProtocol.maxPage) } ?? piece
        let paged = page != nil
        let tail = id.map { #","id":\#($0)"# } ?? #","event":"alarms""#
        let end = (id == nil ? "" : #","ok":true"#) + #","v":\#(AlarmProtocol.version)}"# + "\n"
        var next = 0
        var written = 0  // records in the current line
        var finished = false
        return ReplyStream {
            guard !finished else { return nil }
            var piece = Data()
            if paged || next == 0 {
                piece.append(contentsOf: #"{"alarms":["#.utf8)
                written = 0
            }
            let stop = min(next + perPiece, order.count)
            for index in next..<stop {
                guard let alarm = record(order[index]) else { continue }
                if written > 0 { piece.append(UInt8(ascii: ",")) }
                piece.append(cache.json(for: alarm))
                written += 1
            }
            next = stop
            let last = next == order.count
            if paged || last {
                piece.append(contentsOf: ("]" + tail + (last ? "" : #","more":true"#) + end).utf8)
            }
            finished = last
            return piece
        }
    }
}
