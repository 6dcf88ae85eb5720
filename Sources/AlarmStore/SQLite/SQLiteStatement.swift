import CSQLite

/// One prepared statement. Finalized when released; `SQLiteConnection` resets it after every
/// use, so a cached statement never holds a read transaction open or keeps old bindings.
final class SQLiteStatement {
    let handle: OpaquePointer
    /// The connection's handle, for error messages. The connection outlives its statements:
    /// it finalizes every cached one before it closes.
    private let db: OpaquePointer

    /// Prepares the first statement of `sql`; `tail` receives the rest (for scripts).
    /// Nil for a text with no statement in it (only blanks or comments).
    init?(db: OpaquePointer, sql: UnsafePointer<CChar>, tail: UnsafeMutablePointer<UnsafePointer<CChar>?>?, persistent: Bool) throws {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(db, sql, -1, flags, &statement, tail)
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)  // NULL on failure, by contract; harmless either way
            throw SQLiteError(code: code, db: db)
        }
        guard let statement else { return nil }
        self.handle = statement
        self.db = db
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1...n; a count that does not match is a programming error
    /// that SQLite would silently turn into NULLs, so it throws instead.
    func bind(_ values: [SQLValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, message: "\(values.count) values for \(expected) parameters")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
            case .real(let real): code = sqlite3_bind_double(handle, index, real)
            case .text(let text):
                // withCString, not withUTF8: an empty string must bind as '' and never as the
                // NULL that a nil base address would make it. The length is given, so a NUL
                // inside the text does not cut it short.
                let count = UInt64(text.utf8.count)
                code = text.withCString {
                    sqlite3_bind_text64(handle, index, $0, count, oak_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, db: db) }
        }
    }

    /// Runs one step: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, db: db)
        }
    }

    /// Back to the start, bindings cleared. The step's error, if any, was already thrown.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

/// The current row of a statement being stepped. Valid only inside the closure it is given to.
struct SQLiteRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    func double(orNil column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    /// The column as text; "" for NULL.
    func text(_ column: Int32) -> String { withBytes(column) { String(decoding: $0, as: UTF8.self) } }

    func text(orNil column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The column's UTF-8 bytes in SQLite's own buffer, valid only during `body`: no copy.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        // Text first, then its length: that order is what keeps the two consistent.
        let text = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return try body(UnsafeRawBufferPointer(start: text.map(UnsafeRawPointer.init), count: text == nil ? 0 : count))
    }
}
