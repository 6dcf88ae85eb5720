import AlarmClient
import AlarmsAppModel
import Foundation
import Testing
import TestSupport

/// AlarmService against a real alarmd: the watch stream keeps the state in step with changes
/// made elsewhere, requests act on alarmd, and a daemon that goes away is noticed.
@MainActor
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct AlarmServiceTests {
    /// Waits on the main actor (where `deliver` runs the service's results) for `condition`.
    func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    @Test func followsAlarmctlAndActsOnAlarmd() async throws {
        let (root, environment) = try IsolatedHome.make(prefix: "oak-gui", audioDevice: { _ in "null" }, bus: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let daemon = try Subprocess(BuildProducts.path("alarmd"), [], environment: environment, stdout: .null, stderr: .null)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.wait()
        }
        let state = AlarmsState()
        let service = AlarmService(environment: environment, deliver: { work in Task { @MainActor in work() } })
        // alarmd binds its socket a moment after exec; the service does not start one itself here.
        #expect(await eventually { (try? AlarmConnection(socketPath: AlarmPaths(environment: environment).socket)) != nil })
        service.start(into: state)
        #expect(await eventually { state.connection == .connected })
        #expect(await eventually { state.status != nil })

        // A change made by alarmctl arrives through the watch stream, with no request of the
        // app's (how fast is the watch's business, measured by `scripts/bench`, not here).
        let added = try Subprocess.run(BuildProducts.path("alarmctl"), ["add", "weekdays", "6:30", "--title", "Wake up"], environment: environment)
        #expect(added.termination == .exited(0), "\(added.stderr)")
        #expect(await eventually(within: 10) { state.records.contains { $0.presentation.alert.title.text == "Wake up" } })
        let id = try #require(state.records.first?.id)

        // A request from the app turns it off in alarmd.
        var reply: Result<AlarmProtocol.Message, ConnectionError>?
        service.perform(.disable, alarm: id) { reply = $0 }
        #expect(await eventually { reply != nil })
        #expect(await eventually { state.record(id)?.disabledAt != nil })
        let listed = try Subprocess.run(BuildProducts.path("alarmctl"), ["list"], environment: environment)
        #expect(listed.stdout.contains("off"), "\(listed.stdout)")

        // Delete and Undo: the same record, same id, scheduled again.
        let record = try #require(state.record(id))
        reply = nil
        service.perform(.cancel, alarm: id) { reply = $0 }
        #expect(await eventually { state.record(id) == nil })
        reply = nil
        service.perform(.schedule, record: record) { reply = $0 }
        #expect(await eventually { state.record(id) != nil })

        // alarmd goes away: the banner's state says so.
        daemon.signal(SIGTERM)
        _ = daemon.wait()
        #expect(await eventually { state.healthIssue == .daemonNotRunning(nil) })

        // It comes back (an upgrade's restart): the app follows it again by itself.
        let again = try Subprocess(BuildProducts.path("alarmd"), [], environment: environment, stdout: .null, stderr: .null)
        defer {
            again.signal(SIGKILL)
            _ = again.wait()
        }
        #expect(await eventually(within: 10) { state.connection == .connected && state.record(id) != nil })
        service.stop()
    }

    @Test func noDaemonAndNoAutostartIsReportedNotWaitedFor() async throws {
        let (root, environment) = try IsolatedHome.make(prefix: "oak-gui", audioDevice: { _ in "null" }, bus: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let state = AlarmsState()
        let service = AlarmService(environment: environment, deliver: { work in Task { @MainActor in work() } })
        service.start(into: state)  // IsolatedHome sets OPENALARMKIT_NO_AUTOSTART=1
        #expect(await eventually { state.connection == .unreachable(nil) })
        #expect(state.healthIssue?.action == .start)
    }
}
