import Foundation
import OpenAlarmKit
import Testing
import TestSupport

@testable import AlarmDaemon

/// Popups name the app an alarm belongs to as people know it: the user's own alarms (made with
/// alarmctl) name none, an app is named by its desktop entry's Name=, found in the XDG data
/// folders by its app id, else by its app id.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct AppNamePopupTests {
    @Test func ownAlarmsNameNoAppAndAppsTheNameOfTheirDesktopEntry() async throws {
        let daemon = try DaemonHarness()
        let applications = daemon.root.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name[de]=Teeuhr
            Name=Tea Timer
            Exec=tea-timer

            [Desktop Action other]
            Name=Not this one
            """.write(to: applications.appendingPathComponent("org.example.TeaTimer.desktop"), atomically: true, encoding: .utf8)
        try daemon.start()
        let server = try #require(daemon.notifications)
        for (title, app) in [("Mine", "alarmctl"), ("Theirs", "org.example.TeaTimer"), ("Unlisted", "org.example.Unlisted")] {
            try daemon.connect().send(.schedule, record: makeRecord(title: title, preAlert: 1, app: app))
        }
        func ringing(_ title: String) async throws -> ServerCall {
            try #require(try await server.waitForCalls { $0.contains { $0.summary == title && $0.hints["urgency"] == "y:2" } }
                .last { $0.summary == title && $0.hints["urgency"] == "y:2" })
        }
        let mine = try await ringing("Mine")
        #expect(mine.appName == DaemonText.appName)
        #expect(!mine.body.contains("·") && !mine.body.contains("alarmctl"), "the user's own alarm names no app: \(mine.body.debugDescription)")
        let theirs = try await ringing("Theirs")
        #expect(theirs.appName == "Tea Timer")
        #expect(theirs.body.hasSuffix(" · Tea Timer"), "\(theirs.body.debugDescription)")
        let unlisted = try await ringing("Unlisted")
        #expect(unlisted.appName == "org.example.Unlisted")
        #expect(unlisted.body.hasSuffix(" · org.example.Unlisted"))
        // The countdown popups before the ring said the same.
        let countdown = try #require(server.notifies(summary: "Mine").first)
        #expect(!countdown.body.contains("alarmctl"), "\(countdown.body.debugDescription)")
    }

    @Test func desktopEntryNamesAreReadFromTheirGroupAndUnescaped() {
        #expect(AppDisplayNames.name(inDesktopEntry: "[Desktop Entry]\nName=Tea\\sTimer\n") == "Tea Timer")
        #expect(AppDisplayNames.name(inDesktopEntry: "# c\n[Other]\nName=No\n[Desktop Entry]\nNameX=No\nName = Yes\n") == "Yes")
        #expect(AppDisplayNames.name(inDesktopEntry: "[Desktop Entry]\nName=\n") == nil)
        #expect(AppDisplayNames(environment: ["XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]).name(for: "alarmctl") == nil)
        #expect(AppDisplayNames(environment: ["XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]).name(for: "../x") == "../x")
    }
}
