import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// A real alarmd in a temporary home: its own XDG folders, ALSA's `file` device writing to
/// `audioFile`, and (optionally) the project's scriptable notification server on a private
/// session bus. Each test gets its own, so tests run in parallel without sharing anything.
final class DaemonHarness: @unchecked Sendable {
    let root: URL
    let notifications: FakeNotificationServer?
    private(set) var environment: [String: String]
    private var process: Subprocess?
    /// A command that runs alarmd, e.g. `["/usr/bin/prlimit", "--nofile=200:200", "--"]`.
    var wrapper: [String] = []

    var audioFile: String { root.appendingPathComponent("out.raw").path }
    var paths: AlarmPaths { AlarmPaths(environment: environment) }
    var logText: String { (try? String(contentsOf: root.appendingPathComponent("alarmd.log"), encoding: .utf8)) ?? "" }

    /// - Parameters:
    ///   - withNotificationServer: false leaves the daemon without a session bus.
    ///   - config: the text of config.toml, if any.
    ///   - extra: more environment (e.g. OPENALARMKIT_LOCALTIME); a nil value removes a variable.
    init(withNotificationServer: Bool = true, config: String? = nil, extra: [String: String?] = [:]) throws {
        var environment: [String: String]
        (root, environment) = try IsolatedHome.make(
            prefix: "oak-e2e", audioDevice: { "file:FILE=\($0.appendingPathComponent("out.raw").path),FORMAT=raw" }, bus: nil)
        if let config { try config.write(to: root.appendingPathComponent("config/openalarmkit/config.toml"), atomically: true, encoding: .utf8) }
        notifications = withNotificationServer ? try FakeNotificationServer() : nil
        if let notifications { environment["DBUS_SESSION_BUS_ADDRESS"] = notifications.address }
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
    }

    deinit {
        if let process, process.isRunning {
            process.signal(SIGKILL)
            process.wait()
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Starts alarmd and waits until it answers a request (its socket listens before the
    /// alarms are loaded, so a connection alone does not mean it is ready). `seconds` is how
    /// long it may take: a readiness wait, not a speed goal (those live in scripts/bench).
    func start(within seconds: Double = 15) throws {
        let log = root.appendingPathComponent("alarmd.log").path
        let command = wrapper + [BuildProducts.path("alarmd")]
        let process = try Subprocess(
            command[0], Array(command.dropFirst()), environment: environment, stdout: .file(log), stderr: .file(log))
        self.process = process
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? AlarmConnection(socketPath: paths.socket).send(.status)) != nil { return }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        Issue.record("alarmd did not start: \(logText)")
        throw HarnessError.didNotStart
    }

    /// SIGTERM, and wait for a clean exit.
    func stop() {
        guard let process, process.isRunning else { return }
        process.signal(SIGTERM)
        process.wait()
    }

    /// SIGKILL: no chance to clean up.
    func kill9() {
        guard let process, process.isRunning else { return }
        process.signal(SIGKILL)
        process.wait()
    }

    var exitStatus: Int32? { process?.termination?.status }
    var pid: pid_t? { process?.pid }

    func connect() throws -> AlarmConnection { try AlarmConnection(socketPath: paths.socket) }

    func list() throws -> [AlarmRecord] { try connect().send(.list).alarms ?? [] }

    func record(_ id: UUID) throws -> AlarmRecord? { try list().first { $0.id == id } }

    var audioBytes: Int { ((try? FileManager.default.attributesOfItem(atPath: audioFile))?[.size] as? Int) ?? 0 }

    /// Runs the built alarmctl against this daemon.
    func alarmctl(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (result.termination.status, result.stdout, result.stderr)
    }

    enum HarnessError: Error { case didNotStart, timedOut(String) }
}

extension DaemonHarness {
    /// Waits for the sync round every start of alarmd begins with to end: an alarm added
    /// after it is sent by the round `alarmctl sync` then asks for, not by that first one.
    func firstSyncRoundEnded() async {
        await eventually("alarmd's first sync round", within: 30) { (try? connect().send(.status).status?.sync?.rounds ?? 0) ?? 0 >= 1 }
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; records an issue on timeout.
/// It suspends rather than sleeps, so tasks of the test process (an app's intent listener)
/// keep running on the few cooperative threads.
@discardableResult
func eventually(_ what: String, within seconds: Double = 10, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting for \(what)")
    return false
}

/// A record as an app would send it.
func makeRecord(
    title: String, schedule: Alarm.Schedule? = nil, preAlert: TimeInterval? = nil, postAlert: TimeInterval? = nil,
    secondary: AlarmPresentation.Alert.SecondaryButtonBehavior? = .countdown, app: String = "e2e"
) -> AlarmRecord {
    let button = secondary.map { _ in AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz") }
    return AlarmRecord(
        id: UUID(), appID: app, schedule: schedule,
        countdownDuration: preAlert == nil && postAlert == nil ? nil : .init(preAlert: preAlert, postAlert: postAlert),
        presentation: AlarmPresentation(
            alert: .init(title: .init(title), secondaryButton: button, secondaryButtonBehavior: secondary),
            countdown: .init(title: .init(title), pauseButton: AlarmButton(text: "Pause", textColor: .white, systemImageName: "pause.fill")),
            paused: .init(title: .init("\(title) paused"), resumeButton: AlarmButton(text: "Resume", textColor: .white, systemImageName: "play.fill"))),
        phase: .scheduled(fireDate: Date()))
}
