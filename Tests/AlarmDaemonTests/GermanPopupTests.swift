import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// alarmd's popups in the person's language (docs/TRANSLATIONS.md), as the notification server
/// receives them: the body, and the buttons an app or alarmctl stored in English ("Stop"),
/// translated where they are shown as AlarmKit's labels are. The times in 24 hours.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .enabled(if: Translations.canRun, "needs gettext's msgfmt to compile po/de.po (apt-get install gettext; scripts/setup)"))
struct GermanPopupTests {
    @Test func aCountdownAndItsRingSpeakGerman() async throws {
        let daemon = try DaemonHarness(extra: [
            "LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "OPENALARMKIT_LOCALEDIR": try Translations.localeDirectory(),
        ])
        try daemon.start()
        let server = try #require(daemon.notifications)

        let pasta = makeRecord(title: "Nudeln", preAlert: 150)
        try daemon.connect().send(.schedule, record: pasta)
        let countdown = try #require(try await server.waitForNotifies(summary: "Nudeln").first)
        #expect(countdown.body.hasPrefix("noch 3 Minuten · klingelt um "), "\(countdown.body)")
        // Seconds show unless they are zero (one start in 60 lands on a whole minute).
        #expect(countdown.body.contains(#/ um \d\d:\d\d(:\d\d)? · e2e$/#), "24 h, with the app: \(countdown.body)")
        #expect(countdown.actions == ["pause", "Pausieren", "app.stop-alarm::\(pasta.id.uuidString)", "Stopp"], "\(countdown.actions)")

        let tea = makeRecord(title: "Tee", preAlert: 1)
        try daemon.connect().send(.schedule, record: tea)
        try await eventually("the timer to ring", within: 20) { try daemon.record(tea.id)?.phase.state == .alerting }
        let alerts = try await server.waitForCalls { calls in calls.contains { $0.summary == "Tee" && $0.hints["urgency"] == "y:2" } }
            .filter { $0.summary == "Tee" && $0.hints["urgency"] == "y:2" }
        let alert = try #require(alerts.last)
        #expect(alert.actions == ["app.stop-alarm::\(tea.id.uuidString)", "Stopp", "app.snooze-alarm::\(tea.id.uuidString)", "Schlummern"], "\(alert.actions)")
        #expect(alert.body.contains(#/^\d\d:\d\d(:\d\d)? · e2e$/#), "the ring time in 24 h: \(alert.body)")
        #expect(alert.appName == "e2e")
    }

    /// Without a catalog for the language (the tests' default), the same popup is English.
    @Test func withoutACatalogTheWordsStayEnglish() async throws {
        let daemon = try DaemonHarness(extra: ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"])
        try daemon.start()
        let server = try #require(daemon.notifications)
        let pasta = makeRecord(title: "Pasta", preAlert: 150)
        try daemon.connect().send(.schedule, record: pasta)
        let countdown = try #require(try await server.waitForNotifies(summary: "Pasta").first)
        #expect(countdown.body.hasPrefix("3 min left · rings at "), "\(countdown.body)")
        #expect(countdown.actions == ["pause", "Pause", "app.stop-alarm::\(pasta.id.uuidString)", "Stop"])
    }
}
