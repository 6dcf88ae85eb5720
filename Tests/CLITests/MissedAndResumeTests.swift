import Foundation
import Testing
import TestSupport

/// `missed` and `resume` through the built alarmctl and a real alarmd.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct MissedAndResumeTests {
    @Test func missedListsAnAlarmDueWhileAlarmdWasDownThenHonoursLimitAndJSON() async throws {
        let daemon = try CLIDaemon()
        // No lateness tolerated: an alarm due while alarmd was down is missed at the next start.
        try "[alarms]\nlate_tolerance = 0\n".write(
            to: daemon.root.appendingPathComponent("config/openalarmkit/config.toml"), atomically: true, encoding: .utf8)
        try daemon.start()
        let none = try daemon.alarmctl("missed")
        #expect(none.status == 0 && none.out == "no missed alarms\n", "\(none)")

        #expect(try daemon.alarmctl("timer", "1s", "--title", "Tea \"green\"").status == 0)
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        daemon.stop()
        try await Task.sleep(for: .seconds(1.5))
        try daemon.start()

        let missed = try daemon.alarmctl("missed")
        #expect(missed.status == 0, "\(missed.err)")
        let lines = missed.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(missed.out)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix(String(id.prefix(8)).lowercased() + "  "), "\(line)")
        #expect(line.hasSuffix("  Tea \"green\"  did not ring (daemon down or machine asleep)"), "\(line)")
        #expect(try daemon.alarms().isEmpty, "a missed one-off timer is gone from the list")

        let json = try daemon.alarmctl("missed", "--json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["alarm"] as? String == id)
        #expect(entries.first?["title"] as? String == "Tea \"green\"")
        #expect(entries.first?["reason"] as? String == "tooLate")

        let refused = try daemon.alarmctl("missed", "--limit", "0")
        #expect(refused.status != 0 && refused.err.contains("--limit must be at least 1"), "\(refused)")
    }

    @Test func resumeCountsDownWhatWasLeftWhenPaused() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Pizza").status == 0)
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        let short = String(id.prefix(8)).lowercased()

        let paused = try daemon.alarmctl("pause", short)
        #expect(paused.out.hasPrefix("paused 'Pizza' (\(short)): paused with "), "\(paused)")
        #expect(try daemon.states() == ["paused"])
        try await Task.sleep(for: .seconds(1.2))  // paused time does not count

        let resumed = try daemon.alarmctl("resume", short)
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(resumed.out.hasPrefix("resumed 'Pizza' (\(short)): rings "), "\(resumed.out)")
        #expect(resumed.out.hasSuffix(", in 10 min\n") || resumed.out.hasSuffix(", in 9 min 59 s\n"), "\(resumed.out)")
        #expect(try daemon.states() == ["countdown"])
        let record = try #require(try daemon.alarms().first)
        let phase = try #require((record["phase"] as? [String: Any])?["countdown"] as? [String: Any])
        let (start, fire) = (try #require(phase["startDate"] as? Double), try #require(phase["fireDate"] as? Double))
        let elapsed = try #require(phase["previouslyElapsed"] as? Double)
        #expect(abs(fire - start - (600 - elapsed)) < 0.01, "fires what was left after the resume: \(phase)")
        #expect(elapsed < 1, "the paused second did not count: \(elapsed)")

        let again = try daemon.alarmctl("resume", short)
        #expect(again.status == 1 && again.err.contains("is not paused, so there is nothing to resume"), "\(again)")
    }
}
