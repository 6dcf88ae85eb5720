import FoundationEssentials
import AlarmWire

/// Schema v3: the `record` column's dates become seconds since 1970, the protocol's epoch, so
/// that a record has one JSON everywhere (until v2 the store wrote JSONEncoder's default,
/// seconds since 2001). Each row is read with the old epoch and written with the new, in the
/// migration's transaction; a row that does not read is left as it was, to be reported as
/// undecodable as before. The migration backup (`MigrationBackup`) is taken first.
enum RecordEpochMigration {
    static let identifier = "v3: record dates in seconds since 1970"

    static func migrate(_ db: SQLiteConnection) throws {
        let old = RecordReader(dates: .sinceReferenceDate)
        var rewritten: [(id: String, json: String)] = []
        try db.query("SELECT id, record FROM alarm") { row in
            let id = row.text(0)
            guard let record = row.withBytes(1, { old.record($0) }), let json = RecordWriter.json(record) else { return }
            rewritten.append((id, String(decoding: json, as: UTF8.self)))
        }
        for row in rewritten {
            try db.run("UPDATE alarm SET record = ? WHERE id = ?", [.text(row.json), .text(row.id)])
        }
    }

    /// The epoch of the file's rows: 2001 until this migration ran.
    static func dates(_ db: SQLiteConnection) throws -> RecordReader.Dates {
        try StoreSchema.migrator.appliedIdentifiers(db).contains(identifier) ? .since1970 : .sinceReferenceDate
    }
}
