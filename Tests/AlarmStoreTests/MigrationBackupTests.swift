import Foundation
import Testing

@testable import AlarmStore

/// An upgrade whose migration changes the database first leaves a copy of the file as it was.
@Suite(.timeLimit(.minutes(2))) struct MigrationBackupTests {
    private func migrator(_ count: Int) -> Migrator {
        var migrator = Migrator()
        migrator.register("v1: notes") { db in
            try db.execute("CREATE TABLE note (text TEXT NOT NULL)")
        }
        if count > 1 {
            migrator.register("v2: note priority") { db in
                try db.execute("ALTER TABLE note ADD COLUMN priority INTEGER NOT NULL DEFAULT 0")
            }
        }
        return migrator
    }

    @Test func aPendingMigrationOnAnExistingDatabaseCopiesItFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let old = try SQLiteConnection(path)
        try old.execute("PRAGMA journal_mode = WAL")
        try migrator(1).migrate(old)
        try old.run("INSERT INTO note (text) VALUES ('keep me')")
        try old.close()

        let upgraded = try SQLiteConnection(path)
        // A change still in the -wal: the copy must hold it too.
        try upgraded.run("INSERT INTO note (text) VALUES ('and me')")
        let backup = try MigrationBackup.takeIfNeeded(upgraded, path: path, migrator: migrator(2))
        #expect(backup == path + ".before-v2")
        try migrator(2).migrate(upgraded)
        // Up to date now: no second copy.
        #expect(try MigrationBackup.takeIfNeeded(upgraded, path: path, migrator: migrator(2)) == nil)
        try upgraded.close()

        let copyPath = try #require(backup)
        // As private as the database itself, whatever the umask.
        let attributes = try FileManager.default.attributesOfItem(atPath: copyPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let copy = try SQLiteConnection(copyPath)
        #expect(try copy.texts("SELECT text FROM note ORDER BY rowid") == ["keep me", "and me"])
        #expect(try copy.columns(in: "note") == ["text"])  // as it was before v2
        #expect(try copy.texts("SELECT identifier FROM grdb_migrations") == ["v1: notes"])
        try copy.close()
        #expect(!FileManager.default.fileExists(atPath: path + ".before-v2.partial"))
    }

    @Test func aNewDatabaseIsNotCopied() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let fresh = try SQLiteConnection(path)
        #expect(try MigrationBackup.takeIfNeeded(fresh, path: path, migrator: migrator(2)) == nil)
        try fresh.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["alarms.sqlite"])
    }

    @Test func migrationNamesBecomeSafeFileNameParts() {
        #expect(MigrationBackup.fileNamePart("v2: snooze counts") == "v2")
        #expect(MigrationBackup.fileNamePart("../x") == "..x")
        #expect(MigrationBackup.fileNamePart(":") == "migration")
    }
}
