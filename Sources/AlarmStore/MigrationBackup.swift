import CSQLite
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Before a new version's migration changes an existing database, a copy of the file as it
/// was, beside it (`alarms.sqlite.before-v2`): a package upgrade that goes wrong can be undone
/// by stopping alarmd and moving the copy back. Only the store knows a migration is pending,
/// so the copy is taken here rather than by the package's maintainer scripts, which run as
/// root and have no business in users' homes.
enum MigrationBackup {
    /// Copies the database when it already holds applied migrations and `migrator` has more
    /// to apply; returns the copy's path, or nil when there is nothing to keep (a new file,
    /// or one that is up to date). A copy left by an earlier, interrupted attempt is kept.
    static func takeIfNeeded(_ db: SQLiteConnection, path: String, migrator: Migrator) throws -> String? {
        guard let pending = try migrator.firstPendingOnExistingData(db) else { return nil }
        let backup = "\(path).before-\(fileNamePart(pending))"
        if FileManager.default.fileExists(atPath: backup) { return backup }
        let partial = backup + ".partial"
        unlink(partial)
        // Created here, 0600, before SQLite opens it: the copy holds the same private data as
        // the database, and SQLite would otherwise create it with the umask's mode.
        let fd = Glibc.open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create \(partial): \(String(cString: strerror(errno)))")
        }
        Glibc.close(fd)
        do {
            try copy(db, to: partial)
        } catch {
            unlink(partial)
            throw error
        }
        // Renamed only once complete, so a crash never leaves a half copy under the real name.
        guard rename(partial, backup) == 0 else {
            throw SQLiteError(code: SQLITE_IOERR, message: "cannot rename \(partial): \(String(cString: strerror(errno)))")
        }
        return backup
    }

    /// Copies every page of `db` into the (empty) file at `destination` with SQLite's online
    /// backup, which reads one consistent snapshot, WAL included.
    static func copy(_ db: SQLiteConnection, to destination: String) throws {
        let copy = try SQLiteConnection(destination)
        let target = try copy.handle()
        guard let backup = sqlite3_backup_init(target, "main", try db.handle(), "main") else {
            let error = SQLiteError(code: sqlite3_extended_errcode(target), db: target)
            try? copy.close()
            throw error
        }
        let stepped = sqlite3_backup_step(backup, -1)
        // finish reports the step's error too, and must run whatever happened.
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            let error = SQLiteError(code: stepped == SQLITE_DONE ? finished : stepped, db: target)
            try? copy.close()
            throw error
        }
        try copy.close()
    }

    /// "v2: snooze counts" -> "v2".
    static func fileNamePart(_ identifier: String) -> String {
        let head = identifier.split(separator: ":").first.map(String.init) ?? identifier
        let safe = head.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
        return safe.isEmpty ? "migration" : String(safe.prefix(40))
    }
}
