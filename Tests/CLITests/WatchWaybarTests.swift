import Foundation
import Testing
import TestSupport

/// `alarmctl watch --waybar` and `--json` as a status bar runs them, against a real alarmd
/// that is stopped and started again underneath.
@Suite struct WatchWaybarTests {
    @Test func waybarLinesTickEachSecondAndComeBackAfterARestart() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let bar = try LiveAlarmctl(["watch", "--waybar"], environment: daemon.environment, terminal: false)
        try await bar.waitFor(#""class":"idle""#)
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Tea").status == 0)
        try await bar.waitFor(#""text":"⏳ Tea "#)
        try await bar.waitFor(#""text":"⏳ Tea 09:5"#, seconds: 5)  // the per-second tick, with no event from alarmd
        let line = try #require(Self.objects(bar.text).last { $0["class"] as? String == "countdown" })
        #expect((line["tooltip"] as? String)?.hasPrefix("Tea: rings ") == true)
        #expect(line["percentage"] is Int)

        daemon.stop()
        try await bar.waitFor(#""class":"offline""#)
        #expect(bar.process.isRunning, "the bar's module keeps running while alarmd is away")
        try daemon.start()
        let before = Self.objects(bar.text).count
        try await eventuallyTrue { Self.objects(bar.text).dropFirst(before).contains { $0["class"] as? String == "countdown" } }
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    @Test func aBarStartedBeforeAlarmdWaitsForIt() async throws {
        let daemon = try CLIDaemon()
        let bar = try LiveAlarmctl(["watch", "--waybar"], environment: daemon.environment, terminal: false)
        try await bar.waitFor(#""class":"offline""#)
        try daemon.start()
        try await bar.waitFor(#""class":"idle""#)
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    @Test func ringingShowsTheBellAndItsClass() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let bar = try LiveAlarmctl(["watch", "--waybar"], environment: daemon.environment, terminal: false)
        #expect(try daemon.alarmctl("timer", "1s", "--title", "Eggs").status == 0)
        try await bar.waitFor(#""class":"ringing""#)
        #expect(bar.text.contains(#""text":"🔔 Eggs""#))
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    @Test func jsonLinesCarryTheTextOfThePlainWatch() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Bread").status == 0)
        let watch = try LiveAlarmctl(["watch", "--json"], environment: daemon.environment, terminal: false)
        try await watch.waitFor("\"event\":\"alarms\"")
        let first = try #require(Self.objects(watch.text).first)
        #expect((first["text"] as? String)?.hasPrefix("counting down: Bread until ") == true)
        watch.process.signal(SIGTERM)
        _ = await watch.finish()
    }

    /// The complete JSON lines printed so far.
    static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}
