import Foundation
import Glibc
import AlarmClient
import Testing
import TestSupport

/// The alarm sound on a real desktop sound server: PipeWire started per test with a null
/// sink, ALSA `default` routed to it per process, what the sink plays recorded with
/// pw-record. Each test prints its measurements (`figures: ...`) for the README.
@Suite(.timeLimit(.minutes(3)), .tags(.products),
    .serialized,
    .enabled(
        if: SoundServerSession.Kind.canRun,
        "PipeWire is not installed: scripts/setup leaves pipewire-alsa and pipewire-pulse out where PulseAudio is installed (they conflict with it)"))
struct DesktopSoundTests {
    @Test func soundPlayLoopEndsOnTimeWithTheServerKilledMidway() async throws {
        let server = try await SoundServerSession.start()
        let dir = server.folder.path
        let tone = "\(dir)/tone.wav"
        try await makeTone(tone, seconds: 1)
        let firstFrameFile = "\(dir)/first-frame"
        let play = try Subprocess(BuildProducts.path("alarmctl"),
                                  ["sound", "play", tone, "--loop", "--duration", "6", "--first-frame-time", firstFrameFile],
                                  environment: server.environment, stdout: .file("\(dir)/play.log"), stderr: .file("\(dir)/play.log"))
        // Its end is timed on a thread of its own: the server's start below blocks the test.
        let exit = ExitWatch(play)
        try await Task.sleep(for: .seconds(1.5))
        try await server.kill()
        try await Task.sleep(for: .seconds(1.5))
        try await server.start()
        let recordedAt = try await server.record("\(dir)/after.wav")
        let (ended, endedAt) = await exit.result(within: 15)
        try await server.stopRecording()
        #expect(ended == .exited(0), "alarmctl: \((try? String(contentsOfFile: "\(dir)/play.log", encoding: .utf8)) ?? "")")
        let firstFrame = try #require(Double(try String(contentsOfFile: firstFrameFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let lasted = endedAt.timeIntervalSince1970 - firstFrame
        #expect(abs(lasted - 6) < 0.2, "--duration 6 lasted \(lasted) s")
        // Whether the sound came back is only measurable when the server was back before the end.
        let timeLeft = endedAt.timeIntervalSince1970 - (Date().timeIntervalSince1970 - (monotonicSeconds() - server.readyAt))
        let after = try Recording(path: "\(dir)/after.wav")
        var heard = "not measured: the server was back only \(fmt(timeLeft)) s before the end"
        if timeLeft > 1.2 {
            let heardAt = after.firstAudible()
        let audible = try #require(heardAt, "nothing heard after the server came back")
            let back = recordedAt + audible - server.readyAt
            #expect(back < 1, "audible \(back) s after the server returned")
            heard = "audible \(fmt(back)) s after the server was back"
        }
        print("figures: sound play --loop --duration 6 with the server killed at 1.5 s, restarted at 3 s: lasted \(fmt(lasted)) s, \(heard)")
    }

    @Test(arguments: SoundServerSession.Kind.testable)
    func aRingingAlarmSurvivesAServerRestartCheaplyAndQuietly(_ kind: SoundServerSession.Kind) async throws {
        let server = try await SoundServerSession.start(kind)
        let daemon = try await LocalDaemon.launch(server: server)
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        try await Task.sleep(for: .seconds(1))
        let before = try ProcessSample(pid: daemon.pid, logLines: daemon.logLines)
        try await server.kill()
        try await Task.sleep(for: .seconds(2))
        let down = try ProcessSample(pid: daemon.pid, logLines: daemon.logLines)
        try await server.start()
        let recordedAt = try await server.record("\(server.folder.path)/after.wav")
        try await Task.sleep(for: .seconds(2))
        try await server.stopRecording()
        let after = try Recording(path: "\(server.folder.path)/after.wav")
        let heardAt = after.firstAudible()
        let audible = try #require(heardAt, "the alarm was not heard after the server came back")
        let back = recordedAt + audible - server.readyAt
        // Anonymous memory: what a leak while the server is down grows (the retry path maps
        // in code pages it had not run yet, which are not a leak).
        let growth = down.anonymousKiB - before.anonymousKiB
        let cpu = down.cpuPercent(since: before)
        let lines = down.logLines - before.logLines
        print("figures: \(kind): server killed 1 s into a ring, back 2 s later: anonymous RSS growth \(growth) KiB (all RSS \(down.rssKiB - before.rssKiB)), CPU \(fmt(cpu)) %, \(lines) log lines while down, audible \(fmt(back)) s after the server was back")
        #expect(growth < 1024)
        #expect(cpu < 2)
        #expect(lines <= 3, "log while down:\n\(daemon.log.split(separator: "\n").suffix(lines).joined(separator: "\n"))")
        #expect(back < 1)
        #expect(after.rms(from: audible + 0.2) > 0.1, "the ring goes on, not a blip")
    }

    @Test(arguments: SoundServerSession.Kind.testable)
    func anAlarmFiringWhileTheServerIsDownIsHeardWhenItReturns(_ kind: SoundServerSession.Kind) async throws {
        let server = try await SoundServerSession.start(kind)
        let daemon = try await LocalDaemon.launch(server: server)
        try await server.kill()
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        try await Task.sleep(for: .seconds(3))
        try await server.start()
        let recordedAt = try await server.record("\(server.folder.path)/after.wav")
        try await Task.sleep(for: .seconds(2))
        try await server.stopRecording()
        let after = try Recording(path: "\(server.folder.path)/after.wav")
        let heardAt = after.firstAudible()
        let audible = try #require(heardAt, "the alarm was not heard once the server was up")
        let back = recordedAt + audible - server.readyAt
        print("figures: \(kind): server down when the alarm fired, up 3 s later: audible \(fmt(back)) s after the server was up")
        #expect(back < 1)
        #expect(daemon.log.contains("rings without sound"), "the silence is reported while it lasts")
    }

    @Test(arguments: SoundServerSession.Kind.testable)
    func aMutedSinkAtZeroIsRaisedForTheAlarmAndRestoredAfter(_ kind: SoundServerSession.Kind) async throws {
        let server = try await SoundServerSession.start(kind)
        try await server.pactl("set-sink-volume", server.sink, "0%")
        try await server.pactl("set-sink-mute", server.sink, "1")
        let daemon = try await LocalDaemon.launch(server: server)
        try await server.record("\(server.folder.path)/ring.wav")
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        try await Task.sleep(for: .seconds(2))
        let during = (volume: try await server.pactl("get-sink-volume", server.sink), mute: try await server.pactl("get-sink-mute", server.sink))
        let inputs = try await server.pactl("list", "sink-inputs")
        try daemon.connect().send(.stop, alarm: alarm)
        let restored = try await eventuallyTrue(within: 5) {
            (try? await server.pactl("get-sink-mute", server.sink)) == "Mute: yes"
        }
        try await server.stopRecording()
        let after = try await server.pactl("get-sink-volume", server.sink)
        let ring = try Recording(path: "\(server.folder.path)/ring.wav")
        print("figures: \(kind): sink muted at 0 %: during the ring \(during.volume) / \(during.mute), ring RMS \(fmt(ring.rms(from: 1.5))), after stop \(after)")
        #expect(during.mute == "Mute: no")
        #expect(during.volume.contains("/ 60%"), "\(during.volume)")
        let heardAt = ring.firstAudible()
        #expect(heardAt != nil, "the alarm is heard through a muted sink")
        #expect(restored, "the mute comes back after the ring")
        #expect(after.contains("/ 0%"), "\(after)")
        // Named as an alarm, apart from test playback, so a remembered per-app mute cannot hit it.
        #expect(inputs.contains("application.id = \"org.openalarmkit.alarm\""), "\(inputs)")
        // Its name in a mixer, also through the pulse ALSA plugin, which names the client
        // "ALSA plug-in [alarmd]" unless overridden (PULSE_PROP_OVERRIDE); PulseAudio's
        // stream-restore keys on the role, which is ours.
        #expect(inputs.contains("application.name = \"Alarms\""), "\(inputs)")
        #expect(inputs.lowercased().contains("media.role = \"alarm\""), "\(inputs)")
        #expect(!FileManager.default.fileExists(atPath: "\(server.folder.path)/state/openalarmkit/volume-override.json"))
    }

    @Test func aVolumeChangedWhileRingingIsLeftAsThePersonSetIt() async throws {
        let server = try await SoundServerSession.start()
        try await server.pactl("set-sink-volume", server.sink, "10%")
        let daemon = try await LocalDaemon.launch(server: server)
        let alarm = try daemon.scheduleTimer(seconds: 1)
        try await daemon.waitUntilAlerting(alarm)
        let raised = try await eventuallyTrue(within: 5) { (try? await server.pactl("get-sink-volume", server.sink))?.contains("/ 60%") == true }
        #expect(raised)
        try await server.pactl("set-sink-volume", server.sink, "85%")
        try daemon.connect().send(.stop, alarm: alarm)
        // Not a pause: alarmd's exit, which waits for its queued mixer work (the restore the
        // stop asked for), so whatever it would do to the volume is done.
        #expect(await daemon.stop() == .exited(0))
        #expect(try await server.pactl("get-sink-volume", server.sink).contains("/ 85%"))
    }

    @Test func aCrashMidRingIsRepairedAtTheNextStart() async throws {
        let server = try await SoundServerSession.start()
        try await server.pactl("set-sink-mute", server.sink, "1")
        var daemon: LocalDaemon? = try await LocalDaemon.launch(server: server)
        let alarm = try daemon!.scheduleTimer(seconds: 1)
        try await daemon!.waitUntilAlerting(alarm)
        let raised = try await eventuallyTrue(within: 5) { (try? await server.pactl("get-sink-mute", server.sink)) == "Mute: no" }
        #expect(raised)
        daemon!.process.signal(SIGKILL)
        _ = await ExitWatch(daemon!.process).result(within: 10)
        daemon = nil
        #expect(try await server.pactl("get-sink-mute", server.sink) == "Mute: no", "nothing restores it without the daemon")
        // The restarted daemon puts the saved level back first; the alarm, still due, then
        // rings again and raises anew, remembering the level from before the crash.
        let restarted = try await LocalDaemon.launch(server: server)
        try await restarted.waitUntilAlerting(alarm)
        try await Task.sleep(for: .milliseconds(500))
        try restarted.connect().send(.stop, alarm: alarm)
        let repaired = try await eventuallyTrue(within: 5) { (try? await server.pactl("get-sink-mute", server.sink)) == "Mute: yes" }
        #expect(repaired, "\(restarted.log)")
        #expect(restarted.log.contains("restoring the output volume an interrupted alarm raised"))
    }

    @Test func soundPlayLeavesAMutedOutputAloneUnlessAskedAndNamesItselfAsATest() async throws {
        let server = try await SoundServerSession.start()
        let tone = "\(server.folder.path)/tone.wav"
        try await makeTone(tone, seconds: 1)
        try await server.pactl("set-sink-mute", server.sink, "1")
        let plain = try Subprocess(BuildProducts.path("alarmctl"), ["sound", "play", tone, "--loop", "--duration", "30"],
                                   environment: server.environment, stdout: .pipe, stderr: .null)
        // Not a pause: its progress lines start after the point where it would raise the output
        // (as --override-mute does), and it plays on until interrupted, restoring nothing before.
        let progress = try await onOwnThread { () -> String? in
            while let line = plain.readLine(within: 15) { if line.contains("  on ") { return line } }
            return nil
        }
        #expect(progress != nil, "no progress line from alarmctl sound play")
        let inputs = try await server.pactl("list", "sink-inputs")
        #expect(try await server.pactl("get-sink-mute", server.sink) == "Mute: yes")
        plain.signal(SIGINT)
        #expect(await ExitWatch(plain).result(within: 15).0 == .exited(130))
        #expect(inputs.contains("application.name = \"Alarms sound test\""), "\(inputs)")

        let asked = try await runTool(BuildProducts.path("alarmctl"), ["sound", "play", tone, "--override-mute"], environment: server.environment)
        #expect(asked.termination == .exited(0), "\(asked.stderr)")
        #expect(asked.stdout.contains("Output: raised from"), "\(asked.stdout)")
        #expect(try await server.pactl("get-sink-mute", server.sink) == "Mute: yes", "restored after the test")
    }
}

func fmt(_ value: Double) -> String { String(format: "%.2f", value) }

func makeTone(_ path: String, seconds: Double) async throws {
    let result = try await runTool("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", path, "synth", "\(seconds)", "sine", "440", "vol", "0.5"])
    guard result.termination == .exited(0) else { throw SoundServerSession.Failure(description: "sox: \(result.stderr)") }
}

/// Runs a program to its end on a thread of its own, so the test's cooperative thread is free
/// meanwhile (blocking those few threads starves every other suite's timing).
func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) async throws
    -> (termination: Subprocess.Termination, stdout: String, stderr: String)
{
    try await onOwnThread { try Subprocess.run(path, arguments, environment: environment) }
}

/// Waits for a process on a thread of its own and notes when it ended.
final class ExitWatch: Sendable {
    private let ended = Locked<(Subprocess.Termination, Date)?>(nil)
    private let process: Subprocess

    init(_ process: Subprocess) {
        self.process = process
        let ended = self.ended
        Thread {
            let termination = process.wait()
            ended.withLock { $0 = (termination, Date()) }
        }.start()
    }

    func result(within seconds: Double) async -> (Subprocess.Termination?, Date) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let done = ended.withLock({ $0 }) { return done }
            try? await Task.sleep(for: .milliseconds(10))
        }
        process.signal(SIGKILL)
        return (nil, Date())
    }
}

/// RSS, CPU time and log length of a process at one moment.
struct ProcessSample {
    let rssKiB: Int
    let anonymousKiB: Int
    let cpuTicks: Int
    let at: Double
    let logLines: Int

    init(pid: pid_t, logLines: Int) throws {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?.split(separator: " ").dropFirst().first
        rssKiB = rss.flatMap { Int($0) } ?? 0
        let anonymous = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }?.split(separator: " ").dropFirst().first
        anonymousKiB = anonymous.flatMap { Int($0) } ?? 0
        // Fields after the command name: utime and stime are the 12th and 13th.
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        cpuTicks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        at = monotonicSeconds()
        self.logLines = logLines
    }

    func cpuPercent(since earlier: ProcessSample) -> Double {
        Double(cpuTicks - earlier.cpuTicks) / Double(sysconf(Int32(_SC_CLK_TCK))) / (at - earlier.at) * 100
    }
}

/// A real alarmd playing to the session's sound server, with its own state and socket.
final class LocalDaemon: @unchecked Sendable {
    let process: Subprocess
    let environment: [String: String]
    let logPath: String
    var pid: pid_t { process.pid }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
    var logLines: Int { log.split(separator: "\n").count }

    static func launch(server: SoundServerSession, config: String? = nil) async throws -> LocalDaemon {
        try await launch(environment: server.environment, root: server.folder.path, config: config)
    }

    /// Starts alarmd and waits (suspending) until it answers on its socket.
    static func launch(environment: [String: String], root: String, config: String? = nil, launcher: [String] = []) async throws -> LocalDaemon {
        let daemon = try LocalDaemon(environment: environment, root: root, config: config, launcher: launcher)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, daemon.process.isRunning {
            if (try? AlarmConnection(socketPath: AlarmPaths(environment: daemon.environment).socket)) != nil { return daemon }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SoundServerSession.Failure(description: "alarmd did not start: \(daemon.log)")
    }

    /// - Parameter launcher: a program and its arguments put before alarmd (e.g. setpriv).
    private init(environment base: [String: String], root: String, config: String? = nil, launcher: [String] = []) throws {
        var environment = base
        environment["XDG_RUNTIME_DIR"] = environment["XDG_RUNTIME_DIR"] ?? "\(root)/run"
        environment["XDG_STATE_HOME"] = environment["XDG_STATE_HOME"] ?? "\(root)/state"
        environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? "\(root)/config"
        environment["XDG_DATA_HOME"] = "\(root)/data"
        environment["OPENALARMKIT_NO_AUTOSTART"] = "1"
        environment["JOURNAL_STREAM"] = nil
        environment["TZ"] = "UTC"
        if let config {
            try FileManager.default.createDirectory(atPath: "\(root)/config/openalarmkit", withIntermediateDirectories: true)
            try config.write(toFile: "\(root)/config/openalarmkit/config.toml", atomically: true, encoding: .utf8)
        }
        self.environment = environment
        logPath = "\(root)/alarmd.log"
        let command = launcher + [BuildProducts.path("alarmd")]
        process = try Subprocess(command[0], Array(command.dropFirst()), environment: environment, stdout: .file(logPath), stderr: .file(logPath))
    }

    deinit {
        guard process.isRunning else { return }
        process.signal(SIGTERM)
        // Reaped on a thread of its own: a deinit may run on a cooperative thread.
        let process = self.process
        Thread { process.wait() }.start()
    }

    func connect() throws -> AlarmConnection { try AlarmConnection(socketPath: AlarmPaths(environment: environment).socket) }

    /// SIGTERM, and its exit (waited for off the cooperative threads): alarmd finishes queued
    /// work before it exits, so what it would do has been done by then.
    func stop() async -> Subprocess.Termination? {
        process.signal(SIGTERM)
        let process = self.process
        return try? await onOwnThread { process.wait(within: 30) }
    }

    func scheduleTimer(seconds: Double) throws -> UUID {
        let record = AlarmRecord(
            id: UUID(), appID: "desktop-test", schedule: nil,
            countdownDuration: .init(preAlert: seconds, postAlert: nil),
            presentation: AlarmPresentation(
                alert: .init(title: .init("Wake up"), secondaryButton: nil, secondaryButtonBehavior: nil),
                countdown: nil, paused: nil),
            phase: .scheduled(fireDate: Date()))
        try connect().send(.schedule, record: record)
        return record.id
    }

    func waitUntilAlerting(_ id: UUID) async throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try connect().send(.list).alarms?.first(where: { $0.id == id })?.phase.state == .alerting { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw SoundServerSession.Failure(description: "the alarm did not ring: \(log)")
    }

    /// Runs alarmctl against this daemon and sound server.
    func alarmctl(_ arguments: String...) async throws -> (status: Subprocess.Termination, out: String, err: String) {
        let result = try await runTool(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (result.termination, result.stdout, result.stderr)
    }
}
