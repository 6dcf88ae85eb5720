import FoundationEssentials

/// A database file that `AlarmStore.open(at:)` found unusable and moved aside before
/// creating a fresh one. The caller shows `description` so that the person knows where
/// their old alarms went.
package struct CorruptDatabase: Hashable, Sendable, CustomStringConvertible {
    /// Where the database was (and where the fresh one now is).
    package var originalPath: String
    /// Where the database file went: `<originalPath>.corrupt-<UTC timestamp>`.
    package var movedTo: String
    /// Every file moved, the database first, then those of its `-wal`, `-shm` and
    /// `-journal` files that existed, each renamed with the same suffix so SQLite still
    /// pairs them.
    package var movedFiles: [String]
    package var reason: Reason
    /// When it was moved.
    package var date: Date

    package init(originalPath: String, movedTo: String, movedFiles: [String], reason: Reason, date: Date) {
        self.originalPath = originalPath
        self.movedTo = movedTo
        self.movedFiles = movedFiles
        self.reason = reason
        self.date = date
    }

    package enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// SQLite does not recognise the file as a database (SQLITE_NOTADB).
        case notADatabase(String)
        /// SQLite reports the file as damaged while reading it (SQLITE_CORRUPT).
        case malformed(String)
        /// `PRAGMA quick_check` listed problems (the first few are kept).
        case failedQuickCheck([String])
        /// The tables are not the ones this version expects and migrating them failed, or
        /// after migrating they still lack what this version needs.
        case incompatibleSchema(String)

        package var description: String {
            switch self {
            case .notADatabase(let message): "not an SQLite database (\(message))"
            case .malformed(let message): "the file is damaged (\(message))"
            case .failedQuickCheck(let problems): "integrity check failed (\(problems.joined(separator: "; ")))"
            case .incompatibleSchema(let message): "its tables are not an alarm database this version understands (\(message))"
            }
        }
    }

    package var description: String {
        "the alarm database \(originalPath) was unusable: \(reason). "
            + "It was moved to \(movedTo) and a new, empty one was created; "
            + "the alarms it held are not scheduled. Inspect it with `sqlite3 \(movedTo)`."
    }
}
