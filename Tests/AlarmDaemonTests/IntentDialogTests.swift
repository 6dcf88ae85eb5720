import AlarmClient
import Foundation
import OpenAlarmKit
import Testing
import TestSupport

/// An intent that says something back, as App Intents' `ProvidesDialog` intents do.
struct SnoozeWithDialogIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Snooze"

    @Parameter(title: "Minutes")
    var minutes: Int

    init(minutes: Int) { self.minutes = minutes }
    init() {}

    func perform() async throws -> some IntentResult & ProvidesDialog {
        // A control character an app lets through is shown, not obeyed.
        .result(dialog: "Snoozed for \(minutes) minutes\u{1B}[2J")
    }
}

/// Stops, then opens another intent whose dialog is shown too (`OpensIntent`).
struct StopThenOpenIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Stop"

    @Parameter(title: "Tag")
    var tag: String

    init(tag: String) { self.tag = tag }
    init() {}

    func perform() async throws -> some IntentResult & OpensIntent {
        .result(opensIntent: FollowUpIntent(tag: tag))
    }
}

struct FollowUpIntent: AppIntent {
    static let title: LocalizedStringResource = "Follow up"

    @Parameter(title: "Tag")
    var tag: String

    init(tag: String) { self.tag = tag }
    init() {}

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: IntentDialog(full: "Stopped \(tag)", supporting: "Stopped"))
    }
}

/// A dialog (`.result(dialog:)`) of an intent run from an alarm's button is shown as a short
/// notification under the app's name; nothing else may post one.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct IntentDialogTests {
    func ringingTimer(_ manager: AlarmManager, title: String, stop: some LiveActivityIntent, secondary: some LiveActivityIntent) async throws -> UUID {
        let id = UUID()
        let alert = AlarmPresentation.Alert(
            title: LocalizedStringResource(title), secondaryButton: AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz"),
            secondaryButtonBehavior: .countdown)
        let attributes = AlarmAttributes<Recipe>(presentation: AlarmPresentation(alert: alert), tintColor: Color("AccentColor"))
        let configuration = AlarmManager.AlarmConfiguration(
            countdownDuration: .init(preAlert: 0.3, postAlert: 1), attributes: attributes, stopIntent: stop, secondaryIntent: secondary)
        _ = try await manager.schedule(id: id, configuration: configuration)
        await eventually("the timer to ring") { (try? manager.alarms.first { $0.id == id }?.state) == .alerting }
        return id
    }

    @Test func aPressedButtonsDialogIsShownUnderTheAppsName() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let app = "org.example.dialog"
        #expect(try daemon.alarmctl("apps", "allow", app).status == 0)
        let manager = AlarmManager(appID: app, environment: daemon.environment)
        manager.registration.displayName = "Dialog Clock"
        let title = "Tea \(UUID())"
        _ = try await ringingTimer(manager, title: title, stop: StopThenOpenIntent(tag: "tea"), secondary: SnoozeWithDialogIntent(minutes: 7))
        let server = try #require(daemon.notifications)
        let popup = try #require(try await server.waitForAlerts(summary: title, timeout: .seconds(30)).last)

        try await server.send("invoke \(popup.id) \(popup.snoozeKey)")
        let snoozed = try #require(try await server.waitForNotifies(summary: "Dialog Clock", timeout: .seconds(30)).last)
        #expect(snoozed.body == "Snoozed for 7 minutes\\u{1b}[2J")
        #expect(snoozed.appName == "Dialog Clock")
        #expect(snoozed.actions.isEmpty)
        #expect(snoozed.expireTimeout > 0 && snoozed.expireTimeout <= 10_000, "a dialog is short-lived: \(snoozed.expireTimeout) ms")
        #expect(snoozed.hints["urgency"] == "y:1")

        // It rings again; Stop opens the follow-up intent, whose dialog replaces the first one.
        let again = try #require(try await server.waitForAlerts(summary: title, count: 2, timeout: .seconds(30)).last)
        try await server.send("invoke \(again.id) \(again.stopKey)")
        let stopped = try #require(try await server.waitForNotifies(summary: "Dialog Clock", count: 2, timeout: .seconds(30)).last)
        #expect(stopped.body == "Stopped tea")
        #expect(stopped.replacesID == snoozed.id || stopped.replacesID == 0)
    }

    @Test func aDialogWithoutAPressedButtonIsRefused() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let app = "org.example.nodialog"
        #expect(try daemon.alarmctl("apps", "allow", app).status == 0)
        var request = AlarmProtocol.Request(id: 0, op: .intentDialog, app: app, alarm: UUID())
        request.dialog = "Buy now!"
        do {
            try daemon.connect().send(request)
            Issue.record("an unasked dialog was accepted")
        } catch ConnectionError.refused(let error) {
            #expect(error.code == .notFound)
            #expect(error.message.contains("a dialog answers a pressed button"), "\(error.message)")
        }
        request.dialog = String(repeating: "x", count: AlarmProtocol.maxDialogBytes + 1)
        do {
            try daemon.connect().send(request)
            Issue.record("an oversized dialog was accepted")
        } catch ConnectionError.refused(let error) {
            #expect(error.code == .tooLarge)
        }
        // Not a pause: a marker dialog, one alarmd must show (another app claimed the stop
        // intent of its alarm), through the same presenter and server: its popup comes after any
        // the refused requests could have made. (Another app's: its own popup, not a
        // replacement of one for this app.)
        let server = try #require(daemon.notifications)
        let markerApp = "org.example.marker"
        #expect(try daemon.alarmctl("apps", "allow", markerApp).status == 0)
        var marker = AlarmProtocol.Request(id: 0, op: .schedule, app: markerApp, record: makeRecord(title: "Marker", preAlert: 600, app: markerApp))
        marker.stopIntent = try EncodedIntent(SnoozeWithDialogIntent(minutes: 1))
        let alarm = try #require(try daemon.connect().send(marker).record?.id)
        try daemon.connect().send(.stop, alarm: alarm)  // for the person, as a press is
        #expect(try daemon.connect().send(.claimIntents, app: markerApp).intents?.count == 1)
        request = AlarmProtocol.Request(id: 0, op: .intentDialog, app: markerApp, alarm: alarm)
        request.dialog = "marker"
        try daemon.connect().send(request)
        _ = try await server.waitForNotifies(summary: markerApp, timeout: .seconds(10))
        #expect(server.notifies(summary: markerApp).map(\.body) == ["marker"])
        #expect(server.notifies(summary: app).isEmpty)
    }
}
