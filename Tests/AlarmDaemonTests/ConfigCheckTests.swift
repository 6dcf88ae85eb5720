import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// Unknown keys and wrong types in config.toml: each is an error with file, line and key (not a
/// raw DecodingError), `alarmctl config check` says so, and a bad file keeps the last good
/// settings and shows in `status`.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ConfigCheckTests {
    @Test func typosAndWrongTypesAreNamedWithTheirLineAndTheLastGoodSettingsStay() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nsnooze = 300\n")
        try daemon.start()
        let configFile = daemon.paths.configFile
        #expect(try daemon.connect().send(.status).status?.defaultSnooze == 300)
        #expect(try daemon.connect().send(.status).status?.configProblem == nil)

        try "[alarms]\nsnooze = 120\n[sound]\nvolum = 80\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        let check = try daemon.alarmctl("config", "check")
        #expect(check.status == 2)
        #expect(check.err.contains("config.toml:4: [sound] volum: unknown key (did you mean 'volume'?)"), "\(check.err)")

        kill(try #require(daemon.pid), SIGHUP)
        try await eventually("the reload to be refused") { try daemon.connect().send(.status).status?.configProblem != nil }
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.defaultSnooze == 300, "the last good value stays")
        #expect(status.configProblem?.contains("did you mean 'volume'") == true, "\(status.configProblem ?? "")")
        let printed = try daemon.alarmctl("status")
        #expect(printed.out.contains("config:"), "\(printed.out)")

        try "[alarms]\nsnooze = \"long\"\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        let typed = try daemon.alarmctl("config", "check")
        #expect(typed.status == 2 && typed.err.contains("config.toml:2: alarms.snooze: wrong type"), "\(typed.err)")

        try "[alarms]\nsnooze = 120\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        #expect(try daemon.alarmctl("config", "check").out.contains("snooze = 120"))
        kill(try #require(daemon.pid), SIGHUP)
        try await eventually("the good file to load") { try daemon.connect().send(.status).status?.defaultSnooze == 120 }
        #expect(try daemon.connect().send(.status).status?.configProblem == nil)
    }
}
