import Foundation
import Testing
import TestSupport

/// `alarmctl watch --waybar` and `--json` as a status bar runs them, against a real alarmd
/// that is stopped and started again underneath.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct WatchWaybarTests {
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

        // alarmd stopped and (OPENALARMKIT_NO_AUTOSTART) not to be started: a warning, not the
        // empty look of "no alarms".
        daemon.stop()
        try await bar.waitFor(#""class":"offline""#)
        let warning = try #require(Self.objects(bar.text).last { $0["class"] as? String == "offline" })
        #expect(warning["text"] as? String == "⚠")
        #expect((warning["tooltip"] as? String)?.hasPrefix("Alarms will not ring") == true, "\(warning)")
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

    @Test func titlesAreEscapedForWaybarsPangoMarkup() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let bar = try LiveAlarmctl(["watch", "--waybar"], environment: daemon.environment, terminal: false)
        #expect(try daemon.alarmctl("timer", "10m", "--title", #"Tea & <cake> "x" 'y'"#).status == 0)
        try await bar.waitFor(#""text":"⏳ Tea &amp; &lt;cake&gt; &quot;x&quot; &apos;y&apos; "#)
        let line = try #require(Self.objects(bar.text).last { $0["class"] as? String == "countdown" })
        #expect((line["tooltip"] as? String)?.hasPrefix("Tea &amp; &lt;cake&gt; &quot;x&quot; &apos;y&apos;: ") == true, "\(line)")
        #expect(line["alt"] as? String == "countdown")
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    @Test func theBarStartsAlarmdLikeEveryOtherClient() async throws {
        let daemon = try CLIDaemon(extra: ["OPENALARMKIT_NO_AUTOSTART": "", "OPENALARMKIT_ALARMD": BuildProducts.path("alarmd")])
        let bar = try LiveAlarmctl(["watch", "--waybar"], environment: daemon.environment, terminal: false)
        defer {
            // The daemon it started (under its supervisor, which ends with it).
            if let status = try? daemon.alarmctl("status", "--json").out, let pid = Self.pid(in: status) { kill(pid, SIGTERM) }
        }
        try await bar.waitFor(#""class":"idle""#)
        #expect(!bar.text.contains("offline"), "the bar never showed alarmd as away: \(bar.text)")
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    @Test func polybarLinesArePlainTextThatTicksAndWarns() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let bar = try LiveAlarmctl(["watch", "--polybar"], environment: daemon.environment, terminal: false)
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Tea %{F#f00}").status == 0)
        try await bar.waitFor("⏳ Tea % {F#f00} 09:5")  // time left; no polybar tag from a title
        try await bar.waitFor("⏳ Tea % {F#f00} 09:5", seconds: 5)
        let ticks = Set(bar.text.split(separator: "\n").filter { $0.hasPrefix("⏳ Tea") })
        #expect(ticks.count >= 2, "a line each second: \(ticks)")
        #expect(!bar.text.contains("{\""), "no JSON: \(bar.text)")
        daemon.stop()
        try await bar.waitFor("⚠ alarmd is not running")
        bar.process.signal(SIGTERM)
        _ = await bar.finish()
    }

    /// A bar that quits closes the pipe it read from: every form of watch exits within a
    /// second, even idle (nothing to write, so no SIGPIPE would ever come).
    @Test(arguments: [["watch", "--waybar"], ["watch", "--polybar"], ["watch"], ["watch", "--json"]])
    func watchExitsWhenItsOutputCloses(arguments: [String]) async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let watch = try Subprocess(BuildProducts.path("alarmctl"), arguments, environment: daemon.environment, stdin: .null, stdout: .pipe, stderr: .null)
        let first = watch.readChunk(within: 20) ?? Data()
        #expect(!first.isEmpty, "it printed its first line")
        try watch.output?.close()
        let closed = Date()
        while watch.isRunning, Date().timeIntervalSince(closed) < 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!watch.isRunning, "\(arguments) still runs a second after its output closed")
        if watch.isRunning { watch.signal(SIGKILL) }
        _ = watch.wait()
    }

    static func pid(in statusJSON: String) -> pid_t? {
        ((try? JSONSerialization.jsonObject(with: Data(statusJSON.utf8))) as? [String: Any])?["pid"].flatMap { $0 as? Int }.map { pid_t($0) }
    }

    /// The complete JSON lines printed so far.
    static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}
