import AlarmClient
import Foundation
import Testing
import TestSupport

/// Stop once, silent everywhere, for the alarms a Stop does not remove: two alarmd syncing
/// through a real CalDAV server (`interval = 1`); a Stop or Snooze on A is written as an RFC
/// 9074 acknowledgement, and B, ringing the same fire, ends its ring the same way.
@Suite(.timeLimit(.minutes(4)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale and xandikos (scripts/setup)"))
struct CalDAVAcknowledgementTests {
    func machines(_ server: CalDAVServer) throws -> (DaemonHarness, DaemonHarness) {
        let a = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL()))
        let b = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL()))
        try a.start()
        try b.start()
        return (a, b)
    }

    /// A weekly alarm on the next whole minute at least 15 s away (the daemons run in UTC).
    static func weeklyAlarmSoon() -> (AlarmRecord, fire: Date) {
        let now = Date().timeIntervalSince1970
        var fire = (now / 60).rounded(.up) * 60
        if fire - now < 15 { fire += 60 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: fire)
        let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
        let days: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        let schedule = Alarm.Schedule.relative(.init(time: .init(hour: parts.hour!, minute: parts.minute!), repeats: .weekly([days[parts.weekday! - 1]])))
        return (makeRecord(title: "Weekly", schedule: schedule), date)
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aStopOnARepeatingAlarmSilencesTheOtherAndBothKeepTheNextDate(kind: CalDAVServer.Kind) async throws {
        let server = try CalDAVServer.start(kind)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, b) = try machines(server)
        let (alarm, fire) = Self.weeklyAlarmSoon()
        _ = try a.connect().send(.schedule, record: alarm)
        try await eventually("the alarm to reach B", within: 15) { try b.record(alarm.id) != nil }
        try await eventually("both to ring", within: 90) {
            try a.record(alarm.id)?.phase.state == .alerting && b.record(alarm.id)?.phase.state == .alerting
        }
        #expect(try a.alarmctl("stop", alarm.id.uuidString).status == 0)
        let stopped = Date()
        try await eventually("B to fall silent", within: 10) { try b.record(alarm.id)?.phase.state != .alerting }
        #expect(Date().timeIntervalSince(stopped) < 10)
        let nextWeek = fire.addingTimeInterval(7 * 86400)
        #expect(try a.record(alarm.id)?.phase == .scheduled(fireDate: nextWeek))
        #expect(try b.record(alarm.id)?.phase == .scheduled(fireDate: nextWeek))
        #expect(b.logText.contains("stopped on another machine"), "\(b.logText)")
        // Settled: a few more rounds change nothing and neither rings again.
        try await Task.sleep(for: .seconds(3))
        #expect(try a.record(alarm.id)?.phase == .scheduled(fireDate: nextWeek))
        #expect(try b.record(alarm.id)?.phase == .scheduled(fireDate: nextWeek))
    }

    @Test func aSnoozeOnOneSnoozesTheOther() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, b) = try machines(server)
        let alarm = makeRecord(title: "Snoozy", schedule: .fixed(Date().addingTimeInterval(12)), postAlert: 300)
        _ = try a.connect().send(.schedule, record: alarm)
        try await eventually("the alarm to reach B", within: 10) { try b.record(alarm.id) != nil }
        try await eventually("both to ring", within: 20) {
            try a.record(alarm.id)?.phase.state == .alerting && b.record(alarm.id)?.phase.state == .alerting
        }
        #expect(try a.alarmctl("snooze", alarm.id.uuidString).status == 0)
        try await eventually("B to be snoozed", within: 10) { try b.record(alarm.id)?.phase.state == .countdown }
        #expect(b.logText.contains("snoozed on another machine"), "\(b.logText)\nA: \(a.logText)")
        #expect(try a.record(alarm.id)?.phase.state == .countdown)
    }

    /// An edit here is uploaded with a higher SEQUENCE and a LAST-MODIFIED (RFC 5545): read
    /// back from the server itself.
    @Test func anEditIsUploadedWithAHigherSequence() async throws {
        let server = try CalDAVServer.start(.radicale)
        try CalDAVClientForTests.makeCalendar(server.calendarURL())
        let (a, _) = try machines(server)
        let alarm = makeRecord(title: "Versioned", schedule: .fixed(Date().addingTimeInterval(3600)))
        _ = try a.connect().send(.schedule, record: alarm)
        let url = server.calendarURL() + alarm.id.uuidString + ".ics"
        func onServer() throws -> String { try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:right", url]).stdout }
        try await eventually("the alarm to reach the server", within: 10) { try onServer().contains("SUMMARY:Versioned") }
        #expect(try !onServer().contains("SEQUENCE:"), "first upload: version 0, written as none")
        #expect(try a.alarmctl("edit", alarm.id.uuidString, "--title", "Versioned again").status == 0)
        try await eventually("the edit to reach the server", within: 10) { try onServer().contains("SUMMARY:Versioned again") }
        let text = try onServer()
        #expect(text.contains("SEQUENCE:1") && text.contains("LAST-MODIFIED:"), "\(text)")
    }
}
