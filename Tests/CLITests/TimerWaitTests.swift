import Foundation
import Testing
import TestSupport

/// `alarmctl timer --wait` as people run it: in a terminal (under `script`, a real pseudo
/// terminal) and in a pipe, against a real alarmd.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct TimerWaitTests {
    @Test func onATerminalItCountsDownRingsAndStopsWithS() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "2s", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: true)
        try await run.waitFor("⏳ Tea  00:0")
        #expect(run.process.isRunning, "it holds while the timer counts down")
        try await run.waitFor("🔔 Tea: ringing")
        run.type("s")
        #expect(await run.finish() == 0, "\(run.text)")
        #expect(run.finalLines.last == "Tea: stopped")
        #expect(try daemon.alarms().isEmpty, "the timer is gone")
    }

    @Test func spacePausesAndResumesOnATerminal() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "1m", "--title", "Eggs", "--wait"], environment: daemon.environment, terminal: true)
        try await run.waitFor("⏳ Eggs")
        run.type(" ")
        try await run.waitFor("(paused)")
        #expect(try daemon.states().first == "paused")
        run.type(" ")
        try await eventuallyTrue { try daemon.states().first == "countdown" }
        run.type("s")
        #expect(await run.finish() == 0, "\(run.text)")
        #expect(try daemon.alarms().isEmpty)
    }

    @Test func ctrlCCancelsTheTimerAndExits130() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "10m", "--title", "Bread", "--wait"], environment: daemon.environment, terminal: true)
        try await run.waitFor("⏳ Bread  10:00")
        run.type("\u{03}")
        #expect(await run.finish() == 130, "\(run.text)")
        #expect(run.finalLines.last == "Bread: cancelled")
        #expect(try daemon.alarms().isEmpty, "Ctrl-C cancels the timer")
    }

    @Test func zSnoozesARingingTimerWithARepeatButton() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "1s", "--title", "Pasta", "--repeat-after", "1m", "--wait"], environment: daemon.environment, terminal: true)
        try await run.waitFor("z: snooze")
        run.type("z")
        try await run.waitFor("⏳ Pasta  01:00")
        #expect(try daemon.states().first == "countdown")
        run.type("s")
        #expect(await run.finish() == 0, "\(run.text)")
    }

    @Test func inAPipeItPrintsALinePerStateChangeAndHolds() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "1s", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: ringing since")
        #expect(run.process.isRunning, "it holds while the timer rings")
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        #expect(try daemon.alarmctl("stop", String(id.prefix(8))).status == 0)
        #expect(await run.finish() == 0, "\(run.text)")
        let lines = run.finalLines
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("Tea: rings ") == true)
        #expect(lines.last == "Tea: stopped")
        #expect(!run.text.contains("\u{1B}"), "no terminal codes in a pipe")
    }

    @Test func cancelledElsewhereExits4() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "5m", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: rings")
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        #expect(try daemon.alarmctl("cancel", String(id.prefix(8))).status == 0)
        #expect(await run.finish() == 4, "\(run.text)")
        #expect(run.finalLines.last == "Tea: cancelled elsewhere")
    }

    /// Stop before the ring (another client, or the countdown popup's Stop, which takes the
    /// same path in alarmd) is a person's stop: 0, not the 4 of a removal.
    @Test func stoppedElsewhereBeforeItRangExits0() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "5m", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: rings")
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        #expect(try daemon.alarmctl("stop", String(id.prefix(8))).status == 0)
        #expect(await run.finish() == 0, "\(run.text)")
        #expect(run.finalLines.last == "Tea: stopped")
    }

    /// The issue as people met it: Stop pressed on the countdown popup (a real libnotify popup
    /// on the scriptable server) is a stop, 0, not "cancelled elsewhere".
    @Test func stopOnTheCountdownPopupExits0() async throws {
        let server = try FakeNotificationServer()
        let daemon = try CLIDaemon(bus: server.address)
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "5m", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: rings")
        let popup = try #require(try await server.waitForNotifies(summary: "Tea").last)
        #expect(popup.stopKey != "none", "\(popup.actions)")
        try await server.send("invoke \(popup.id) \(popup.stopKey)")
        #expect(await run.finish() == 0, "\(run.text)")
        #expect(run.finalLines.last == "Tea: stopped")
        #expect(try daemon.alarms().isEmpty)
    }

    /// Nobody answered: the ring timed out (5 s here). Not a stop (0), not a removal (4): 5.
    @Test func aTimerThatRangOutUnansweredExits5() async throws {
        let daemon = try CLIDaemon()
        try "[alarms]\nring_timeout = 5\n".write(
            to: daemon.root.appendingPathComponent("config/openalarmkit/config.toml"), atomically: true, encoding: .utf8)
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "1s", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: ringing since")
        #expect(await run.finish(seconds: 20) == 5, "\(run.text)")
        #expect(run.finalLines.last == "Tea: rang out unanswered")
        #expect(!run.text.contains("Tea: stopped"))
        #expect(try daemon.alarms().isEmpty)
    }

    @Test func theDaemonGoingAwayExits3() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let run = try LiveAlarmctl(["timer", "5m", "--title", "Tea", "--wait"], environment: daemon.environment, terminal: false)
        try await run.waitFor("Tea: rings")
        daemon.stop()
        #expect(await run.finish() == 3, "\(run.text)")
        #expect(run.text.contains("alarmd went away"))
    }
}

/// Polls `condition` every 20 ms for up to 10 s.
func eventuallyTrue(_ condition: () throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("condition not met within 10 s")
}
