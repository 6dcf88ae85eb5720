import CSQLite

/// A failed SQLite call: its extended result code and SQLite's message. Never the SQL or its
/// arguments, which would put whole records into a log line.
struct SQLiteError: Error, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, say); `primary` is its low byte.
    let code: Int32
    let message: String

    var primary: Int32 { code & 0xFF }

    var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }

    var description: String { "\(message) (SQLite error \(code))" }

    /// The error `code` left on `db`, with the message SQLite recorded for it.
    init(code: Int32, db: OpaquePointer?) {
        // sqlite3_errmsg describes the most recent failure on the connection, which is the
        // one being reported: every call is checked at once, under the connection's lock.
        // The connection also knows the extended code when the call returned the primary one
        // (sqlite3_open_v2 does, before extended codes are switched on).
        if let db, sqlite3_errcode(db) & 0xFF == code & 0xFF {
            self.code = sqlite3_extended_errcode(db)
            message = String(cString: sqlite3_errmsg(db))
        } else {
            self.code = code
            message = String(cString: sqlite3_errstr(code))
        }
    }

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// What a call on a closed connection throws.
    static let closed = SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed")
}
