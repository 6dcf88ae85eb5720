import Foundation
import GRDB
import Testing

@testable import AlarmStore

/// An upgrade whose migration changes the database first leaves a copy of the file as it was.
@Suite struct MigrationBackupTests {
    private func migrator(_ count: Int) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: notes") { db in
            try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)")
        }
        if count > 1 {
            migrator.registerMigration("v2: note priority") { db in
                try db.execute(sql: "ALTER TABLE note ADD COLUMN priority INTEGER NOT NULL DEFAULT 0")
            }
        }
        return migrator
    }

    @Test func aPendingMigrationOnAnExistingDatabaseCopiesItFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let old = try DatabaseQueue(path: path)
        try migrator(1).migrate(old)
        try old.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('keep me')") }
        try old.close()

        let upgraded = try DatabaseQueue(path: path)
        let backup = try MigrationBackup.takeIfNeeded(upgraded, path: path, migrator: migrator(2))
        #expect(backup == path + ".before-v2")
        try migrator(2).migrate(upgraded)
        // Up to date now: no second copy.
        #expect(try MigrationBackup.takeIfNeeded(upgraded, path: path, migrator: migrator(2)) == nil)
        try upgraded.close()

        let copy = try DatabaseQueue(path: try #require(backup))
        let (texts, columns) = try copy.read { db in
            (try String.fetchAll(db, sql: "SELECT text FROM note"), try db.columns(in: "note").map(\.name))
        }
        #expect(texts == ["keep me"])
        #expect(columns == ["text"])  // as it was before v2
        try copy.close()
        #expect(!FileManager.default.fileExists(atPath: path + ".before-v2.partial"))
    }

    @Test func aNewDatabaseIsNotCopied() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let fresh = try DatabaseQueue(path: path)
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
