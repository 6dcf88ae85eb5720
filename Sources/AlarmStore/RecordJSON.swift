import FoundationEssentials
import AlarmWire

/// The `record` column: an AlarmRecord as JSON text, exactly as the protocol carries it
/// (`RecordWriter` and `RecordReader`, the record's one codec; dates in seconds since 1970).
/// Files from before schema v3 hold dates in seconds since 2001: `RecordEpochMigration`
/// rewrites them once, and a file read without migrating (`loadReadOnly`) says which it holds.
enum RecordJSON {
    static func encode(_ record: AlarmRecord) throws -> String {
        guard let json = RecordWriter.json(record) else {
            throw AlarmStoreError.unencodable(id: record.id, reason: "it holds a number JSON cannot carry (NaN or infinity)")
        }
        return String(decoding: json, as: UTF8.self)
    }

    /// Collects the alarm rows as they are read, decoding each one.
    struct Loader {
        private(set) var loaded = LoadedAlarms(records: [], undecodable: [], quarantined: [])
        private let reader: RecordReader

        /// `dates`: the file's epoch, `.since1970` from schema v3 on.
        init(dates: RecordReader.Dates = .since1970) { reader = RecordReader(dates: dates) }

        /// `json` may point into SQLite's memory: it is not kept.
        mutating func add(id: String, appID: String, json: UnsafeRawBufferPointer) {
            let record: AlarmRecord
            switch reader.read(json) {
            case .success(let read): record = read
            case .failure(let mismatch):
                let why = mismatch.reason ?? "not a record this version reads (damaged, or from a version that changed a field)"
                loaded.undecodable.append(UndecodableAlarm(id: id, appID: appID, reason: why))
                return
            }
            guard record.id == UUID(text: id) else {
                loaded.undecodable.append(UndecodableAlarm(
                    id: id, appID: appID, reason: "it holds the record of alarm \(record.id)"))
                return
            }
            // Never let a value outside the documented bounds reach the daemon's arithmetic:
            // one such row (an older version's, a damaged one) would crash every start.
            do { try AlarmBounds.checkStored(record) } catch {
                loaded.quarantined.append(UndecodableAlarm(id: id, appID: appID, reason: error.description))
                return
            }
            loaded.records.append(record)
        }
    }
}
