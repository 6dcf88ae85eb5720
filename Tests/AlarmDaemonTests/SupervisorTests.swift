import Foundation
import OpenAlarmKit
import Testing
import TestSupport

@testable import AlarmDaemon

/// Without systemd, `alarmd --background` (how clients and the desktop autostart start alarmd)
/// runs the daemon under a supervisor: killed with SIGKILL or SIGSEGV it comes back and the next
/// alarm rings; crashing again and again, it is given up on loudly (log and notification).
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct SupervisorTests {
    /// Starts alarmd as clients do without systemd; returns the daemon's pid.
    private func startInBackground(_ daemon: DaemonHarness) throws -> pid_t {
        let log = daemon.root.appendingPathComponent("alarmd.log").path
        let starter = try Subprocess(BuildProducts.path("alarmd"), ["--background"], environment: daemon.environment, stdout: .file(log), stderr: .file(log))
        let end = starter.wait()
        #expect(end.status == 0, "alarmd --background: \(daemon.logText)")
        return try #require(try daemon.connect().send(.status).status?.pid)
    }

    private func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return nil }
        return stat[close.upperBound...].split(separator: " ").dropFirst().first.flatMap { pid_t($0) }
    }

    private func daemonPID(_ daemon: DaemonHarness) -> pid_t? { try? daemon.connect().send(.status).status?.pid }

    /// The process, held by a pidfd while it runs: the daemons and the supervisor are not our
    /// children, and a pid signalled after its process ended may belong to another by then.
    private func hold(_ pid: pid_t?, _ what: String) throws -> ProcessHandle {
        try #require(pid.flatMap { ProcessHandle($0) }, "\(what) (pid \(pid.map(String.init) ?? "none")) is not running")
    }

    @Test func aDaemonKilledWithSIGKILLOrSIGSEGVIsRestartedAndTheNextAlarmRings() async throws {
        // Swift's backtracer (on in debug builds) catches SIGSEGV, prints a backtrace and returns,
        // counting on the faulting instruction to fault again; a SIGSEGV sent with kill(2) has
        // no such instruction, so the daemon would live on. Off here, as in the package's static
        // build, so that SIGSEGV kills it as a real crash does.
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["SWIFT_BACKTRACE": "enable=no"])
        let first = try hold(try startInBackground(daemon), "the first alarmd")
        let supervisor = try hold(parent(of: first.pid), "its supervisor")
        let arguments = try String(contentsOfFile: "/proc/\(supervisor.pid)/cmdline", encoding: .utf8)
        #expect(arguments.contains("--supervise"), "alarmd's parent is its supervisor, not \(arguments.debugDescription)")
        defer { supervisor.signal(SIGTERM) }

        first.signal(SIGKILL)
        var second: pid_t?
        try #require(await eventually("a new alarmd after SIGKILL", within: 10) {
            second = daemonPID(daemon).flatMap { $0 == first.pid ? nil : $0 }
            return second != nil
        })
        try hold(second, "the second alarmd").signal(SIGSEGV)
        var third: pid_t?
        try #require(await eventually("a new alarmd after SIGSEGV", within: 10) {
            third = daemonPID(daemon).flatMap { $0 == second ? nil : $0 }
            return third != nil
        })
        let last = try hold(third, "the third alarmd")
        #expect(parent(of: last.pid) == supervisor.pid)

        let timer = makeRecord(title: "After the crashes", preAlert: 1)
        try daemon.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring", within: 10) { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("its sound to reach the device") { daemon.audioBytes > 0 }
        #expect(daemon.logText.contains("was killed by signal 9"), "the supervisor logs the crash")
        #expect(daemon.logText.contains("was killed by signal 11"))

        // A clean stop is not a crash: the supervisor ends with its daemon.
        last.signal(SIGTERM)
        #expect(await supervisor.ended(within: 10), "the supervisor to end after a clean stop")
        #expect(daemonPID(daemon) == nil)
    }

    @Test func aDaemonThatKeepsCrashingIsGivenUpOnWithANotification() async throws {
        let daemon = try DaemonHarness()
        let server = try #require(daemon.notifications)
        var running = try hold(try startInBackground(daemon), "alarmd")
        let supervisor = try hold(parent(of: running.pid), "its supervisor")
        defer { supervisor.signal(SIGTERM) }
        for crash in 1...Supervisor.giveUpAfter {
            running.signal(SIGKILL)
            guard crash < Supervisor.giveUpAfter else { break }
            var next: pid_t?
            try #require(await eventually("alarmd back after crash \(crash)", within: 20) {
                next = daemonPID(daemon).flatMap { $0 == running.pid ? nil : $0 }
                return next != nil
            })
            running = try hold(next, "alarmd after crash \(crash)")
        }
        let popup = try await server.waitForNotifies(summary: DaemonText.supervisorGaveUpSummary, timeout: .seconds(10))
        #expect(popup.count == 1)
        #expect(popup.first?.hints["urgency"] == "y:2")
        #expect(await supervisor.ended(within: 10), "the supervisor to give up")
        #expect(daemonPID(daemon) == nil, "nothing restarted it after giving up")
        #expect(daemon.logText.contains("not restarting it again"))
    }

    @Test func restartDelaysGrowAndAreCapped() {
        #expect(Supervisor.delay(afterCrashes: 1) == 0.5)
        #expect(Supervisor.delay(afterCrashes: 2) == 1)
        #expect(Supervisor.delay(afterCrashes: 4) == 4)
        #expect(Supervisor.delay(afterCrashes: 40) == Supervisor.longestDelay)
    }
}
