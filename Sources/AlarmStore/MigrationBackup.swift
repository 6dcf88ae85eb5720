import Foundation
import GRDB

/// Before a new version's migration changes an existing database, a copy of the file as it
/// was, beside it (`alarms.sqlite.before-v2`): a package upgrade that goes wrong can be undone
/// by stopping alarmd and moving the copy back. Only the store knows a migration is pending,
/// so the copy is taken here rather than by the package's maintainer scripts, which run as
/// root and have no business in users' homes.
enum MigrationBackup {
    /// Copies the database when it already holds applied migrations and `migrator` has more
    /// to apply; returns the copy's path, or nil when there is nothing to keep (a new file,
    /// or one that is up to date). A copy left by an earlier, interrupted attempt is kept.
    static func takeIfNeeded(_ queue: DatabaseQueue, path: String, migrator: DatabaseMigrator) throws -> String? {
        let pending: String? = try queue.read { db in
            let applied = try migrator.appliedIdentifiers(db)
            guard !applied.isEmpty else { return nil }
            return migrator.migrations.first { !applied.contains($0) }
        }
        guard let pending else { return nil }
        let backup = "\(path).before-\(fileNamePart(pending))"
        if FileManager.default.fileExists(atPath: backup) { return backup }
        let partial = backup + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        let copy = try DatabaseQueue(path: partial)
        try queue.backup(to: copy)
        try copy.close()
        // Renamed only once complete, so a crash never leaves a half copy under the real name.
        try FileManager.default.moveItem(atPath: partial, toPath: backup)
        return backup
    }

    /// "v2: snooze counts" -> "v2".
    static func fileNamePart(_ identifier: String) -> String {
        let head = identifier.split(separator: ":").first.map(String.init) ?? identifier
        let safe = head.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
        return safe.isEmpty ? "migration" : String(safe.prefix(40))
    }
}
