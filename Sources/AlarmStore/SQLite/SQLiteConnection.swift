import CSQLite

/// One SQLite connection: prepared statements cached per SQL text, every result code checked,
/// every statement reset after use and finalized before the connection closes.
///
/// Not thread-safe: `SerialDatabase` is what other threads see.
final class SQLiteConnection {
    /// Nil once closed; every call then throws `SQLiteError.closed`.
    private var db: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]
    /// Cached statements being stepped right now: a nested use of the same SQL (a query run
    /// from inside another's row closure) gets a statement of its own instead.
    private var inUse: Set<String> = []

    /// Opens `filename` (a path, or a `file:` URI with `SQLITE_OPEN_URI`).
    init(_ filename: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) throws {
        var handle: OpaquePointer?
        // NOMUTEX: SerialDatabase already serializes every use of the connection.
        let code = sqlite3_open_v2(filename, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            // SQLite allocates a handle even when opening fails; it carries the message and
            // must be closed all the same.
            let error = SQLiteError(code: code, db: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        db = handle
    }

    deinit {
        cache.removeAll()  // finalizes them: sqlite3_close would refuse with any left
        if let db { sqlite3_close_v2(db) }
    }

    /// Finalizes every statement and closes the file (SQLite checkpoints the WAL into the
    /// database and removes it when this is its last connection).
    func close() throws {
        guard let db else { return }
        cache.removeAll()
        let code = sqlite3_close(db)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
        self.db = nil
    }

    func handle() throws -> OpaquePointer {
        guard let db else { throw SQLiteError.closed }
        return db
    }

    /// How long a statement waits for another connection's lock before failing with
    /// SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) throws {
        let db = try handle()
        let code = sqlite3_busy_timeout(db, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { db.map { Int(sqlite3_changes($0)) } ?? 0 }

    var isInTransaction: Bool { db.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Runs every statement of `script` in turn, without caching: schema changes, one-offs.
    func execute(_ script: String) throws {
        let db = try handle()
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let sql = next, sql.pointee != 0 {
                guard let statement = try SQLiteStatement(db: db, sql: sql, tail: &next, persistent: false) else { break }
                while try statement.step() {}
            }
        }
    }

    /// Runs one statement to its end with `values` bound.
    func run(_ sql: String, _ values: [SQLValue] = []) throws {
        try withStatement(sql, values) { statement in while try statement.step() {} }
    }

    /// Runs one statement and hands each row to `row`.
    func query(_ sql: String, _ values: [SQLValue] = [], row: (SQLiteRow) throws -> Void) throws {
        try withStatement(sql, values) { statement in
            while try statement.step() { try row(SQLiteRow(statement: statement.handle)) }
        }
    }

    /// The first column of every row, as text.
    func texts(_ sql: String, _ values: [SQLValue] = []) throws -> [String] {
        var texts: [String] = []
        try query(sql, values) { texts.append($0.text(0)) }
        return texts
    }

    /// The first column of the first row, as an integer; nil when there is no row.
    func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try withStatement(sql, values) { statement in try statement.step() ? sqlite3_column_int64(statement.handle, 0) : nil }
    }

    /// Runs `body` in a BEGIN IMMEDIATE transaction: the write lock is taken at once (waiting
    /// for it as the busy timeout allows), so no read in `body` can be overtaken by another
    /// writer. Committed when `body` returns, rolled back when it, or the commit, throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // A failed COMMIT can leave the transaction open; some errors (a full disk, I/O)
            // have already rolled it back, and then ROLLBACK itself would fail.
            if isInTransaction { try? run("ROLLBACK") }
            throw error
        }
    }

    /// Whether the schema has a table of that name.
    func tableExists(_ name: String) throws -> Bool {
        try integer("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) != nil
    }

    /// The names of the table's columns, in order.
    func columns(in table: String) throws -> [String] {
        try texts("SELECT name FROM pragma_table_info(?)", [.text(table)])
    }

    /// Lends the statement prepared for `sql` (from the cache when it is free), bound to
    /// `values`, and resets it afterwards whatever happens.
    private func withStatement<T>(_ sql: String, _ values: [SQLValue], _ body: (SQLiteStatement) throws -> T) throws -> T {
        let db = try handle()
        let statement: SQLiteStatement
        let cached = !inUse.contains(sql)
        if cached, let existing = cache[sql] {
            statement = existing
        } else {
            statement = try sql.withCString { text in
                guard let prepared = try SQLiteStatement(db: db, sql: text, tail: nil, persistent: cached) else {
                    throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in the SQL text")
                }
                return prepared
            }
            if cached { cache[sql] = statement }
        }
        if cached { inUse.insert(sql) }
        defer {
            statement.reset()
            if cached { inUse.remove(sql) }
        }
        try statement.bind(values)
        return try body(statement)
    }
}
