import AlarmClient
import Foundation
import Testing
import TestSupport

/// The sync state is in the alarm database, committed with the alarm changes it belongs to:
/// what alarmd did before a restart still goes out after it.
@Suite(.timeLimit(.minutes(10)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale (scripts/setup)"))
struct CalDAVStateTests {
    /// A Stop while the server is away, then alarmd restarted before any round could send
    /// it: the acknowledgement (and the version it bumped) still reaches the server.
    @Test func aRestartBetweenAStopAndTheNextRoundStillSendsTheAcknowledgement() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let a = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL(), interval: 3600))
        try a.start()
        let (alarm, _) = CalDAVAcknowledgementTests.weeklyAlarmSoon()
        _ = try a.connect().send(.schedule, record: alarm)
        #expect(try a.alarmctl("sync").status == 0)
        let url = server.calendarURL() + alarm.id.uuidString + ".ics"
        func onServer() throws -> String { try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:x", url]).stdout }
        #expect(try onServer().contains("SUMMARY:Weekly") && !onServer().contains("ACKNOWLEDGED"))

        try await eventually("the alarm to ring", within: 90) { try a.record(alarm.id)?.phase.state == .alerting }
        server.kill()
        #expect(try a.alarmctl("stop", alarm.id.uuidString).status == 0)
        let stopped = Date()
        await eventually("the round the Stop started to fail", within: 15) { a.logText.contains("offline: cannot reach 127.0.0.1") }
        a.stop()
        #expect(!FileManager.default.fileExists(atPath: a.paths.stateDirectory + "/sync-state.json"), "no second persistence path")

        try server.restart()
        try a.start()
        try await eventually("the acknowledgement to reach the server after the restart", within: 20) { try onServer().contains("ACKNOWLEDGED:") }
        let text = try onServer()
        let acknowledged = try #require(text.split(separator: "\r\n").first { $0.hasPrefix("ACKNOWLEDGED:") })
        let stamp = DateFormatter()
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let when = try #require(stamp.date(from: String(acknowledged.dropFirst(13))))
        #expect(abs(when.timeIntervalSince(stopped)) < 5, "the Stop's own time: \(acknowledged)")
        #expect(text.contains("SEQUENCE:1"), "with the version it bumped: \(text)")
    }

    /// `sync-state.json` of an older alarmd is taken in once and removed.
    @Test func anOlderSyncStateFileIsTakenInOnceAndRemoved() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let a = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL(), interval: 3600))
        try a.start()
        await a.firstSyncRoundEnded()
        #expect(try a.alarmctl("add", "7:30", "--title", "Old state").status == 0)
        let sent = try a.alarmctl("sync")
        #expect(sent.out.contains("1 sent"), "\(sent)")
        let id = try #require(try a.list().first?.id)
        let listing = try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:x", "-X", "PROPFIND", "-H", "Depth: 1", server.calendarURL()]).stdout
        let etag = try #require(listing.firstMatch(of: /<D:getetag>([^<]+)<\/D:getetag>/)?.1 ?? listing.firstMatch(of: /getetag>([^<]+)</)?.1)
        a.stop()
        // As 0.1's alarmd left it: its database has no sync rows, the file has the state.
        let database = a.paths.stateDirectory + "/alarms.sqlite"
        _ = try Subprocess.run("/usr/bin/sqlite3", [database, "DELETE FROM syncItem; DELETE FROM syncCollection;"])
        let fingerprintRow = try Subprocess.run("/usr/bin/sqlite3", [database, "SELECT count(*) FROM syncItem"]).stdout
        #expect(fingerprintRow.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let legacy = """
            {"url":"\(server.calendarURL())","state":{"token":null,"items":{"\(id.uuidString)":{"href":"/u/alarms/\(id.uuidString).ics","etag":"\(etag.replacingOccurrences(of: "\"", with: "\\\""))","fingerprint":"stale"}}}}
            """
        let file = a.paths.stateDirectory + "/sync-state.json"
        try legacy.write(toFile: file, atomically: true, encoding: .utf8)
        try a.start()
        await eventually("the file to be taken in and removed", within: 15) { !FileManager.default.fileExists(atPath: file) }
        a.stop()  // alarmd holds its database exclusively
        let rows = try Subprocess.run("/usr/bin/sqlite3", [database, "SELECT uid, href FROM syncItem"]).stdout
        #expect(rows.contains(id.uuidString + "|/u/alarms/"), "\(rows)")
        #expect(a.logText.contains("moved from"), "\(a.logText)")
    }
}

/// `[sync]` as config.toml says, now: refused URLs, SIGHUP, password commands.
@Suite(.timeLimit(.minutes(10)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale (scripts/setup)"))
struct CalDAVSettingsTests {
    func daemonPID(_ daemon: DaemonHarness) throws -> pid_t { try #require(try daemon.connect().send(.status).status?.pid) }

    /// http to a name that only starts with "127." is refused: sync is off and says why, in
    /// `status`, `alarmctl sync` and `config check`; every other setting applies.
    @Test func aRefusedURLTurnsSyncOffAlone() throws {
        let config = "[alarms]\nsnooze = 120\n\n[sync]\nurl = \"http://127.evil.test/u/alarms/\"\npassword_command = \"/bin/echo x\"\n"
        let a = try DaemonHarness(withNotificationServer: false, config: config)
        try a.start()
        let status = try #require(try a.connect().send(.status).status)
        #expect(status.defaultSnooze == 120, "the other settings keep their values")
        #expect(status.configProblem == nil)
        #expect(status.sync?.off == true && status.sync?.failure?.kind == "badURL" && status.sync?.failure?.reason == "plainHTTP")
        let words = try a.alarmctl("status")
        #expect(words.out.contains("a name such as 127.example.org is not this machine"), "\(words)")
        let sync = try a.alarmctl("sync")
        #expect(sync.status != 0 && sync.err.contains("sync is off") && sync.err.contains("plain http"), "\(sync)")
        let check = try a.alarmctl("config", "check")
        #expect(check.status == 2, "\(check)")
        #expect(check.out.contains("[alarms]\nsnooze = 120") && check.out.contains("[sync]"), "\(check.out)")
        #expect(check.err.contains("config.toml:5: sync.url refused") && check.err.contains("127.0.0.0/8, ::1 or localhost"), "\(check.err)")
    }

    /// alarmd sends what happened as data; alarmctl words it in the person's language.
    @Test func syncResultsAndFailuresReachGermanAlarmctl() async throws {
        let server = try CalDAVServer.start(.radicale, password: "right")
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let german: [String: String?] = ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "OPENALARMKIT_LOCALEDIR": try Translations.localeDirectory()]
        let wrong = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL(), password: "/bin/echo wrong", interval: 3600), extra: german)
        try wrong.start()
        let refused = try wrong.alarmctl("sync")
        #expect(refused.status != 0 && refused.err.contains("401 von 127.0.0.1: Benutzername und Passwort prüfen"), "\(refused)")
        #expect(try wrong.alarmctl("status").out.contains("401 von 127.0.0.1: Benutzername und Passwort prüfen"))
        let right = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL(), password: "/bin/echo right", interval: 3600), extra: german)
        try right.start()
        await right.firstSyncRoundEnded()
        #expect(try right.alarmctl("add", "7:30", "--title", "Tee").status == 0)
        let sent = try right.alarmctl("sync")
        #expect(sent.status == 0 && sent.out == "1 gesendet\n", "\(sent)")
        #expect(try right.alarmctl("sync").out == "nichts geändert\n")
        let off = try DaemonHarness(withNotificationServer: false, config: "[sync]\nurl = \"http://127.evil.test/u/alarms/\"\n", extra: german)
        try off.start()
        let said = try off.alarmctl("sync")
        #expect(said.err.contains("der Abgleich ist aus: http://127.evil.test/u/alarms/ ist nicht verwendbar: einfaches http würde das Passwort im Klartext senden"), "\(said)")
    }

    @Test func configCheckShowsTheSyncSection() throws {
        let a = try DaemonHarness(withNotificationServer: false, config: "[sync]\nurl = \"https://dav.example.org/cal/me/alarms/\"\nusername = \"me\"\ninterval = 30\n")
        let check = try a.alarmctl("config", "check")
        #expect(check.status == 0, "\(check)")
        #expect(check.out.contains("[sync]\nurl = \"https://dav.example.org/cal/me/alarms/\"\nusername = \"me\"\n# password from the keyring: secret-tool lookup service openalarmkit username me\ninterval = 30"), "\(check.out)")
    }

    /// SIGHUP applies [sync]: added (the alarms go out), changed (to another calendar), removed.
    @Test func aReloadAddsChangesAndRemovesSync() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL("first"))
        try CalDAVClientForTests.makeCalendar(server.calendarURL("second"))
        let a = try DaemonHarness(withNotificationServer: false)
        try a.start()
        #expect(try a.alarmctl("add", "7:30", "--title", "Reloaded").status == 0)
        #expect(try a.alarmctl("sync").err.contains("sync is not set up"))
        let configFile = a.root.appendingPathComponent("config/openalarmkit/config.toml")
        func listing(_ name: String) throws -> String {
            try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:x", "-X", "PROPFIND", "-H", "Depth: 1", server.calendarURL(name)]).stdout
        }

        try CalDAVSyncTests.config(server.calendarURL("first"), interval: 3600).write(to: configFile, atomically: true, encoding: .utf8)
        kill(try daemonPID(a), SIGHUP)
        try await eventually("the alarm to reach the first calendar", within: 15) { try listing("first").contains(".ics") }

        try CalDAVSyncTests.config(server.calendarURL("second"), interval: 3600).write(to: configFile, atomically: true, encoding: .utf8)
        kill(try daemonPID(a), SIGHUP)
        try await eventually("the alarm to reach the second calendar", within: 15) { try listing("second").contains(".ics") }
        #expect(try a.connect().send(.status).status?.sync?.url == server.calendarURL("second"))

        try "[alarms]\nsnooze = 60\n".write(to: configFile, atomically: true, encoding: .utf8)
        kill(try daemonPID(a), SIGHUP)
        try await eventually("sync to be off", within: 10) { try a.connect().send(.status).status?.sync == nil }
        #expect(try a.alarmctl("sync").err.contains("sync is not set up"))
    }

    /// A password command that hangs is stopped after its time and `status` says so; one
    /// still running when alarmd dies dies with it.
    @Test func aHangingPasswordCommandIsStoppedAndDiesWithAlarmd() async throws {
        let server = try CalDAVServer.start(.radicale)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("password-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("pid").path
        let command = "sh -c 'echo $$ > \(pidFile); exec sleep 300'"
        let a = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL(), password: command, interval: 3600))
        try a.start()
        await eventually("the command to run", within: 10) { FileManager.default.fileExists(atPath: pidFile) }
        await eventually("its pid", within: 5) { Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") != nil }
        let first = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        try await eventually("the time limit to stop it", within: 30) { try a.connect().send(.status).status?.sync?.failure?.kind == "passwordTimeout" }
        #expect(kill(first, 0) != 0, "stopped, not left behind")
        #expect(try a.alarmctl("status").out.contains("did not finish within 15 seconds"))

        try FileManager.default.removeItem(atPath: pidFile)
        _ = try a.connect().send(.sync)  // another round: the command runs again
        await eventually("the command to run again", within: 10) {
            Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") != nil
        }
        let second = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(try daemonPID(a), SIGKILL)
        a.kill9()
        await eventually("the command to die with alarmd", within: 5) { kill(second, 0) != 0 }
    }

    /// `alarmctl sync` during a round answers with the round after it, not the one under way.
    @Test func syncWaitsForARoundThatStartedAfterItAsked() async throws {
        let server = try CalDAVServer.start(.radicale, password: "right")
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let password = folder.appendingPathComponent("password").path, started = folder.appendingPathComponent("started").path
        try "wrong\n".write(toFile: password, atomically: true, encoding: .utf8)
        // Reads the password, says so, then takes three seconds: a round under way.
        let command = "sh -c \\\"cat \(password); touch \(started); sleep 3\\\""
        let config = "[sync]\nurl = \"\(server.calendarURL())\"\nusername = \"u\"\npassword_command = \"\(command)\"\ninterval = 3600\n"
        let a = try DaemonHarness(withNotificationServer: false, config: config)
        try a.start()
        await eventually("the first round to read the (wrong) password", within: 10) { FileManager.default.fileExists(atPath: started) }
        try "right\n".write(toFile: password, atomically: true, encoding: .utf8)
        let sync = try a.alarmctl("sync")
        #expect(sync.status == 0 && sync.out.contains("nothing changed"), "the round under way (401) is not the answer: \(sync)")
        #expect(a.logText.contains("401 from 127.0.0.1"), "the first round did fail: \(a.logText)")
    }
}
