import AlarmClient
import Foundation
import Testing
import TestSupport

/// Two alarmd (separate XDG folders, like two machines) syncing through one real CalDAV
/// server on loopback, Radicale and Xandikos, with `interval = 1`: what one does reaches the
/// other within two intervals (the bounds here allow for a loaded CI machine).
@Suite(.timeLimit(.minutes(3)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale and xandikos (scripts/setup)"))
struct CalDAVSyncTests {
    static func config(_ url: String, password: String = "/bin/echo x", interval: Int = 1, ca: String? = nil) -> String {
        "[sync]\nurl = \"\(url)\"\nusername = \"u\"\npassword_command = \"\(password)\"\ninterval = \(interval)\n"
            + (ca.map { "ca_file = \"\($0)\"\n" } ?? "")
    }

    func machines(_ server: CalDAVServer) throws -> (DaemonHarness, DaemonHarness) {
        let a = try DaemonHarness(withNotificationServer: false, config: Self.config(server.calendarURL()))
        let b = try DaemonHarness(withNotificationServer: false, config: Self.config(server.calendarURL()))
        try a.start()
        try b.start()
        return (a, b)
    }

    func titles(_ daemon: DaemonHarness) throws -> [String] {
        try daemon.list().map(\.presentation.alert.title.text).sorted()
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func addEditDeleteReachTheOtherMachine(kind: CalDAVServer.Kind) async throws {
        let server = try CalDAVServer.start(kind)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, b) = try machines(server)

        #expect(try a.alarmctl("add", "7:30", "--title", "Wake up").status == 0)
        let now = try a.alarmctl("sync")
        #expect(now.status == 0 && (now.out.contains("1 sent") || now.out.contains("nothing changed")), "\(now)")
        try await eventually("the alarm added on A to reach B", within: 15) { try titles(b) == ["Wake up"] }
        let id = try #require(try b.list().first?.id)
        #expect(try a.list().first?.id == id, "the same alarm, not a copy")

        #expect(try b.alarmctl("edit", id.uuidString, "--title", "Get up", "--at", "mon-fri 6:45").status == 0)
        try await eventually("B's edit to reach A", within: 15) { try titles(a) == ["Get up"] }
        #expect(try a.record(id)?.repeats == true)

        #expect(try a.alarmctl("disable", id.uuidString).status == 0)
        try await eventually("A's off switch to reach B", within: 15) { try b.record(id)?.disabledAt != nil }

        #expect(try a.alarmctl("cancel", id.uuidString).status == 0)
        try await eventually("A's deletion to reach B", within: 15) { try b.list().isEmpty }
        #expect(a.logText.contains("sync: "), "\(a.logText)")
    }

    @Test func bothRingAndAStopOnOneSilencesTheOther() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, b) = try machines(server)
        let alarm = makeRecord(title: "Both", schedule: .fixed(Date().addingTimeInterval(12)))
        _ = try a.connect().send(.schedule, record: alarm)
        try await eventually("the alarm to reach B", within: 10) { try b.record(alarm.id) != nil }
        try await eventually("both to ring", within: 20) {
            try a.record(alarm.id)?.phase.state == .alerting && b.record(alarm.id)?.phase.state == .alerting
        }
        #expect(try a.alarmctl("stop", alarm.id.uuidString).status == 0)
        let stopped = Date()
        try await eventually("B to fall silent", within: 10) { try b.record(alarm.id)?.phase.state != .alerting }
        #expect(Date().timeIntervalSince(stopped) < 10)
    }

    /// With a one-minute interval, only the 5-s polling while ringing can be this quick.
    @Test func aRingingMachinePollsEveryFiveSeconds() async throws {
        let server = try CalDAVServer.start(.xandikos)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let a = try DaemonHarness(withNotificationServer: false, config: Self.config(server.calendarURL(), interval: 60))
        let b = try DaemonHarness(withNotificationServer: false, config: Self.config(server.calendarURL(), interval: 60))
        try a.start()
        let alarm = makeRecord(title: "Both", schedule: .fixed(Date().addingTimeInterval(10)))
        _ = try a.connect().send(.schedule, record: alarm)
        #expect(try a.alarmctl("sync").status == 0)
        try b.start()  // its first round, at start, brings the alarm
        try await eventually("the alarm to reach B", within: 8) { try b.record(alarm.id) != nil }
        try await eventually("both to ring", within: 20) {
            try a.record(alarm.id)?.phase.state == .alerting && b.record(alarm.id)?.phase.state == .alerting
        }
        try await Task.sleep(for: .seconds(1))  // both are in their ringing-time sleep
        #expect(try a.alarmctl("stop", alarm.id.uuidString).status == 0)
        try await eventually("B to fall silent within 10 s", within: 10) { try b.record(alarm.id)?.phase.state != .alerting }
    }

    @Test func aServerThatDiesMidWayLosesNothingAndSyncResumes() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, b) = try machines(server)
        server.kill()
        for index in 0..<5 { #expect(try a.alarmctl("add", "8:0\(index)", "--title", "Alarm \(index)").status == 0) }
        await eventually("A to say it is offline", within: 15) { a.logText.contains("offline: cannot reach 127.0.0.1") }
        #expect(try a.list().count == 5, "the alarms stay while the server is away")
        try server.restart()
        try await eventually("the queued alarms to reach B", within: 20) { try b.list().count == 5 }
    }

    @Test func aWrongPasswordIsSaidClearlyAndAlarmsStillRing() async throws {
        let server = try CalDAVServer.start(.radicale, password: "right")
        let a = try DaemonHarness(config: Self.config(server.calendarURL(), password: "/bin/echo wrong"))
        try a.start()
        await eventually("the refusal in the log", within: 15) {
            a.logText.contains("401 from 127.0.0.1: check the username and password")
        }
        #expect(!a.logText.contains("wrong"), "the password is never logged")
        let status = try a.alarmctl("status")
        #expect(status.out.contains("401 from 127.0.0.1: check the username and password"), "\(status)")
        #expect(!status.out.contains("wrong"))
        let now = try a.alarmctl("sync")
        #expect(now.status == 1 && now.err.contains("401 from 127.0.0.1"), "\(now)")
        let timer = makeRecord(title: "Tea", preAlert: 2, postAlert: 1)
        _ = try a.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring on time despite the failing sync", within: 6) {
            try a.record(timer.id)?.phase.state == .alerting
        }
    }
}

/// alarmd without [sync] never maps libcurl or libxml2 (OnDemandLibraries); with it, they come
/// with the first round.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .enabled(if: CalDAVServer.canRun, "needs radicale (scripts/setup)"))
struct SyncLibrariesTests {
    static func maps(_ daemon: DaemonHarness) throws -> String {
        // The daemon's own pid from `status` (the harness's child may be its supervisor).
        // Through cat: /proc files say size 0, and a sized read can stop after the first page.
        try Subprocess.run("/bin/cat", ["/proc/\(try #require(try daemon.connect().send(.status).status?.pid))/maps"]).stdout
    }

    @Test func onlyAnAlarmdWithSyncLoadsCurlAndXML() async throws {
        let plain = try DaemonHarness(withNotificationServer: false)
        try plain.start()
        #expect(try plain.alarmctl("add", "7:30", "--title", "x").status == 0)
        let without = try Self.maps(plain)
        #expect(!without.contains("/libcurl.so") && !without.contains("/libxml2.so"), "\(without)")

        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let synced = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL()))
        try synced.start()
        await eventually("a first round", within: 15) {
            let maps = (try? Self.maps(synced)) ?? ""
            return maps.contains("/libcurl.so.4") && maps.contains("/libxml2.so.2")
        }
        let with = try Self.maps(synced)
        #expect(with.contains("/libcurl.so.4") && with.contains("/libxml2.so.2"), "maps name the real files, libcurl.so.4.8.0 and libxml2.so.2.9.14")
    }
}

/// The calendar the machines share, made before they start (MKCALENDAR through curl's CLI, so
/// this test target needs no link to AlarmSync).
enum CalDAVClientForTests {
    static func makeCalendar(_ url: String, ca: String? = nil) throws {
        let trust = ca.map { ["--cacert", $0] } ?? []
        let result = try Subprocess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "u:right", "-X", "MKCALENDAR"] + trust + [url])
        guard result.stdout == "201" else { throw DaemonHarness.HarnessError.timedOut("MKCALENDAR \(url): \(result.stdout) \(result.stderr)") }
    }
}
