import CSQLite
import FoundationEssentials
import AlarmWire

/// The daemon's durable copy of every alarm, and the list of alarms that were missed.
///
/// Synchronous: the daemon calls it from its one event-loop thread, and every write has
/// returned only once it is on disk (WAL, `synchronous = FULL`). Built on SQLite's C API
/// directly: a wrapper such as GRDB needs Foundation, which brings ICU into every binary.
package final class AlarmStore: Sendable {
    /// The database file, normally `$XDG_STATE_HOME/openalarmkit/alarms.sqlite`.
    package let path: String
    let database: SerialDatabase

    /// Opens (creating it and its folders if needed) the store at `url`, and throws
    /// `AlarmStoreError.corrupt` if the file there is unusable, leaving it untouched.
    /// - Parameter settingAsideDamagedWAL: check the write-ahead log before SQLite sees it
    ///   (SQLite would silently drop a log whose header is damaged) and move a damaged one
    ///   aside. Only for the one owner of the file (alarmd, holding its instance lock): another
    ///   opener's log may be half-written at that moment.
    package init(at url: URL, settingAsideDamagedWAL: Bool = false) throws {
        path = url.path
        // A damaged main file takes its log with it when it is moved aside, so only the log of
        // a sound-looking file is judged on its own.
        let judgeLog = settingAsideDamagedWAL && (try? StoreOpening.checkHeader(path: url.path)) != nil
        damagedWAL = judgeLog ? WALCheck.setAsideIfDamaged(database: url.path) : nil
        database = SerialDatabase(try StoreOpening.open(path: url.path))
    }

    /// From now on a lock held by another process (sqlite3, a backup) makes a read or write
    /// wait at most `seconds` before failing (opening may wait longer, for a concurrent
    /// creator). For alarmd: its one loop also rings alarms, so it keeps a failed write in
    /// memory and retries rather than wait seconds.
    package func limitLockWait(to seconds: Double) {
        let milliseconds = Int32(clamping: Int(clampingFinite: (seconds * 1000).rounded()))
        database.access { db in try? db.setBusyTimeout(milliseconds: max(0, milliseconds)) }
    }

    /// Set when this open found the write-ahead log damaged and moved it aside: tell the person.
    package let damagedWAL: DamagedWAL?

    /// Opens the store at `url`; if the file there is unusable, moves it (and its -wal, -shm,
    /// -journal files) to `<file>.corrupt-<UTC timestamp>`, starts a fresh store and says so
    /// in `recovered`, which the caller should show to the person.
    package static func open(at url: URL, now: Date = Date(), settingAsideDamagedWAL: Bool = false) throws -> (store: AlarmStore, recovered: CorruptDatabase?) {
        do {
            return (try AlarmStore(at: url, settingAsideDamagedWAL: settingAsideDamagedWAL), nil)
        } catch AlarmStoreError.corrupt(let path, let reason) {
            let recovered = try DatabaseQuarantine.moveAside(path: path, reason: reason, date: now)
            return (try AlarmStore(at: url), recovered)
        }
    }

    /// Every alarm that decodes, and the rows that do not (see `LoadedAlarms`). The start-up
    /// load: report `undecodable` to the person.
    package func load() throws -> LoadedAlarms {
        let loaded = try reading { db in try Self.loadAlarms(db) }
        // The whole table just went through SQLite's page cache, and alarmd keeps every alarm
        // in memory: the store never reads them again.
        releaseMemory()
        return loaded
    }

    /// Empties SQLite's page cache (up to 2 MiB: every page a load or a burst of writes went
    /// through). Writes read back the few pages they change, from the OS's cache.
    package func releaseMemory() {
        _ = try? database.access { db in try db.execute("PRAGMA shrink_memory") }
    }

    /// Bytes SQLite's page cache holds for this connection now (`SQLITE_DBSTATUS_CACHE_USED`).
    package var pageCacheBytes: Int {
        (try? database.access { db in
            var current: Int32 = 0, highwater: Int32 = 0
            sqlite3_db_status(try db.handle(), SQLITE_DBSTATUS_CACHE_USED, &current, &highwater, 0)
            return Int(current)
        }) ?? 0
    }

    /// The rows of the alarm table, each decoded straight from SQLite's buffer: no copy of
    /// 10,000 JSON texts.
    /// `dates`: the rows' epoch (a migrated file's is 1970; see `RecordEpochMigration`).
    static func loadAlarms(_ db: SQLiteConnection, dates: RecordReader.Dates = .since1970) throws -> LoadedAlarms {
        var loader = RecordJSON.Loader(dates: dates)
        try db.query("SELECT id, appID, record FROM alarm") { row in
            let id = row.text(0), appID = row.text(1)
            row.withBytes(2) { json in loader.add(id: id, appID: appID, json: json) }
        }
        return loader.loaded
    }

    /// Every alarm that decodes; `load()` also tells which rows were skipped.
    package func all() throws -> [AlarmRecord] {
        try load().records
    }

    /// How many alarms `appID` has, undecodable ones included (an index lookup).
    package func count(appID: String) throws -> Int {
        try reading { db in
            Int(try db.integer("SELECT COUNT(*) FROM alarm WHERE appID = ?", [.text(appID)]) ?? 0)
        }
    }

    /// Missed alarms, the most recently recorded first.
    package func missed(limit: Int = 100) throws -> [MissedAlarm] {
        try reading { db in
            var missed: [MissedAlarm] = []
            let sql = """
                SELECT alarmID, appID, title, dueAt, reason, recordedAt FROM missedAlarm
                ORDER BY recordedAt DESC, id DESC LIMIT ?
                """
            try db.query(sql, [SQLValue(limit)]) { row in
                guard let id = UUID(uuidString: row.text(0)) else { return }
                missed.append(MissedAlarm(
                    alarmID: id, appID: row.text(1), title: row.text(2), dueAt: Date(timeIntervalSince1970: row.double(3)),
                    reason: row.text(4), recordedAt: Date(timeIntervalSince1970: row.double(5))))
            }
            return missed
        }
    }

    /// Inserts or replaces the record with its id; durable when it returns.
    package func save(_ record: AlarmRecord) throws {
        try write { try $0.save(record) }
    }

    /// Removes the alarm; false if there was none with that id. Durable when it returns.
    @discardableResult
    package func delete(id: UUID) throws -> Bool {
        try write { try $0.delete(id: id) }
    }

    /// Notes that `record` did not ring for the fire due at `dueAt`.
    package func recordMissed(_ record: AlarmRecord, dueAt: Date, reason: String, at date: Date) throws {
        try write { try $0.recordMissed(record, dueAt: dueAt, reason: reason, at: date) }
    }

    /// Runs `updates` as one transaction: all of its writes are durable when this returns,
    /// or, if it throws, none of them happened.
    @discardableResult
    package func write<T>(_ updates: (Batch) throws -> T) throws -> T {
        do {
            return try database.access { db in try db.transaction { try updates(Batch(db: db)) } }
        } catch let error as SQLiteError {
            throw AlarmStoreError.writeFailed(path: path, reason: error.description)
        }
    }

    /// Closes the file (checkpointing the WAL into it). Any later call throws.
    package func close() throws {
        do {
            try database.access { db in try db.close() }
        } catch let error as SQLiteError {
            throw AlarmStoreError.writeFailed(path: path, reason: error.description)
        }
    }

    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        do {
            return try database.access(body)
        } catch let error as SQLiteError {
            throw AlarmStoreError.readFailed(path: path, reason: error.description)
        }
    }
}
