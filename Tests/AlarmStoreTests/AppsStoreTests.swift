import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// The v2 tables: apps' consent and launch commands, alarm intents, pending intents.
@Suite(.timeLimit(.minutes(2))) struct AppsStoreTests {
    @Test func upgradingAv1FileAllowsTheAppsThatAlreadyHaveAlarms() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let v1 = try SQLiteConnection(folder.database.path)
            try StoreSchema.migrator.migrate(v1, upTo: "v1: alarms and missed alarms")
            let record = sampleRecord(appID: "org.example.before")
            try v1.run(
                "INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)",
                [.text(record.id.uuidString), .text(record.appID), .text(v2RowJSON(record))])
            try v1.close()
        }
        let store = try AlarmStore(at: folder.database)
        #expect(try store.apps() == [StoredApp(appID: "org.example.before", registration: nil, authorization: .authorized, decidedAt: nil)])
        #expect(try store.all().count == 1)
    }

    @Test func appsIntentsAndPendingIntentsRoundTripAndDelete() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let launch = AppLaunch(executable: "/usr/bin/kitchen", arguments: ["--intent"])
        let app = StoredApp(
            appID: "org.example.kitchen", registration: AppRegistration(displayName: "Kitchen", usageDescription: "Timers.", launch: launch),
            authorization: .denied, decidedAt: Date(timeIntervalSince1970: 1_780_000_000.5))
        let intent = EncodedIntent(typeName: "Kitchen.StopIntent", mangledTypeName: "7Kitchen10StopIntentV", parameters: ["alarmID": "\"A\""])
        let alarm = UUID()
        let intents = AlarmIntents(alarmID: alarm, appID: app.appID, stop: intent, secondary: nil)
        let pending = PendingIntent(
            id: UUID(), app: app.appID, alarm: alarm, button: "stop", intent: intent,
            pressedAt: Date(timeIntervalSince1970: 1_780_000_001.25), expiresAt: Date(timeIntervalSince1970: 1_780_000_121.25))
        var changes = AppsChanges()
        changes.saveApps = [app]
        changes.saveIntents = [intents]
        changes.savePending = [pending]
        try store.writeApps(changes)
        try store.close()

        let reopened = try AlarmStore(at: folder.database)
        #expect(try reopened.apps() == [app])
        #expect(try reopened.alarmIntents() == [intents])
        #expect(try reopened.pendingIntents() == [pending])

        var removal = AppsChanges()
        removal.deleteApps = [app.appID]
        removal.deleteIntents = [alarm]
        removal.deletePending = [pending.id]
        try reopened.writeApps(removal)
        #expect(try reopened.apps().isEmpty && reopened.alarmIntents().isEmpty && reopened.pendingIntents().isEmpty)
    }
}
