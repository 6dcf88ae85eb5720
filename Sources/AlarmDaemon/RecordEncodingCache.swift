import FoundationEssentials
import OpenAlarmKit

/// Each alarm's JSON, encoded once per change rather than once per list: JSONEncoder costs
/// ~50 µs a record on Linux, and a watcher or `list` asks for every alarm on every change.
/// Loop thread only.
final class RecordEncodingCache {
    private var cache: [UUID: (record: AlarmRecord, json: Data)] = [:]
    private let encoder = AlarmProtocol.encoder()

    /// The `alarms` message for `records`: a reply to request `id`, or a pushed event.
    func alarmsMessage(_ records: [AlarmRecord], replyTo id: Int?) -> Data {
        var line = Data(#"{"alarms":["#.utf8)
        for (index, record) in records.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line.append(json(for: record))
        }
        line.append(contentsOf: (id.map { #"],"id":\#($0),"ok":true,"v":"# } ?? #"],"event":"alarms","v":"#).utf8)
        line.append(contentsOf: "\(AlarmProtocol.version)}".utf8)
        return line
    }

    /// Forgets alarms that are gone.
    func prune(keeping ids: some Collection<UUID>) {
        guard cache.count > ids.count else { return }
        let keep = Set(ids)
        cache = cache.filter { keep.contains($0.key) }
    }

    private func json(for record: AlarmRecord) -> Data {
        if let cached = cache[record.id], cached.record == record { return cached.json }
        let json = (try? encoder.encode(record)) ?? Data("null".utf8)
        cache[record.id] = (record, json)
        return json
    }
}
