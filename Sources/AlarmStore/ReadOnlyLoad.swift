import CSQLite
import FoundationEssentials

extension AlarmStore {
    /// Loads the alarms of the database at `url` without changing it, for a state folder this
    /// process cannot write (a read-only mount, say): nothing is migrated, checked or moved
    /// aside, and no folder is created. (In a folder it can write, SQLite may still leave the
    /// empty `-wal` and `-shm` it reads through.) Empty when there is no file, or no alarm
    /// table yet.
    ///
    /// A WAL database needs its `-shm` index to be read. It is opened with `mode=ro`, which
    /// reads the `-wal` and `-shm` when they exist, even unwritable. When they are missing and
    /// the folder does not let SQLite create them, it is opened again with `immutable=1`,
    /// which reads the main file alone: changes still in an un-checkpointed `-wal` (alarmd
    /// checkpoints on every clean stop) are then not seen.
    ///
    /// Throws `AlarmStoreError.corrupt` for a file that is not a usable database (and leaves
    /// it where it is), `.cannotOpen` for anything else.
    package static func loadReadOnly(at url: URL) throws -> LoadedAlarms {
        let path = url.path
        let empty = LoadedAlarms(records: [], undecodable: [])
        guard FileManager.default.fileExists(atPath: path) else { return empty }
        try StoreOpening.checkHeader(path: path)
        do {
            do {
                return try loadReadOnly(uri: fileURI(path, query: "mode=ro")) ?? empty
            } catch let error as SQLiteError where error.primary == SQLITE_CANTOPEN || error.primary == SQLITE_READONLY {
                // No -shm and no right to create one.
                return try loadReadOnly(uri: fileURI(path, query: "immutable=1")) ?? empty
            }
        } catch let error as SQLiteError {
            throw StoreOpening.classify(error, path: path)
        }
    }

    /// Nil when the file has no alarm table (an empty or half-created file).
    private static func loadReadOnly(uri: String) throws -> LoadedAlarms? {
        let db = try SQLiteConnection(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        defer { try? db.close() }
        try db.setBusyTimeout(milliseconds: StoreOpening.defaultBusyTimeout)
        // One read transaction: the table check and the rows come from the same snapshot.
        try db.execute("BEGIN")
        defer { try? db.execute("ROLLBACK") }
        guard try db.tableExists(StoreSchema.alarmTable) else { return nil }
        // Not migrated: an older version's rows keep their epoch.
        return try loadAlarms(db, dates: RecordEpochMigration.dates(db))
    }

    /// `file:` URI of `path`: every byte outside the unreserved set and "/" percent-encoded,
    /// since "?", "#" and "%" are meaningful in a URI and legal in a file name.
    static func fileURI(_ path: String, query: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hex[Int(byte >> 4)])
                uri.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return uri + "?" + query
    }
}
