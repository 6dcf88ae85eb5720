import Foundation
import Glibc
import AlarmClient
import Testing
import TestSupport

/// Around a ring, alarmd pauses the media players that were playing (and resumes only those)
/// and holds a logind sleep:idle inhibitor while ringing or due within 2 minutes; against
/// scripts/testing/fake-desktop-services.py on a private bus (as session and system bus).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct DesktopSessionTests {
    final class FakeDesktop: @unchecked Sendable {
        private(set) var address = ""
        private let process: Subprocess
        private let lines = Locked<[String]>([])

        static func start(players: [String], refuseInhibit: Bool = false, feedback: Bool = false) async throws -> FakeDesktop {
            let desktop = try FakeDesktop(players: players, refuseInhibit: refuseInhibit, feedback: feedback)
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline, desktop.process.isRunning, !desktop.lines.withLock({ $0.contains("ready") }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            guard let line = desktop.lines.withLock({ $0.first { $0.hasPrefix("address ") } }) else {
                throw SoundServerSession.Failure(description: "fake desktop services did not start")
            }
            desktop.address = String(line.dropFirst(8))
            return desktop
        }

        private init(players: [String], refuseInhibit: Bool, feedback: Bool) throws {
            let script = SoundServerSession.script.deletingLastPathComponent().appendingPathComponent("fake-desktop-services.py").path
            let flags = (refuseInhibit ? ["--refuse-inhibit"] : []) + (feedback ? ["--feedback"] : [])
            process = try Subprocess("/usr/bin/python3", [script] + players.flatMap { ["--player", $0] } + flags,
                                     stdin: .pipe, stdout: .pipe, stderr: .null)
            process.collectLines(into: lines)
        }

        deinit {
            try? process.input?.close()
            let process = self.process
            Thread { process.wait() }.start()
        }

        func send(_ command: String) async throws -> String {
            let already = lines.withLock { $0.count }
            process.input?.write(Data((command + "\n").utf8))
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let answer = lines.withLock({ Array($0.dropFirst(already)).first { $0.hasPrefix("ok") || $0.hasPrefix("error") } }) {
                    return String(answer.dropFirst(3))
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            throw SoundServerSession.Failure(description: "no answer to \(command)")
        }

        func status(_ player: String) async throws -> String { try await send("status \(player)") }
        /// Every call the fake received so far, in order ("music.Pause", "Inhibit:An_alarm_is_ringing").
        func calls() async throws -> [String] { try await send("calls").split(separator: " ").map(String.init) }
        func inhibitors() async throws -> Int { Int(try await send("inhibitors").split(separator: " ").first ?? "") ?? -1 }
    }

    private func daemon(on desktop: FakeDesktop, config: String? = nil) async throws -> (LocalDaemon, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oak-desktop-\(UUID().uuidString.prefix(8))").path
        for folder in ["run", "state", "config"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        chmod("\(root)/run", 0o700)
        var environment = ChildEnvironment.base
        environment["OPENALARMKIT_AUDIO_DEVICE"] = "null"
        environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.address
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = desktop.address
        for key in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] { environment[key] = nil }
        return (try await LocalDaemon.launch(environment: environment, root: root, config: config), root)
    }

    @Test func playingMediaIsPausedWhileRingingAndOnlyThatIsResumed() async throws {
        let desktop = try await FakeDesktop.start(players: ["music=Playing", "podcast=Paused"])
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        let paused = try await eventuallyTrue(within: 5) { (try? await desktop.status("music")) == "Paused" }
        #expect(paused, "\(daemon.log)")
        #expect(try await desktop.status("podcast") == "Paused")
        try daemon.connect().send(.stop, alarm: alarm)
        let resumed = try await eventuallyTrue(within: 5) { (try? await desktop.status("music")) == "Playing" }
        #expect(resumed)
        // alarmd's exit, not a pause: it finishes its desktop work before it exits (and resumes
        // whatever it still holds paused), so every call it would make has been made by then.
        #expect(await daemon.stop() == .exited(0))
        #expect(try await desktop.status("podcast") == "Paused", "a player we did not pause stays paused")
        #expect(try await desktop.calls().filter { $0.hasPrefix("podcast.") && $0 != "podcast.Pause" } == [], "nothing asked the podcast to play")
    }

    /// On a phone, feedbackd vibrates and blinks for the ring: `alarm-clock-elapsed` for the
    /// Alarms app, looping (timeout 0) and capped at the quiet profile (no second sound), until
    /// Stop ends that very event.
    @Test func feedbackdVibratesFromTheRingUntilStop() async throws {
        let desktop = try await FakeDesktop.start(players: [], feedback: true)
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        let triggered = try await eventuallyTrue(within: 5) { (try? await desktop.calls())?.contains { $0.hasPrefix("Feedback.Trigger") } == true }
        #expect(triggered, "\(daemon.log)")
        #expect(try await desktop.calls().filter { $0.hasPrefix("Feedback.") } == ["Feedback.Trigger:org.openalarmkit.Alarms:alarm-clock-elapsed:quiet:0:1"])
        try daemon.connect().send(.stop, alarm: alarm)
        let ended = try await eventuallyTrue(within: 5) { (try? await desktop.calls())?.contains("Feedback.End:1") == true }
        #expect(ended, "Stop ends the feedback it triggered")
        #expect(await daemon.stop() == .exited(0))
        #expect(try await desktop.calls().filter { $0.hasPrefix("Feedback.") }.count == 2, "one trigger, one end")
    }

    @Test func withPauseMediaOffPlayersAreLeftAlone() async throws {
        let desktop = try await FakeDesktop.start(players: ["music=Playing"])
        let (daemon, root) = try await daemon(on: desktop, config: "[sound]\npause_media = false\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        // Its exit, not a pause: alarmd's desktop work for the ring is done before it exits.
        #expect(await daemon.stop() == .exited(0))
        #expect(try await desktop.status("music") == "Playing")
        #expect(try await desktop.calls().filter { $0.hasPrefix("music.") } == [], "the player was left alone")
    }

    @Test func aSleepInhibitorIsHeldWhileAnAlarmIsDueSoonOrRingingAndReleasedAfter() async throws {
        let desktop = try await FakeDesktop.start(players: [])
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try daemon.scheduleTimer(seconds: 600)
        let alarm = try daemon.scheduleTimer(seconds: 3)
        let heldAhead = try await eventuallyTrue(within: 2) { (try? await desktop.inhibitors()) == 1 }
        #expect(heldAhead, "held while an alarm is due within 2 minutes")
        #expect(try await desktop.send("inhibitors").contains("sleep:idle:"))
        // alarmd does its desktop work in order: the 600 s timer's turn came before the 3 s
        // one's, so one Inhibit so far means the first asked for none.
        #expect(try await desktop.calls() == ["Inhibit:An_alarm_is_due_within_two_minutes"], "nothing due within 2 minutes: no inhibitor")
        try await daemon.waitUntilAlerting(alarm)
        try daemon.connect().send(.stop, alarm: alarm)
        let released = try await eventuallyTrue(within: 5) { (try? await desktop.inhibitors()) == 0 }
        #expect(released, "released once nothing rings and the next alarm is 10 minutes away")
        // Released after the ring's end, so the ring's own turn came before: still one Inhibit,
        // the one inhibitor held through the ring.
        #expect(try await desktop.calls() == ["Inhibit:An_alarm_is_due_within_two_minutes"], "one inhibitor, held through the ring")
    }

    /// logind refuses the inhibitor when polkit does (a lingering user with nobody logged in,
    /// or no polkitd): alarmd says once, in plain words, what that means and what to do.
    @Test func aRefusedInhibitorIsExplainedOnceNotAtEveryRing() async throws {
        let desktop = try await FakeDesktop.start(players: [], refuseInhibit: true)
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for _ in 0..<2 {
            let alarm = try daemon.scheduleTimer(seconds: 1)
            try await daemon.waitUntilAlerting(alarm)
            try daemon.connect().send(.stop, alarm: alarm)
        }
        // Its exit, not a pause: every refusal is logged before alarmd exits.
        #expect(await daemon.stop() == .exited(0))
        #expect(try await desktop.calls().filter { $0.hasPrefix("Inhibit:") }.count >= 2, "asked at each ring")
        let log = daemon.log
        #expect(log.components(separatedBy: "logind refused the sleep inhibitor").count == 2, "exactly once:\n\(log)")
        #expect(log.contains("an idle timeout may suspend the machine mid-ring"))
        #expect(!log.contains("cannot inhibit sleep"))
    }
}
