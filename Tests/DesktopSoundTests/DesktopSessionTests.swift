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

        static func start(players: [String], refuseInhibit: Bool = false, feedback: Bool = false, sessionManager: Bool = false) async throws -> FakeDesktop {
            let desktop = try FakeDesktop(players: players, refuseInhibit: refuseInhibit, feedback: feedback, sessionManager: sessionManager)
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

        private init(players: [String], refuseInhibit: Bool, feedback: Bool, sessionManager: Bool) throws {
            let script = SoundServerSession.script.deletingLastPathComponent().appendingPathComponent("fake-desktop-services.py").path
            let flags = (refuseInhibit ? ["--refuse-inhibit"] : []) + (feedback ? ["--feedback"] : [])
                + (sessionManager ? ["--session-manager"] : [])
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

    /// The session stays awake while ringing: gnome-session's Inhibit with suspend and idle
    /// (what gnome-settings-daemon's idle suspend heeds, and logind's lock does not cover for
    /// the lock holder's own user), dropped at Stop with its cookie.
    @Test func theDesktopSessionIsKeptFromSuspendingWhileRinging() async throws {
        let desktop = try await FakeDesktop.start(players: [], sessionManager: true)
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        let held = try await eventuallyTrue(within: 5) { (try? await desktop.calls())?.contains { $0.hasPrefix("Session.Inhibit") } == true }
        #expect(held, "\(daemon.log)")
        #expect(try await desktop.calls().filter { $0.hasPrefix("Session.") } == ["Session.Inhibit:org.openalarmkit.Alarms:12:1"])
        try daemon.connect().send(.stop, alarm: alarm)
        let released = try await eventuallyTrue(within: 5) { (try? await desktop.calls())?.contains("Session.Uninhibit:1") == true }
        #expect(released, "Stop lets the session suspend again")
        #expect(await daemon.stop() == .exited(0))
        #expect(try await desktop.calls().filter { $0.hasPrefix("Session.") }.count == 2)
    }

    /// The real feedbackd (Debian's 0.0.3) on the same bus: it takes the event for the Alarms
    /// app, runs none of its full profile's sound (the quiet cap; without it feedbackd plays
    /// `alarm-clock-elapsed` itself, over our ring), and hears the end. Read from its debug log:
    /// this machine has no vibration motor or LED for it to drive.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Self.feedbackd) || RealServers.required, "needs feedbackd (scripts/setup)"))
    func theRealFeedbackdTakesTheRingWithoutASecondSound() async throws {
        let desktop = try await FakeDesktop.start(players: [])
        var environment = ChildEnvironment.base
        environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.address
        environment["G_MESSAGES_DEBUG"] = "all"
        environment["GSETTINGS_BACKEND"] = "memory"
        let log = Locked<[String]>([])
        // GLib writes debug messages to stdout.
        let feedbackd = try Subprocess(Self.feedbackd, environment: environment, stdout: .pipe, stderr: .null)
        feedbackd.collectLines(into: log)
        defer {
            feedbackd.signal(SIGTERM)
            feedbackd.wait(within: 10)
        }
        let said = { (text: String) in log.withLock { $0.contains { $0.contains(text) } } }
        #expect(try await eventuallyTrue(within: 10) { said("Service name 'org.sigxcpu.Feedback' was acquired") }, "\(log.withLock { $0 })")
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        #expect(try await eventuallyTrue(within: 5) { said("Event 'alarm-clock-elapsed' for 'org.openalarmkit.Alarms'") }, "\(daemon.log)")
        try daemon.connect().send(.stop, alarm: alarm)
        #expect(try await eventuallyTrue(within: 5) { said("Ending feedback for event '1'") }, "Stop reaches feedbackd")
        #expect(!said("Sound event alarm-clock-elapsed"), "feedbackd played its own alarm sound: \(log.withLock { $0 })")
        #expect(await daemon.stop() == .exited(0))
    }

    static let feedbackd = "/usr/libexec/feedbackd"

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
        #expect(try await desktop.calls().filter { $0.hasPrefix("Inhibit:") } == ["Inhibit:An_alarm_is_due_within_two_minutes"],
                "nothing due within 2 minutes: no inhibitor")
        try await daemon.waitUntilAlerting(alarm)
        try daemon.connect().send(.stop, alarm: alarm)
        let released = try await eventuallyTrue(within: 5) { (try? await desktop.inhibitors()) == 0 }
        #expect(released, "released once nothing rings and the next alarm is 10 minutes away")
        // Released after the ring's end, so the ring's own turn came before: still one Inhibit,
        // the one inhibitor held through the ring.
        #expect(try await desktop.calls().filter { $0.hasPrefix("Inhibit:") } == ["Inhibit:An_alarm_is_due_within_two_minutes"],
                "one inhibitor, held through the ring")
    }

    /// The re-suspend race (phones woken by the RTC went back to sleep within two seconds):
    /// logind refuses every sleep lock while a suspend is under way, from its announcement
    /// until the suspend's job ends after resume, so the block lock cannot be carried across
    /// it; alarmd asks again every 5 ms meanwhile, whenever one is wanted (here the alarm
    /// comes within 2 minutes while "asleep", as at an RTC wake-up `wake_early` before it), and
    /// holds it within one interval of logind allowing it: before `PrepareForSleep(false)`,
    /// which the fake sends only once it has measured that.
    @Test func theBlockLockRefusedDuringASuspendIsTakenTheMomentLogindAllowsIt() async throws {
        let desktop = try await FakeDesktop.start(players: [])
        let (daemon, root) = try await daemon(on: desktop)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try daemon.scheduleTimer(seconds: 122)  // not within 2 minutes yet
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await desktop.inhibitors() == 0)
        _ = try await desktop.send("sleep true")
        // Due within 2 minutes 2 s later; refused while the suspend is under way.
        let refused = try await eventuallyTrue(within: 6) {
            (try? await desktop.calls())?.filter { $0 == "Inhibit:An_alarm_is_due_within_two_minutes" }.count ?? 0 >= 3
        }
        #expect(refused, "asked again and again while refused:\n\(daemon.log)")
        #expect(try await desktop.inhibitors() == 0)
        let answer = try await desktop.send("resume 5")
        let taken = Double(answer.split(separator: " ").last ?? "") ?? 9
        #expect(answer.hasPrefix("taken") && taken < 0.5, "held within one interval of logind allowing it, before its signal: \(answer)")
        #expect(try await desktop.send("inhibitors").contains("sleep:idle:An_alarm_is_due_within_two_minutes"))
        #expect(!daemon.log.contains("cannot inhibit sleep"), "a refusal while suspending is expected, not reported:\n\(daemon.log)")
        #expect(await daemon.stop() == .exited(0))
    }

    /// Nothing scheduled: a suspend costs alarmd nothing (no asking); and a lock polkit refuses
    /// is not asked for 50 times a second while suspending.
    @Test func aSuspendWithNothingDueOrALockRefusedForGoodIsNotPolled() async throws {
        let idle = try await FakeDesktop.start(players: [])
        let (quiet, root) = try await daemon(on: idle)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await idle.send("sleep true")
        #expect(try await idle.send("resume 0.5") == "none")
        #expect(await quiet.stop() == .exited(0))
        #expect(try await idle.calls().filter { $0.hasPrefix("Inhibit:") } == [])

        let refusing = try await FakeDesktop.start(players: [], refuseInhibit: true)
        let (daemon, root2) = try await daemon(on: refusing)
        defer { try? FileManager.default.removeItem(atPath: root2) }
        _ = try daemon.scheduleTimer(seconds: 60)
        let asked = try await eventuallyTrue(within: 5) { (try? await refusing.calls())?.isEmpty == false }
        #expect(asked)
        _ = try await refusing.send("sleep false")  // not under way: refused by policy alone
        _ = try await refusing.send("sleep true")
        try await Task.sleep(for: .milliseconds(500))
        _ = try await refusing.send("sleep false")
        #expect(await daemon.stop() == .exited(0))
        let count = try await refusing.calls().filter { $0.hasPrefix("Inhibit:") }.count
        #expect(count <= 4, "\(count) requests")
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
