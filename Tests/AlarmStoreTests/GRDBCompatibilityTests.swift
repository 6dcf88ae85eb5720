import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// Files made by the versions built on GRDB open unchanged: same tables, and the applied
/// migrations read from, and recorded in, GRDB's own table.
@Suite(.timeLimit(.minutes(2))) struct GRDBCompatibilityTests {
    /// The schema exactly as GRDB 7.10 wrote it (sqlite_master of a file made by the GRDB
    /// version of this store), up to and including migration `through`.
    private func makeGRDBFile(at path: String, through migrations: Int, records: [AlarmRecord]) throws {
        let db = try SQLiteConnection(path)
        try db.execute("PRAGMA journal_mode = WAL")
        try db.execute(#"""
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            CREATE TABLE "alarm" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL) WITHOUT ROWID;
            CREATE INDEX "alarm_on_appID" ON "alarm"("appID");
            CREATE TABLE "missedAlarm" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "alarmID" TEXT NOT NULL, "appID" TEXT NOT NULL, "title" TEXT NOT NULL, "dueAt" DOUBLE NOT NULL, "reason" TEXT NOT NULL, "recordedAt" DOUBLE NOT NULL);
            CREATE INDEX "missedAlarm_on_recordedAt" ON "missedAlarm"("recordedAt");
            INSERT INTO grdb_migrations VALUES ('v1: alarms and missed alarms');
            """#)
        if migrations > 1 {
            try db.execute(#"""
                CREATE TABLE "app" ("id" TEXT PRIMARY KEY, "registration" TEXT, "authorization" TEXT NOT NULL, "decidedAt" DOUBLE) WITHOUT ROWID;
                CREATE TABLE "alarmIntent" ("alarmID" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "stopIntent" TEXT, "secondaryIntent" TEXT) WITHOUT ROWID;
                CREATE TABLE "pendingIntent" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL, "expiresAt" DOUBLE NOT NULL) WITHOUT ROWID;
                INSERT INTO app VALUES ('org.example.clock', NULL, 'denied', 1780000000.5);
                INSERT INTO grdb_migrations VALUES ('v2: apps, alarm intents and pending intents');
                """#)
        }
        for record in records {
            try db.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)",
                       [.text(record.id.uuidString), .text(record.appID), .text(v2RowJSON(record))])
        }
        try db.close()
    }

    private func schema(_ path: String) throws -> [String] {
        let db = try SQLiteConnection(path)
        defer { try? db.close() }
        return try db.texts("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
    }

    /// The last GRDB schema (v2) gains no table: its rows' dates are rewritten (v3) and the
    /// alarm table gains the calendar UID column and its index (v4) and the sync tables come
    /// (v5), after the usual copy.
    @Test func aV2GRDBFileKeepsItsSchemaAndOnlyItsRowsChange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let records = [sampleRecord(title: "One"), sampleRecord(title: "Two")]
        try makeGRDBFile(at: path, through: 2, records: records)
        let before = try schema(path)

        let store = try AlarmStore(at: URL(fileURLWithPath: path))
        #expect(Set(try store.all()) == Set(records))
        // Nothing re-ran: the app row a re-run v2 would have collided with is as it was.
        #expect(try store.apps().map(\.authorization) == [.denied])
        try store.close()
        let v4 = [
            #"CREATE INDEX "alarm_on_calendarUID" ON "alarm"("calendarUID")"#,
            #"CREATE TABLE "alarm" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL, "calendarUID" TEXT) WITHOUT ROWID"#,
        ]
        let v5 = [
            #"CREATE TABLE "syncCollection" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "url" TEXT NOT NULL, "token" TEXT)"#,
            #"CREATE TABLE "syncItem" ("uid" TEXT NOT NULL PRIMARY KEY, "href" TEXT, "etag" TEXT, "fingerprint" TEXT, "sequence" INTEGER NOT NULL DEFAULT 0, "lastModified" DOUBLE, "acknowledged" DOUBLE, "snoozedUntil" DOUBLE, "serverText" TEXT)"#,
        ]
        let oldAlarmTable = #"CREATE TABLE "alarm" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL) WITHOUT ROWID"#
        #expect(try schema(path).sorted() == (before.filter { $0 != oldAlarmTable } + v4 + v5).sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["alarms.sqlite", "alarms.sqlite.before-v3"])
    }

    @Test func aV1GRDBFileIsCopiedThenMigratedAndRecordedInGRDBsTable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("alarms.sqlite").path
        let record = sampleRecord(appID: "org.example.before")
        try makeGRDBFile(at: path, through: 1, records: [record])

        let store = try AlarmStore(at: URL(fileURLWithPath: path))
        #expect(try store.all() == [record])
        #expect(try store.apps().map(\.appID) == ["org.example.before"])
        let applied = try store.database.access { db in try db.texts("SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        #expect(applied == StoreSchema.migrator.identifiers)
        try store.close()
        #expect(FileManager.default.fileExists(atPath: path + ".before-v2"))

        // The tables v2 made are those GRDB made: a fresh store and a GRDB file brought to
        // this version agree.
        let grdbPath = folder.url.appendingPathComponent("grdb.sqlite").path
        try makeGRDBFile(at: grdbPath, through: 2, records: [])
        try AlarmStore(at: URL(fileURLWithPath: grdbPath)).close()
        let fresh = folder.url.appendingPathComponent("fresh/alarms.sqlite")
        try AlarmStore(at: fresh).close()
        #expect(try schema(fresh.path) == schema(grdbPath))
    }
}
