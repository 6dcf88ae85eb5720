import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// Schema v4: the alarm table's `calendarUID` column (what re-import and sync find an imported
/// alarm by), filled from the record on every save; a v3 file gains it after the usual copy,
/// its rows NULL (alarms made here have no calendar UID).
@Suite(.timeLimit(.minutes(2))) struct CalendarUIDMigrationTests {
    @Test func aV3FileGainsTheColumnAndKeepsItsAlarms() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = sampleRecord(title: "Made here")
        do {
            let v3 = try SQLiteConnection(folder.database.path)
            try StoreSchema.migrator.migrate(v3, upTo: RecordEpochMigration.identifier)
            try v3.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)", [.text(old.id.uuidString), .text(old.appID), .text(try RecordJSON.encode(old))])
            try v3.close()
        }
        var imported = sampleRecord(title: "Stand-up")
        imported.timeZone = "America/New_York"
        imported.calendarUID = "standup-2026@example.com"
        let store = try AlarmStore(at: folder.database)
        #expect(try store.all() == [old])
        try store.write { batch in try batch.save(imported) }
        #expect(Set(try store.all()) == [old, imported])
        try store.close()
        #expect(FileManager.default.fileExists(atPath: folder.database.path + ".before-v4"))

        let db = try SQLiteConnection(folder.database.path)
        defer { try? db.close() }
        #expect(try db.texts("SELECT id FROM alarm WHERE calendarUID = 'standup-2026@example.com'") == [imported.id.uuidString])
        #expect(try db.integer("SELECT COUNT(*) FROM alarm WHERE calendarUID IS NULL", []) == 1)
    }
}
