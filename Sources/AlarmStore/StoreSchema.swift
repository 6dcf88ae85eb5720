/// The tables and their history. A migration, once shipped, never changes: new needs get a
/// new migration, so every older file can be brought forward.
///
/// The SQL is, to the character, what GRDB generated for these tables when the store was
/// built on it, so that files made before and after the change are alike.
enum StoreSchema {
    static let alarmTable = "alarm"
    static let missedTable = "missedAlarm"
    static let appTable = "app"
    static let alarmIntentTable = "alarmIntent"
    static let pendingIntentTable = "pendingIntent"
    static let syncCollectionTable = "syncCollection"
    static let syncItemTable = "syncItem"

    static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register("v1: alarms and missed alarms") { db in
            // One row per alarm. The record is JSON so that new fields of AlarmRecord need no
            // migration; `appID` is a column because the per-app cap counts by it. `id` is a
            // UUID, uppercase, as uuidString writes it.
            try db.execute(#"""
                CREATE TABLE "alarm" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL) WITHOUT ROWID;
                CREATE INDEX "alarm_on_appID" ON "alarm"("appID");
                """#)
            // What did not ring, for `alarmctl` to list. Kept after the alarm itself is gone,
            // so it copies the title rather than referencing the alarm row. Dates are seconds
            // since 1970, exact.
            try db.execute(#"""
                CREATE TABLE "missedAlarm" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "alarmID" TEXT NOT NULL, "appID" TEXT NOT NULL, "title" TEXT NOT NULL, "dueAt" DOUBLE NOT NULL, "reason" TEXT NOT NULL, "recordedAt" DOUBLE NOT NULL);
                CREATE INDEX "missedAlarm_on_recordedAt" ON "missedAlarm"("recordedAt");
                """#)
        }
        migrator.register("v2: apps, alarm intents and pending intents") { db in
            try AppsSchema.migrate(db)
        }
        migrator.register(RecordEpochMigration.identifier, RecordEpochMigration.migrate)
        migrator.register("v4: calendar UIDs") { db in
            // The iCalendar UID of an imported or synced event (`AlarmRecord.calendarUID`, also
            // in the record's JSON, like its zone): a column because re-import and sync find an
            // alarm by it. Every older row is an alarm made here, which has none: NULL is right.
            try db.execute(#"""
                ALTER TABLE "alarm" ADD COLUMN "calendarUID" TEXT;
                CREATE INDEX "alarm_on_calendarUID" ON "alarm"("calendarUID");
                """#)
        }
        migrator.register("v5: sync state") { db in
            // What CalDAV sync agreed with the server, the versions and acknowledgements it
            // carries, and other programs' events as the server has them (SyncTables.swift),
            // committed with the alarm changes they belong to. Before, it lived in memory and
            // in sync-state.json, which alarmd moves in here once and then removes.
            try SyncSchema.migrate(db)
        }
        migrator.register(calendarSchedules) { _ in
            // Nothing to change in the tables: from now on a record's JSON may hold an event's
            // schedule (`"schedule":{"calendar":…}`), which an older alarmd cannot read. It sets
            // such a row aside (kept, counted, reported as from a newer version) rather than
            // ringing a rule it cannot see. Recorded so the file says it is this new, and so
            // that the copy made before the first migration a file needs (`alarms.sqlite.before-v5`
            // for a 0.1 file) is one an older alarmd reads whole: the way back after a downgrade.
        }
        return migrator
    }

    static let calendarSchedules = "v6: calendar schedules"

    /// The columns this version reads and writes. A file whose migration table says it is
    /// up to date but lacks one of them was not written by any version of alarmd.
    static let requiredColumns: [String: Set<String>] = [
        alarmTable: ["id", "appID", "record", "calendarUID"],
        missedTable: ["alarmID", "appID", "title", "dueAt", "reason", "recordedAt"],
        appTable: ["id", "registration", "authorization", "decidedAt"],
        alarmIntentTable: ["alarmID", "appID", "stopIntent", "secondaryIntent"],
        pendingIntentTable: ["id", "appID", "record", "expiresAt"],
        syncCollectionTable: ["id", "url", "token"],
        syncItemTable: ["uid", "href", "etag", "fingerprint", "sequence", "lastModified", "acknowledged", "snoozedUntil", "serverText"],
    ]

    /// Nil when every required table and column exists, else what is missing.
    static func missingParts(_ db: SQLiteConnection) throws -> String? {
        for (table, columns) in requiredColumns.sorted(by: { $0.key < $1.key }) {
            guard try db.tableExists(table) else { return "no table \(table)" }
            let missing = columns.subtracting(try db.columns(in: table))
            if !missing.isEmpty {
                return "table \(table) lacks \(missing.sorted().joined(separator: ", "))"
            }
        }
        return nil
    }
}
