import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// Authorization as on iOS: an unknown app's first request shows Allow / Don't Allow; the
/// decision is stored per app and followed live.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ConsentTests {
    func timer(_ title: String) -> AlarmManager.AlarmConfiguration<Recipe> {
        .timer(duration: 600, attributes: AlarmAttributes(presentation: AlarmPresentation(alert: .init(title: .init(title))), tintColor: .orange))
    }

    @Test func allowFromThePromptLetsTheAppSchedule() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        var environment = daemon.environment
        environment["OPENALARMKIT_APP_NAME"] = "Kitchen"
        environment["OPENALARMKIT_USAGE_DESCRIPTION"] = "Timers for your recipes."
        let manager = AlarmManager(appID: "org.example.consent", environment: environment)
        #expect(manager.authorizationState == .notDetermined)
        var updates = manager.authorizationUpdates.makeAsyncIterator()
        #expect(await updates.next() == .notDetermined)

        async let answer = manager.requestAuthorization()
        let server = try #require(daemon.notifications)
        let prompt = try #require(try await server.waitForNotifies(summary: "Kitchen wants to schedule alarms and timers", timeout: .seconds(30)).last)
        #expect(prompt.body.contains("Timers for your recipes."))
        #expect(prompt.actions == ["deny", "Don't Allow", "allow", "Allow"])
        try await server.send("invoke \(prompt.id) allow")
        #expect(try await answer == .authorized)
        #expect(manager.authorizationState == .authorized)
        #expect(await updates.next() == .authorized)
        _ = try await manager.schedule(id: UUID(), configuration: timer("Soup"))

        // Asked again: the stored answer, no new prompt.
        #expect(try await manager.requestAuthorization() == .authorized)
        #expect(server.notifies(summary: "Kitchen wants to schedule alarms and timers").count == 1)
        let listed = try daemon.alarmctl("apps")
        #expect(listed.out.contains("org.example.consent") && listed.out.contains("allowed") && listed.out.contains("Kitchen"), "\(listed.out)")
    }

    @Test func dontAllowMakesScheduleThrowAndResetAsksAgain() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.refused", environment: daemon.environment)
        async let answer = manager.requestAuthorization()
        let server = try #require(daemon.notifications)
        let prompt = try #require(try await server.waitForNotifies(summary: "org.example.refused wants to schedule alarms and timers", timeout: .seconds(30)).last)
        try await server.send("invoke \(prompt.id) deny")
        #expect(try await answer == .denied)
        await #expect(throws: AlarmManager.AuthorizationError(state: .denied, app: "org.example.refused")) {
            _ = try await manager.schedule(id: UUID(), configuration: timer("Nope"))
        }
        #expect(try manager.alarms.isEmpty)

        // A person changes their mind from the command line; the app sees it live.
        var updates = manager.authorizationUpdates.makeAsyncIterator()
        #expect(await updates.next() == .denied)
        #expect(try daemon.alarmctl("apps", "allow", "org.example.refused").out.contains("allowed"))
        #expect(await updates.next() == .authorized)
        _ = try await manager.schedule(id: UUID(), configuration: timer("Yes"))

        // reset: undecided again, and the next request prompts again.
        #expect(try daemon.alarmctl("apps", "reset", "org.example.refused").status == 0)
        #expect(await updates.next() == .notDetermined)
        #expect(manager.authorizationState == .notDetermined)
        async let second = manager.requestAuthorization()
        let again = try await server.waitForNotifies(summary: "org.example.refused wants to schedule alarms and timers", count: 2, timeout: .seconds(30))
        try await server.send("invoke \(again[1].id) allow")
        #expect(try await second == .authorized)
    }

    @Test func aFirstScheduleAsksAsAlarmKitDoes() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.eager", environment: daemon.environment)
        let server = try #require(daemon.notifications)
        async let scheduled = manager.schedule(id: UUID(), configuration: timer("Pasta"))
        let prompt = try #require(try await server.waitForNotifies(summary: "org.example.eager wants to schedule alarms and timers", timeout: .seconds(30)).last)
        try await server.send("invoke \(prompt.id) allow")
        #expect(try await scheduled.state == .countdown)
    }

    @Test func decisionsSurviveARestart() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        #expect(try daemon.alarmctl("apps", "deny", "org.example.kept").status == 0)
        daemon.stop()
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.kept", environment: daemon.environment)
        #expect(manager.authorizationState == .denied)
        #expect(try await manager.requestAuthorization() == .denied)
    }

    @Test func closingThePromptDecidesNothing() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.undecided", environment: daemon.environment)
        let server = try #require(daemon.notifications)
        async let answer = manager.requestAuthorization()
        let prompt = try #require(try await server.waitForNotifies(summary: "org.example.undecided wants to schedule alarms and timers", timeout: .seconds(30)).last)
        try await server.send("close \(prompt.id) 2")
        #expect(try await answer == .notDetermined)
        #expect(manager.authorizationState == .notDetermined)
        #expect(try daemon.alarmctl("apps").out.contains("not asked"))
    }
}
