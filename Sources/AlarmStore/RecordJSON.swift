import Foundation
import OpenAlarmKit

/// The `record` column: an AlarmRecord as JSON text. Dates use JSONEncoder's default
/// (seconds since 2001 as a double), which round-trips every instant exactly.
enum RecordJSON {
    static func encode(_ record: AlarmRecord) throws -> String {
        do {
            return String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        } catch {
            throw AlarmStoreError.unencodable(id: record.id, reason: String(describing: error))
        }
    }

    /// The alarm rows as read, their JSON laid end to end in one buffer as the elements of a
    /// JSON array, so that all of them decode in one decoder call.
    struct Rows {
        var keys: [(id: String, appID: String)] = []
        /// `[` json `,` json ... (closed by `decodeAll`).
        var buffer = Data("[".utf8)
        /// Where each row's JSON lies in `buffer`.
        var ranges: [Range<Int>] = []

        mutating func append(id: String, appID: String, json: Data) {
            if !ranges.isEmpty { buffer.append(UInt8(ascii: ",")) }
            let start = buffer.count
            buffer.append(json)
            ranges.append(start..<buffer.count)
            keys.append((id, appID))
        }
    }

    /// Decodes every row. One call on the whole array is several times faster than one
    /// call per row on Linux; only if it fails (a row from a newer version) are rows decoded
    /// one by one to find and report the bad ones.
    static func decodeAll(_ rows: Rows) -> LoadedAlarms {
        var array = rows.buffer
        array.append(UInt8(ascii: "]"))
        let decoder = JSONDecoder()
        if let records = try? decoder.decode([AlarmRecord].self, from: array),
            zip(records, rows.keys).allSatisfy({ $0.id == UUID(uuidString: $1.id) })
        {
            return LoadedAlarms(records: records, undecodable: [])
        }
        var loaded = LoadedAlarms(records: [], undecodable: [])
        loaded.records.reserveCapacity(rows.ranges.count)
        for (range, key) in zip(rows.ranges, rows.keys) {
            do {
                let record = try decoder.decode(AlarmRecord.self, from: rows.buffer[range])
                guard record.id == UUID(uuidString: key.id) else {
                    loaded.undecodable.append(UndecodableAlarm(
                        id: key.id, appID: key.appID, reason: "it holds the record of alarm \(record.id)"))
                    continue
                }
                loaded.records.append(record)
            } catch {
                loaded.undecodable.append(UndecodableAlarm(id: key.id, appID: key.appID, reason: describe(error)))
            }
        }
        return loaded
    }

    /// A one-line reason: DecodingError's description is a multi-line dump.
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "" : " at " + keys.joined(separator: ".")
        }
        switch decodingError {
        case .keyNotFound(let key, let context): return "missing \(key.stringValue)\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context)
        @unknown default: return String(describing: decodingError)
        }
    }
}
