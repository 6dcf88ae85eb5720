import GRDB

/// The tables of apps (consent and how to start them) and of their intents, added in v2.
enum AppsSchema {
    static func migrate(_ db: Database) throws {
        // One row per app that asked, or was decided for. `registration` is AppRegistration
        // JSON (name, usage text, launch command); `authorization` an AuthorizationState.
        try db.create(table: StoreSchema.appTable, options: [.withoutRowID]) { t in
            t.column("id", .text).primaryKey()
            t.column("registration", .text)
            t.column("authorization", .text).notNull()
            t.column("decidedAt", .double)  // seconds since 1970; NULL while undecided
        }
        // Apps that scheduled alarms before consent existed keep working.
        try db.execute(sql: """
            INSERT INTO app (id, registration, authorization, decidedAt)
            SELECT DISTINCT appID, NULL, 'authorized', NULL FROM alarm
            """)

        // The intents an alarm's buttons run (EncodedIntent JSON), as long as the alarm lives.
        try db.create(table: StoreSchema.alarmIntentTable, options: [.withoutRowID]) { t in
            t.column("alarmID", .text).primaryKey()
            t.column("appID", .text).notNull()
            t.column("stopIntent", .text)
            t.column("secondaryIntent", .text)
        }

        // Pressed buttons whose intent the app has not claimed yet (PendingIntent JSON).
        try db.create(table: StoreSchema.pendingIntentTable, options: [.withoutRowID]) { t in
            t.column("id", .text).primaryKey()
            t.column("appID", .text).notNull()
            t.column("record", .text).notNull()
            t.column("expiresAt", .double).notNull()
        }
    }
}
