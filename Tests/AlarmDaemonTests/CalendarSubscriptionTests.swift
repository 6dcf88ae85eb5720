import AlarmClient
import Foundation
import Testing
import TestSupport

/// `[[calendars]]` against a real Radicale: a calendar's reminders become alarms of app
/// `calendar:<name>`, follow the calendar's edits and deletions, keep a skip across polls, and
/// nothing is written back to the server.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale (scripts/setup)"))
struct CalendarSubscriptionTests {
    static func event(uid: String, summary: String) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)",
            "DTSTART;TZID=America/New_York:20260105T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "DESCRIPTION:x", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    static func curl(_ arguments: [String]) throws -> String {
        try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:right"] + arguments).stdout
    }

    @Test func remindersRingFollowTheCalendarAndAreNeverWrittenBack() async throws {
        let server = try CalDAVServer.start(.radicale)
        let url = server.calendarURL("team")
        try CalDAVClientForTests.makeCalendar(url)
        let standUp = Self.event(uid: "standup-1@example.com", summary: "Stand-up")
        _ = try Self.curl(["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", standUp, url + "standup.ics"])
        let before = try Self.curl([url + "standup.ics"])

        let config = "[[calendars]]\nname = \"team\"\nurl = \"\(url)\"\nusername = \"u\"\npassword_command = \"/bin/echo x\"\ninterval = 1\n"
        let daemon = try DaemonHarness(withNotificationServer: false, config: config)
        try daemon.start()
        try await eventually("the reminder to become an alarm", within: 15) {
            try daemon.list().map(\.presentation.alert.title.text) == ["Stand-up"]
        }
        let alarm = try #require(try daemon.list().first)
        #expect(alarm.appID == "calendar:team")
        #expect(alarm.timeZone == "America/New_York")
        #expect(alarm.schedule == .relative(.init(time: .init(hour: 8, minute: 50), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))))

        // Skippable, and a poll does not undo the skip: waited for as the next read of the
        // calendar taken in after it (`status` says when each read was, set on the loop
        // thread as it brings the alarms in step, so a new time means a read after the skip).
        #expect(try daemon.alarmctl("skip", alarm.id.uuidString).status == 0)
        func lastRead() throws -> Date? { try daemon.connect().send(.status).status?.unrung?.first { $0.calendar == "team" }?.checked }
        let skipped = try #require(try lastRead(), "the read that made the alarm, in status")
        try await eventually("a poll after the skip", within: 15) { try lastRead() != skipped }
        #expect(try daemon.record(alarm.id)?.skippedFire != nil)
        #expect(try Self.curl([url + "standup.ics"]) == before, "nothing written back, not even the skip")

        // The calendar's edit arrives; its deletion removes the alarm.
        _ = try Self.curl(["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", Self.event(uid: "standup-1@example.com", summary: "Daily"), url + "standup.ics"])
        try await eventually("the edit to arrive", within: 15) { try daemon.list().map(\.presentation.alert.title.text) == ["Daily"] }
        #expect(try daemon.list().first?.id == alarm.id, "edited in place, not added again")
        #expect(try Self.curl([url + "standup.ics"]).contains("SUMMARY:Daily"))
        _ = try Self.curl(["-X", "DELETE", url + "standup.ics"])
        try await eventually("the deletion to arrive", within: 15) { try daemon.list().isEmpty }
        #expect(before.contains("SUMMARY:Stand-up"), "\(before)")
    }

    /// A home server with a certificate of its own CA: `ca_file` trusts it, and without it the
    /// read is refused and says why (the alarms it gave stay, none are made up).
    @Test func aHomeServerWithItsOwnCAIsReadWithCAFile() async throws {
        let certificates = try TestCertificates.shared()
        let server = try CalDAVServer.start(.radicale, tls: certificates.server)
        let url = server.calendarURL("family")
        try CalDAVClientForTests.makeCalendar(url, ca: certificates.ca)
        _ = try Subprocess.run("/usr/bin/curl", ["-s", "--cacert", certificates.ca, "-u", "u:right", "-X", "PUT", "-H", "Content-Type: text/calendar",
                                                 "--data-binary", Self.event(uid: "school-1@example.com", summary: "School run"), url + "school.ics"])
        func config(_ caFile: String?) -> String {
            "[[calendars]]\nname = \"family\"\nurl = \"\(url)\"\nusername = \"u\"\npassword_command = \"/bin/echo x\"\ninterval = 1\n"
                + (caFile.map { "ca_file = \"\($0)\"\n" } ?? "")
        }
        let trusting = try DaemonHarness(withNotificationServer: false, config: config(certificates.ca))
        try trusting.start()
        try await eventually("the reminder over HTTPS", within: 15) { try trusting.list().map(\.presentation.alert.title.text) == ["School run"] }
        #expect(try trusting.alarmctl("config", "check").out.contains("[[calendars]]\nname = \"family\"\nurl = \"\(url)\"\nusername = \"u\"\npassword_command = \"/bin/echo x\"\ninterval = 1\nca_file = \"\(certificates.ca)\""))

        let refusing = try DaemonHarness(withNotificationServer: false, config: config(nil))
        try refusing.start()
        try await eventually("the refusal in the log", within: 15) { refusing.logText.contains("not signed by an authority this computer trusts") }
        #expect(try refusing.list().isEmpty)
    }
}
