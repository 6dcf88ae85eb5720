import Foundation
import GRDB

/// Opening a database file and deciding whether it is usable: the checks that separate "this
/// file is damaged, move it aside" from "something else is wrong, leave the file alone".
enum StoreOpening {
    /// Opens, checks and migrates the database at `path`. Throws `.corrupt` only for a file
    /// that is unusable in itself; every other failure (permissions, disk full, I/O, locks)
    /// is `.cannotOpen`, because moving a good file aside over a full disk would lose alarms.
    static func open(path: String) throws -> DatabaseQueue {
        try createDirectories(for: path)
        try checkHeader(path: path)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw classify(error, path: path)
        }
        // SQLite answers SQLITE_BUSY without waiting when a lock must be upgraded while
        // another connection switches the same new file to WAL or creates its tables. Every
        // step of `check` is idempotent, so it is tried again for a moment.
        var attempts = 0
        while true {
            do {
                try check(queue, path: path)
                return queue
            } catch is BusyWhileOpening where attempts < 100 {
                attempts += 1
                usleep(10_000)
            } catch let busy as BusyWhileOpening {
                try? queue.close()
                throw classify(busy.error, path: path)
            } catch {
                try? queue.close()
                throw error
            }
        }
    }

    /// A step of opening met another connection's lock.
    private struct BusyWhileOpening: Error { let error: DatabaseError }

    /// `classify`, except that a lock held by another connection is `BusyWhileOpening`.
    private static func openingError(_ error: DatabaseError, path: String) -> any Error {
        if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED { return BusyWhileOpening(error: error) }
        return classify(error, path: path)
    }

    /// Refuses a file that does not start with SQLite's magic string before SQLite opens it:
    /// on closing, SQLite would delete a -wal and -shm it cannot make sense of, and they
    /// belong with the file when it is moved aside. A missing or empty file is a new database.
    static func checkHeader(path: String) throws {
        let fd = Foundation.open(path, O_RDONLY)
        guard fd >= 0 else { return }  // missing, or unreadable: SQLite says why
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &header, header.count)
        guard count > 0 else { return }  // empty, or a folder: SQLite decides
        if header[..<count] != Array("SQLite format 3\0".utf8)[...] {
            throw AlarmStoreError.corrupt(
                path: path, reason: .notADatabase("the file does not start with SQLite's header"))
        }
    }

    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "AlarmStore"
        // Per connection, so set on every open. FULL syncs the WAL at every commit: a
        // request is acknowledged only once its change survives a power loss.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        // Only the daemon writes, but a reader (sqlite3, a future `alarmctl` listing) can
        // briefly hold a lock; wait for it rather than failing a request.
        configuration.busyMode = .timeout(5)
        return configuration
    }

    private static func check(_ queue: DatabaseQueue, path: String) throws {
        do {
            // Checked before anything writes (the journal-mode switch, migrations), so a
            // damaged file is moved aside as it was found.
            let problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            if problems != ["ok"] {
                throw AlarmStoreError.corrupt(path: path, reason: .failedQuickCheck(Array(problems.prefix(5))))
            }
            // WAL: a commit appends to the log and syncs it once, instead of rewriting pages
            // in place behind a rollback journal. The mode is stored in the file.
            let mode = try queue.writeWithoutTransaction { db in
                try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            guard mode == "wal" else {
                throw AlarmStoreError.cannotOpen(path: path, reason: "SQLite refused WAL mode (it stayed \(mode ?? "unknown"))")
            }
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
        do {
            _ = try MigrationBackup.takeIfNeeded(queue, path: path, migrator: StoreSchema.migrator)
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
        do {
            try migrate(queue)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            // A plain SQL error while creating our tables: the file holds tables of the same
            // names but another shape.
            throw AlarmStoreError.corrupt(path: path, reason: .incompatibleSchema(reason(error)))
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
        let missing: String?
        do {
            missing = try queue.read { db in try StoreSchema.missingParts(db) }
        } catch let error as DatabaseError {
            throw openingError(error, path: path)
        }
        if let missing {
            throw AlarmStoreError.corrupt(path: path, reason: .incompatibleSchema(missing))
        }
    }

    /// Brings the schema up to date. GRDB reads which migrations are applied before it takes
    /// the write lock, so two openers of a new file can both decide to run a migration: each
    /// runs in an IMMEDIATE transaction, the second waits for the first, then fails on "table
    /// already exists". That is a concurrent creator, not a foreign file: while the applied
    /// migrations grow, it starts again from them. A file whose error persists with nothing
    /// new applied is not ours.
    private static func migrate(_ queue: DatabaseQueue) throws {
        var applied = -1
        while true {
            do {
                return try StoreSchema.migrator.migrate(queue)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                let now = (try? queue.read { db in try StoreSchema.migrator.appliedIdentifiers(db).count }) ?? -1
                guard now > applied else { throw error }
                applied = now
            }
        }
    }

    static func classify(_ error: DatabaseError, path: String) -> AlarmStoreError {
        switch error.resultCode {
        case .SQLITE_NOTADB: .corrupt(path: path, reason: .notADatabase(reason(error)))
        case .SQLITE_CORRUPT: .corrupt(path: path, reason: .malformed(reason(error)))
        default: .cannotOpen(path: path, reason: reason(error))
        }
    }

    /// SQLite's message and code, without GRDB's echo of the SQL and its arguments (which
    /// would put whole records into a log line).
    static func reason(_ error: DatabaseError) -> String {
        "\(error.message ?? "unknown error") (SQLite error \(error.extendedResultCode.rawValue))"
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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw AlarmStoreError.cannotCreateDirectory(path: directory.path, reason: "it exists and is not a folder")
        }
    }
}
