import CSQLite
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Opening a database file and deciding whether it is usable: the checks that separate "this
/// file is damaged, move it aside" from "something else is wrong, leave the file alone".
enum StoreOpening {
    /// Only the daemon writes, but a reader (sqlite3, a future `alarmctl` listing) can briefly
    /// hold a lock; wait for it rather than failing a request.
    static let defaultBusyTimeout: Int32 = 5000

    /// Opens, checks and migrates the database at `path`. Throws `.corrupt` only for a file
    /// that is unusable in itself; every other failure (permissions, disk full, I/O, locks)
    /// is `.cannotOpen`, because moving a good file aside over a full disk would lose alarms.
    /// - Parameter exclusive: `AlarmStore.init(at:exclusive:)`.
    static func open(path: String, exclusive: Bool = false) throws -> SQLiteConnection {
        try createDirectories(for: path)
        try checkHeader(path: path)
        let db: SQLiteConnection
        do {
            db = try SQLiteConnection(path)
            try db.setBusyTimeout(milliseconds: defaultBusyTimeout)
            // Before the first access: in WAL mode SQLite then keeps the log's index in heap
            // memory instead of a shared `-shm` file mapped into the process, where any fault
            // of that file (made immutable, truncated, on a full or failing disk) is a SIGBUS
            // that kills the daemon instead of an error it can report.
            if exclusive { try db.execute("PRAGMA locking_mode = EXCLUSIVE") }
            // Per connection, so set on every open. FULL syncs the WAL at every commit: a
            // request is acknowledged only once its change survives a power loss.
            try db.execute("PRAGMA synchronous = FULL")
        } catch let error as SQLiteError {
            throw classify(error, path: path)
        }
        // SQLite answers SQLITE_BUSY without waiting when a lock must be upgraded while
        // another connection switches the same new file to WAL or creates its tables. Every
        // step of `check` is idempotent, so it is tried again for a moment.
        var attempts = 0
        while true {
            do {
                try check(db, path: path)
                return db
            } catch is BusyWhileOpening where attempts < 100 {
                attempts += 1
                usleep(10_000)
            } catch let busy as BusyWhileOpening {
                try? db.close()
                throw classify(busy.error, path: path)
            } catch {
                try? db.close()
                throw error
            }
        }
    }

    /// A step of opening met another connection's lock.
    private struct BusyWhileOpening: Error { let error: SQLiteError }

    /// `classify`, except that a lock held by another connection is `BusyWhileOpening`.
    private static func openingError(_ error: SQLiteError, path: String) -> any Error {
        error.isBusy ? BusyWhileOpening(error: error) : classify(error, path: path)
    }

    /// Refuses a file that does not start with SQLite's magic string before SQLite opens it:
    /// on closing, SQLite would delete a -wal and -shm it cannot make sense of, and they
    /// belong with the file when it is moved aside. A missing or empty file is a new database.
    static func checkHeader(path: String) throws {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }  // missing, or unreadable: SQLite says why
        defer { Glibc.close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &header, header.count)
        guard count > 0 else { return }  // empty, or a folder: SQLite decides
        if header[..<count] != Array("SQLite format 3\0".utf8)[...] {
            throw AlarmStoreError.corrupt(
                path: path, reason: .notADatabase("the file does not start with SQLite's header"))
        }
    }

    private static func check(_ db: SQLiteConnection, path: String) throws {
        do {
            // Checked before anything writes (the journal-mode switch, migrations), so a
            // damaged file is moved aside as it was found.
            let problems = try db.texts("PRAGMA quick_check")
            if problems != ["ok"] {
                throw AlarmStoreError.corrupt(path: path, reason: .failedQuickCheck(Array(problems.prefix(5))))
            }
            // WAL: a commit appends to the log and syncs it once, instead of rewriting pages
            // in place behind a rollback journal. The mode is stored in the file.
            let mode = try db.texts("PRAGMA journal_mode = WAL").first
            guard mode == "wal" else {
                throw AlarmStoreError.cannotOpen(path: path, reason: "SQLite refused WAL mode (it stayed \(mode ?? "unknown"))")
            }
            _ = try MigrationBackup.takeIfNeeded(db, path: path, migrator: StoreSchema.migrator)
        } catch let error as SQLiteError {
            throw openingError(error, path: path)
        }
        do {
            try StoreSchema.migrator.migrate(db)
        } catch let error as SQLiteError where error.primary == SQLITE_ERROR {
            // A plain SQL error while creating our tables: the file holds tables of the same
            // names but another shape. (A concurrent creator cannot cause it: the migrator
            // decides under the write lock.)
            throw AlarmStoreError.corrupt(path: path, reason: .incompatibleSchema(error.description))
        } catch let error as SQLiteError {
            throw openingError(error, path: path)
        }
        let missing: String?
        do {
            missing = try StoreSchema.missingParts(db)
        } catch let error as SQLiteError {
            throw openingError(error, path: path)
        }
        if let missing {
            throw AlarmStoreError.corrupt(path: path, reason: .incompatibleSchema(missing))
        }
    }

    static func classify(_ error: SQLiteError, path: String) -> AlarmStoreError {
        switch error.primary {
        case SQLITE_NOTADB: .corrupt(path: path, reason: .notADatabase(error.description))
        case SQLITE_CORRUPT: .corrupt(path: path, reason: .malformed(error.description))
        default: .cannotOpen(path: path, reason: error.description)
        }
    }

    /// Creates the missing folders above `path` with mode 0700, as the XDG base directory
    /// specification asks; existing folders keep their mode.
    static func createDirectories(for path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        var missing: [String] = []
        var current = directory
        while !FileManager.default.fileExists(atPath: current.path), current.path != "/" {
            missing.append(current.path)
            current = current.deletingLastPathComponent()
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw AlarmStoreError.cannotCreateDirectory(path: folder, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard stat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw AlarmStoreError.cannotCreateDirectory(path: directory.path, reason: "it exists and is not a folder")
        }
    }
}
