import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// What survives the daemon going away: cleanly, by SIGKILL, or for longer than an alarm waits.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct RestartTests {
    @Test func aPausedCountdownKeepsItsRemainingTimeAcrossARestart() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let timer = makeRecord(title: "Bread", preAlert: 600)
        try daemon.connect().send(.schedule, record: timer)
        try await Task.sleep(for: .microseconds(200_000))
        let paused = try #require(try daemon.connect().send(.pause, alarm: timer.id).record)
        guard case .paused(let total, let elapsed) = paused.phase else {
            Issue.record("expected paused, got \(paused.phase)")
            return
        }
        #expect(total == 600 && elapsed >= 0.2 && elapsed < 5)

        daemon.stop()
        #expect(daemon.exitStatus == 0)
        try await Task.sleep(for: .microseconds(500_000))  // time passes while the daemon is down: a paused timer must not notice
        try daemon.start()
        #expect(try daemon.record(timer.id)?.phase == paused.phase)
        let resumed = try #require(try daemon.connect().send(.resume, alarm: timer.id).record)
        guard case .countdown(let start, let fire, _, _) = resumed.phase else {
            Issue.record("expected countdown, got \(resumed.phase)")
            return
        }
        #expect(abs(fire.timeIntervalSince(start) - (600 - elapsed)) < 0.001)
    }

    @Test func killMinus9WhileSchedulingLosesNoAcknowledgedAlarm() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let acknowledged = Locked<[UUID]>([])
        let writer = Thread {
            guard let connection = try? daemon.connect() else { return }
            let far = Date().addingTimeInterval(86400)
            while true {
                let record = makeRecord(title: "Durable", schedule: .fixed(far))
                guard (try? connection.send(.schedule, record: record)) != nil else { return }
                acknowledged.withLock { $0.append(record.id) }
            }
        }
        writer.start()
        await eventually("some alarms to be acknowledged") { acknowledged.withLock { $0.count } >= 20 }
        var random = TestRandom()
        try await Task.sleep(for: .microseconds(Int.random(in: 0...50_000, using: &random)))
        daemon.kill9()
        let acknowledgedIDs: [UUID] = acknowledged.withLock { $0 }
        let sent = Set(acknowledgedIDs)
        try daemon.start()
        let stored = Set(try daemon.list().map(\.id))
        #expect(sent.isSubset(of: stored), "lost \(sent.subtracting(stored).count) of \(sent.count) acknowledged alarms")
    }

    @Test func anAlarmDueWhileTheDaemonWasDownRingsIfOnlyALittleLate() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let alarm = makeRecord(title: "Late but fine", schedule: .fixed(Date().addingTimeInterval(1)))
        try daemon.connect().send(.schedule, record: alarm)
        daemon.stop()
        try await Task.sleep(for: .microseconds(1_500_000))
        try daemon.start()
        #expect(try daemon.record(alarm.id)?.phase.state == .alerting)
        await eventually("audio to reach the device") { daemon.audioBytes > 0 }
    }

    @Test func anAlarmMissedByMoreThanTheToleranceIsReportedMissedOnce() async throws {
        let daemon = try DaemonHarness(config: "[alarms]\nlate_tolerance = 1\n")
        try daemon.start()
        let alarm = makeRecord(title: "Too late", schedule: .fixed(Date().addingTimeInterval(0.5)))
        let other = makeRecord(title: "Also too late", schedule: .fixed(Date().addingTimeInterval(0.6)))
        try daemon.connect().send(.schedule, record: alarm)
        try daemon.connect().send(.schedule, record: other)
        daemon.stop()
        try await Task.sleep(for: .microseconds(2_500_000))
        try daemon.start()
        #expect(try daemon.list().isEmpty, "one-shot alarms that were missed are gone")
        let missed = try #require(try daemon.connect().send(.missed).missed)
        #expect(Set(missed.map(\.title)) == ["Too late", "Also too late"])
        #expect(missed.allSatisfy { $0.reason == "tooLate" })
        let server = try #require(daemon.notifications)
        let reports = try await server.waitForNotifies(summary: "2 missed alarms")
        #expect(reports.count == 1, "one message for the batch")
        #expect(reports.first?.body.contains("Too late") == true)
        #expect(daemon.audioBytes == 0, "a missed alarm does not ring")
    }

    @Test func sigtermShutsDownCleanlyAndRemovesTheSocket() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        daemon.stop()
        #expect(daemon.exitStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.paths.socket))
    }

    @Test func sighupReloadsTheConfig() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nsnooze = 120\n")
        try daemon.start()
        #expect(try daemon.connect().send(.status).status?.defaultSnooze == 120)
        try "[alarms]\nsnooze = 300\n".write(toFile: daemon.paths.configFile, atomically: true, encoding: .utf8)
        let pid = try #require(try daemon.connect().send(.status).status?.pid)
        kill(pid, SIGHUP)
        try await eventually("the new snooze to apply") { try daemon.connect().send(.status).status?.defaultSnooze == 300 }
        // A broken file keeps the old settings and says why.
        try "[alarms]\nsnooze = -1\n".write(toFile: daemon.paths.configFile, atomically: true, encoding: .utf8)
        kill(pid, SIGHUP)
        await eventually("the error to be logged") { daemon.logText.contains("alarms.snooze must be") }
        #expect(try daemon.connect().send(.status).status?.defaultSnooze == 300)
    }

    @Test func aSecondDaemonRefusesToStartWhileTheFirstServes() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let second = try Subprocess.run(BuildProducts.path("alarmd"), environment: daemon.environment)
        #expect(second.termination == .exited(1))
        #expect(second.stderr.contains("is already serving this user"))
        #expect(try daemon.connect().send(.status).status != nil)
    }
}

@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct TimeZoneTests {
    @Test func relativeAlarmsFollowAZoneChangeAndFixedOnesDoNot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-zone-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["TZ": nil, "OPENALARMKIT_LOCALTIME": link])
        try daemon.start()
        #expect(try daemon.connect().send(.status).status?.timeZone == "Europe/Berlin")
        let relative = makeRecord(title: "Relative", schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday]))))
        let fixedDate = Date().addingTimeInterval(3 * 86400)
        let fixed = makeRecord(title: "Fixed", schedule: .fixed(fixedDate))
        try daemon.connect().send(.schedule, record: relative)
        try daemon.connect().send(.schedule, record: fixed)
        let berlinPhase = try daemon.record(relative.id)?.phase
        guard case .scheduled(let berlinFire) = berlinPhase else {
            Issue.record("the relative alarm is not scheduled in Berlin: \(String(describing: berlinPhase))")
            return
        }

        // Replace the link the way timedatectl does: a new link renamed over the old one.
        let staged = folder.appendingPathComponent("localtime.new").path
        try FileManager.default.createSymbolicLink(atPath: staged, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        rename(staged, link)
        try await eventually("the daemon to notice the new zone") { try daemon.connect().send(.status).status?.timeZone == "Asia/Tokyo" }
        let tokyoPhase = try daemon.record(relative.id)?.phase
        guard case .scheduled(let tokyoFire) = tokyoPhase else {
            Issue.record("the relative alarm is not scheduled in Tokyo: \(String(describing: tokyoPhase))")
            return
        }
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let parts = tokyo.dateComponents([.weekday, .hour, .minute], from: tokyoFire)
        #expect(parts.weekday == 2 && parts.hour == 6 && parts.minute == 30, "Monday 06:30 on Tokyo's clock")
        #expect(tokyoFire != berlinFire)
        let fixedPhase = try daemon.record(fixed.id)?.phase
        guard case .scheduled(let fixedFire) = fixedPhase else {
            Issue.record("the fixed alarm is not scheduled: \(String(describing: fixedPhase))")
            return
        }
        // Dates cross the wire as seconds since 1970, exact to well under a microsecond.
        #expect(abs(fixedFire.timeIntervalSince(fixedDate)) < 1e-5)
    }
}

@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ActivationTests {
    @Test func systemdSocketActivationHandsTheDaemonItsSocket() async throws {
        // systemd-socket-activate does what alarmd.socket does: listens, and starts alarmd on
        // the first connection with the socket as fd 3 (LISTEN_FDS=1, LISTEN_PID).
        let daemon = try DaemonHarness(withNotificationServer: false)
        try FileManager.default.createDirectory(atPath: daemon.paths.runtimeDirectory, withIntermediateDirectories: true)
        let activator = try Subprocess(
            "/usr/bin/systemd-socket-activate",
            // It hands the daemon only the variables named with -E, as systemd passes only its own.
            ["--listen=\(daemon.paths.socket)"]
                + ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "OPENALARMKIT_AUDIO_DEVICE", "DBUS_SESSION_BUS_ADDRESS", "TZ"].map { "-E\($0)" }
                + [BuildProducts.path("alarmd")],
            environment: daemon.environment, stderr: .null)
        defer {
            activator.signal(SIGTERM)
            activator.wait()
        }
        await eventually("the socket to be listened on") { FileManager.default.fileExists(atPath: daemon.paths.socket) }
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.alarmCount == 0)
        let activated = try #require(ProcessHandle(status.pid), "alarmd \(status.pid) ended before the test could hold it")
        let timer = makeRecord(title: "Activated", preAlert: 60)
        #expect(try daemon.connect().send(.schedule, record: timer).record?.phase.state == .countdown)
        activated.signal(SIGTERM)
        // Its exit, not a pause: whatever alarmd does to the socket on the way out is done by then.
        #expect(await activated.ended(within: 20), "alarmd did not exit on SIGTERM")
        #expect(FileManager.default.fileExists(atPath: daemon.paths.socket), "a socket systemd owns is left in place")
    }

    @Test func alarmctlStartsTheDaemonWhenNothingAnswers() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["OPENALARMKIT_NO_AUTOSTART": nil])
        let result = try daemon.alarmctl("status", "--json")
        #expect(result.status == 0, "\(result.err)")
        let status = try JSONDecoder().decode(AlarmProtocol.DaemonStatus.self, from: Data(result.out.utf8))
        // Held by a pidfd: the started alarmd is not our child, and its pid may be reused once it ends.
        let started = try #require(ProcessHandle(status.pid), "the alarmd alarmctl started (pid \(status.pid)) already ended")
        defer { started.signal(SIGTERM) }
        #expect(status.alarmCount == 0)
        #expect(FileManager.default.fileExists(atPath: daemon.paths.stateDirectory + "/alarmd.log"))
        // With autostart off and nothing running, the CLI says so and exits 3.
        started.signal(SIGTERM)
        #expect(await started.ended(within: 20), "alarmd did not exit on SIGTERM")
        var quiet = daemon.environment
        quiet["OPENALARMKIT_NO_AUTOSTART"] = "1"
        let refused = try Subprocess.run(BuildProducts.path("alarmctl"), ["list"], environment: quiet)
        #expect(refused.termination == .exited(3))
        #expect(refused.stderr.contains("alarmd is not running"))
    }
}
