import Foundation
import AlarmClient
import Testing
import TestSupport

/// The snooze length of an alarm made without one (`alarmctl add` with no `--snooze`, the
/// window at alarmd's length) is alarmd's `alarms.snooze` when the snooze happens: a setting
/// changed after the alarm was made reaches it.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SnoozeDefaultTests {
    @Test func aChangedSettingReachesAlarmsMadeBefore() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nsnooze = 300\n")
        try daemon.start()
        #expect(try daemon.alarmctl("add", "in 2s", "--title", "Nap").status == 0)
        let made = try #require(try daemon.connect().send(.list).alarms?.first)
        #expect(made.countdownDuration == nil, "no snooze copied into the alarm: \(String(describing: made.countdownDuration))")

        try "[alarms]\nsnooze = 120\n".write(toFile: daemon.paths.configFile, atomically: true, encoding: .utf8)
        kill(try #require(daemon.pid), SIGHUP)
        try await eventually("the new setting") { try daemon.connect().send(.status).status?.defaultSnooze == 120 }
        try await eventually("the alarm to ring", within: 10) { try daemon.record(made.id)?.phase.state == .alerting }
        try daemon.connect().send(.countdown, alarm: made.id)
        guard case .countdown(_, _, let total, _) = try daemon.record(made.id)?.phase else {
            Issue.record("not snoozed: \(String(describing: try daemon.record(made.id)?.phase))")
            return
        }
        #expect(total == 120, "the snooze lasts alarmd's setting at snooze time")
    }

    @Test func anAlarmsOwnSnoozeStaysItsOwn() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nsnooze = 300\n")
        try daemon.start()
        #expect(try daemon.alarmctl("add", "in 1s", "--title", "Nap", "--snooze", "4m").status == 0)
        let made = try #require(try daemon.connect().send(.list).alarms?.first)
        #expect(made.countdownDuration?.postAlert == 240)
        try await eventually("the alarm to ring", within: 10) { try daemon.record(made.id)?.phase.state == .alerting }
        try daemon.connect().send(.countdown, alarm: made.id)
        guard case .countdown(_, _, let total, _) = try daemon.record(made.id)?.phase else {
            Issue.record("not snoozed")
            return
        }
        #expect(total == 240)
    }
}
