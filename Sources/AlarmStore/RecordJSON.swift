import FoundationEssentials
import AlarmWire

/// The `record` column: an AlarmRecord as JSON text. Dates use JSONEncoder's default
/// (seconds since 2001 as a double), which round-trips every instant exactly.
enum RecordJSON {
    /// Written by `RecordWriter`, keys sorted: JSONEncoder, which wrote rows before (keys in
    /// another order, slashes escaped: JSON that reads the same), ran Codable's generic
    /// machinery for every alarm alarmd saved and then kept it resident for good. JSONEncoder,
    /// set to write the same bytes, stays the fallback; it names what RecordWriter refuses
    /// (a number JSON cannot carry).
    static func encode(_ record: AlarmRecord) throws -> String {
        if let json = RecordWriter.json(record, dates: .sinceReferenceDate) { return String(decoding: json, as: UTF8.self) }
        do {
            return String(decoding: try encoder().encode(record), as: UTF8.self)
        } catch {
            throw AlarmStoreError.unencodable(id: record.id, reason: String(describing: error))
        }
    }

    /// JSONEncoder writing what RecordWriter writes: its default dates, RecordWriter's layout.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Collects the alarm rows as they are read, decoding each one.
    struct Loader {
        private(set) var loaded = LoadedAlarms(records: [], undecodable: [], quarantined: [])
        private lazy var decoder = JSONDecoder()

        /// `json` may point into SQLite's memory: it is not kept.
        mutating func add(id: String, appID: String, json: UnsafeRawBufferPointer) {
            let record: AlarmRecord
            do {
                // RecordReader reads what JSONEncoder wrote, fast and without a copy; anything
                // else (a newer version's fields, a hand edit) is copied for JSONDecoder, the
                // reference.
                if let fast = RecordReader(dates: .sinceReferenceDate).record(json) {
                    record = fast
                } else {
                    record = try decoder.decode(AlarmRecord.self, from: Data(json))
                }
            } catch {
                loaded.undecodable.append(UndecodableAlarm(id: id, appID: appID, reason: describe(error)))
                return
            }
            guard record.id == UUID(text: id) else {
                loaded.undecodable.append(UndecodableAlarm(
                    id: id, appID: appID, reason: "it holds the record of alarm \(record.id)"))
                return
            }
            // Never let a value outside the documented bounds reach the daemon's arithmetic:
            // one such row (an older version's, a damaged one) used to crash every start.
            do { try AlarmBounds.checkStored(record) } catch {
                loaded.quarantined.append(UndecodableAlarm(id: id, appID: appID, reason: error.description))
                return
            }
            loaded.records.append(record)
        }
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
