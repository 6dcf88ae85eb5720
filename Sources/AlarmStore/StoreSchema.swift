import GRDB

/// The tables and their history. A migration, once shipped, never changes: new needs get a
/// new migration, so every older file can be brought forward.
enum StoreSchema {
    static let alarmTable = "alarm"
    static let missedTable = "missedAlarm"
    static let appTable = "app"
    static let alarmIntentTable = "alarmIntent"
    static let pendingIntentTable = "pendingIntent"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: alarms and missed alarms") { db in
            // One row per alarm. The record is JSON so that new fields of AlarmRecord need no
            // migration; `appID` is a column because the per-app cap counts by it.
            try db.create(table: alarmTable, options: [.withoutRowID]) { t in
                t.column("id", .text).primaryKey()  // UUID, uppercase, as uuidString writes it
                t.column("appID", .text).notNull()
                t.column("record", .text).notNull()  // AlarmRecord, JSON
            }
            try db.create(index: "alarm_on_appID", on: alarmTable, columns: ["appID"])

            // What did not ring, for `alarmctl` to list. Kept after the alarm itself is gone,
            // so it copies the title rather than referencing the alarm row.
            try db.create(table: missedTable) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("alarmID", .text).notNull()
                t.column("appID", .text).notNull()
                t.column("title", .text).notNull()
                t.column("dueAt", .double).notNull()  // seconds since 1970, exact
                t.column("reason", .text).notNull()
                t.column("recordedAt", .double).notNull()
            }
            try db.create(index: "missedAlarm_on_recordedAt", on: missedTable, columns: ["recordedAt"])
        }
        migrator.registerMigration("v2: apps, alarm intents and pending intents") { db in
            try AppsSchema.migrate(db)
        }
        return migrator
    }

    /// The columns this version reads and writes. A file whose migration table says it is
    /// up to date but lacks one of them was not written by any version of alarmd.
    static let requiredColumns: [String: Set<String>] = [
        alarmTable: ["id", "appID", "record"],
        missedTable: ["alarmID", "appID", "title", "dueAt", "reason", "recordedAt"],
        appTable: ["id", "registration", "authorization", "decidedAt"],
        alarmIntentTable: ["alarmID", "appID", "stopIntent", "secondaryIntent"],
        pendingIntentTable: ["id", "appID", "record", "expiresAt"],
    ]

    /// Nil when every required table and column exists, else what is missing.
    static func missingParts(_ db: Database) throws -> String? {
        for (table, columns) in requiredColumns.sorted(by: { $0.key < $1.key }) {
            guard try db.tableExists(table) else { return "no table \(table)" }
            let present = Set(try db.columns(in: table).map { $0.name })
            let missing = columns.subtracting(present)
            if !missing.isEmpty {
                return "table \(table) lacks \(missing.sorted().joined(separator: ", "))"
            }
        }
        return nil
    }
}
