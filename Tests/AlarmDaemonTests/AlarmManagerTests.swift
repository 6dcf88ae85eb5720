import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

struct Recipe: AlarmMetadata {
    var dish: String
    var servings: Int
}

/// The AlarmKit-shaped client API against a real daemon.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct AlarmManagerTests {
    @Test func scheduleListUpdatesMetadataAndOperations() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nmax_per_app = 2\n")
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.kitchen", environment: daemon.environment)
        #expect(manager.authorizationState == .notDetermined)
        #expect(try daemon.alarmctl("apps", "allow", "org.example.kitchen").status == 0)
        #expect(manager.authorizationState == .authorized)
        var updates = manager.alarmUpdates.makeAsyncIterator()
        #expect(await updates.next() == [])

        let attributes = AlarmAttributes(
            presentation: AlarmPresentation(alert: .init(title: "Pasta"), countdown: .init(title: "Cooking")),
            metadata: Recipe(dish: "carbonara", servings: 2), tintColor: .orange)
        let id = UUID()
        let alarm = try await manager.schedule(id: id, configuration: .timer(duration: 600, attributes: attributes, sound: .named("Chime")))
        #expect(alarm.id == id && alarm.state == .countdown && alarm.countdownDuration?.preAlert == 600)
        #expect(try manager.alarms.map(\.id) == [id])
        #expect(try manager.metadata(for: id, as: Recipe.self) == Recipe(dish: "carbonara", servings: 2))
        #expect(await updates.next()?.first?.state == .countdown)

        try manager.pause(id: id)
        #expect(try manager.alarms.first?.state == .paused)
        #expect(await updates.next()?.first?.state == .paused)
        try manager.resume(id: id)
        #expect(try manager.alarms.first?.state == .countdown)
        #expect(throws: (any Error).self) { try manager.countdown(id: id) }  // snooze only while alerting

        // Another app's alarms are not this app's.
        let other = AlarmManager(appID: "org.example.other", environment: daemon.environment)
        #expect(try other.alarms.isEmpty)

        // The cap answers with AlarmKit's error.
        _ = try await manager.schedule(id: UUID(), configuration: .timer(duration: 60, attributes: attributes))
        await #expect(throws: AlarmManager.AlarmError.maximumLimitReached) {
            _ = try await manager.schedule(id: UUID(), configuration: .timer(duration: 60, attributes: attributes))
        }

        try manager.cancel(id: id)
        #expect(try manager.alarms.count == 1)
        // Updates keep the newest list only; the cancel shows up within a few of them.
        var gone = false
        for _ in 0..<5 {
            guard let next = await updates.next() else { break }
            if !next.contains(where: { $0.id == id }) && next.count == 1 {
                gone = true
                break
            }
        }
        #expect(gone, "a cancelled alarm disappears from the updates")
    }
}
