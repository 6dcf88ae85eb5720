/// The tables of apps (consent and how to start them) and of their intents, added in v2.
enum AppsSchema {
    static func migrate(_ db: SQLiteConnection) throws {
        // One row per app that asked, or was decided for. `registration` is AppRegistration
        // JSON (name, usage text, launch command); `authorization` an AuthorizationState;
        // `decidedAt` seconds since 1970, NULL while undecided.
        try db.execute(#"""
            CREATE TABLE "app" ("id" TEXT PRIMARY KEY, "registration" TEXT, "authorization" TEXT NOT NULL, "decidedAt" DOUBLE) WITHOUT ROWID
            """#)
        // Apps that scheduled alarms before consent existed keep working.
        try db.execute("""
            INSERT INTO app (id, registration, authorization, decidedAt)
            SELECT DISTINCT appID, NULL, 'authorized', NULL FROM alarm
            """)

        // The intents an alarm's buttons run (EncodedIntent JSON), as long as the alarm lives.
        try db.execute(#"""
            CREATE TABLE "alarmIntent" ("alarmID" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "stopIntent" TEXT, "secondaryIntent" TEXT) WITHOUT ROWID
            """#)

        // Pressed buttons whose intent the app has not claimed yet (PendingIntent JSON).
        try db.execute(#"""
            CREATE TABLE "pendingIntent" ("id" TEXT PRIMARY KEY, "appID" TEXT NOT NULL, "record" TEXT NOT NULL, "expiresAt" DOUBLE NOT NULL) WITHOUT ROWID
            """#)
    }
}
