import AlarmClient
import Foundation
import Testing
import TestSupport

/// Tasks with reminders (issue 40, item 2), put into a Radicale task list (a collection of
/// VTODO only) by python-caldav as a task app would (Nextcloud Tasks, Thunderbird, DAVx5's task apps): a VTODO with a DUE and a reminder
/// 10 minutes before it rings through `[sync]` and through a `[[calendars]]` subscription at
/// its second; Stop writes RFC 9074's ACKNOWLEDGED and leaves the task NEEDS-ACTION, every
/// other line as it was; a completed task beside it rings nowhere and is listed by `unrung`;
/// a task ticked off in the task app (python-caldav) before its reminder is taken off both.
/// Before tasks, alarmd passed every VTODO over: no alarm came, and the test failed waiting
/// for it.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun && ThirdPartyClient.canRun,
                             "needs radicale and python-caldav (scripts/setup)"))
struct CalDAVTaskTests {
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// A task due 10 minutes after `fire`, its reminder related to the DUE (RELATED=END), with
    /// what a task app writes beside it.
    static func task(uid: String, title: String, reminderAt fire: Date, state: [String]) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16.1", "CALSCALE:GREGORIAN",
            "BEGIN:VTODO", "UID:\(uid)", "CREATED:20261101T080000Z", "DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z",
            "SUMMARY:\(title)", "DUE:\(utc(fire.addingTimeInterval(600)))", "PRIORITY:5", "CATEGORIES:Home",
            "X-APPLE-SORT-ORDER:123456",
        ] + state + [
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(title)", "TRIGGER;RELATED=END:-PT10M", "END:VALARM",
            "END:VTODO", "END:VCALENDAR", "",
        ]).joined(separator: "\r\n")
    }

    @Test func aTaskRingsThroughSyncAndASubscriptionAndStopOnlyAcknowledgesIt() async throws {
        let server = try CalDAVServer.start(.radicale)
        let url = server.calendarURL()
        // A task list, as Nextcloud and Thunderbird make them: a collection of VTODO only, which
        // the client lists and fetches as it does a calendar (no component filter).
        let body = #"<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>"#
            + #"<d:displayname>Tasks</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>"#
            + #"</d:prop></d:set></c:mkcalendar>"#
        let made = try Subprocess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "u:right", "-X", "MKCALENDAR",
                                                        "-H", "Content-Type: application/xml", "--data-binary", body, url])
        #expect(made.stdout == "201", "MKCALENDAR of a task list: \(made.stdout) \(made.stderr)")
        let components = try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:right", "-X", "PROPFIND", "-H", "Depth: 0", "--data-binary",
            #"<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:supported-calendar-component-set/></d:prop></d:propfind>"#, url]).stdout
        #expect(components.contains("VTODO") && !components.contains("VEVENT"), "a task list: \(components)")
        let other = ThirdPartyClient(url: url, ca: "-")
        let synced = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(url))
        let subscribed = try DaemonHarness(withNotificationServer: false, config:
            "[[calendars]]\nname = \"tasks\"\nurl = \"\(url)\"\nusername = \"u\"\npassword_command = \"/bin/echo x\"\ninterval = 1\n")
        // One python-caldav step (both tasks side by side), then two alarmd start and read.
        var lead = CalDAVForeignEventTests.soon(other, pythonSteps: 1)
        lead.seconds += 2
        lead.fire = Date(timeIntervalSince1970: (lead.chosen.timeIntervalSince1970 + lead.seconds).rounded(.up))
        let fire = lead.fire
        let tasks = [("rent", "Pay the rent", fire, ["STATUS:NEEDS-ACTION"]),
                     ("plants", "Water the plants", fire, ["STATUS:COMPLETED", "COMPLETED:20261101T090000Z", "PERCENT-COMPLETE:100"]),
                     ("call", "Call the bank", fire.addingTimeInterval(86_400), [])]
        try other.runTogether(tasks.map { name, title, at, state in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("task-\(UUID().uuidString).ics")
            try Self.task(uid: "\(name)@example.org", title: title, reminderAt: at, state: state).write(to: file, atomically: true, encoding: .utf8)
            return ["put-task", file.path]
        })
        try synced.start()
        try subscribed.start()
        try await eventually("the open tasks to become alarms on both", within: 15) { try synced.list().count == 2 && subscribed.list().count == 2 }
        let rent = try #require(try synced.list().first { $0.presentation.alert.title.text == "Pay the rent" })
        let subscribedRent = try #require(try subscribed.list().first { $0.presentation.alert.title.text == "Pay the rent" })
        #expect(subscribedRent.appID == "calendar:tasks")
        guard CalDAVForeignEventTests.due([rent, subscribedRent], lead, "task") else { return }
        let original = try other.run(["get-task", "rent@example.org"])
        #expect(original.contains("STATUS:NEEDS-ACTION") && !original.contains("ACKNOWLEDGED"))

        try await eventually("the task's reminder to ring on both", within: fire.timeIntervalSinceNow + 20) {
            try synced.record(rent.id)?.phase.state == .alerting && subscribed.record(subscribedRent.id)?.phase.state == .alerting
        }
        // The completed task, due at the same second, is no alarm on either: listed with its reason.
        #expect(try synced.list().map(\.presentation.alert.title.text).sorted() == ["Call the bank", "Pay the rent"])
        #expect(try subscribed.list().map(\.presentation.alert.title.text).sorted() == ["Call the bank", "Pay the rent"])
        for daemon in [synced, subscribed] {
            let unrung = try daemon.alarmctl("unrung")
            #expect(unrung.out.contains("Water the plants") && unrung.out.contains("a completed task"), "\(unrung)")
        }

        #expect(try synced.alarmctl("stop", rent.id.uuidString).status == 0)
        try await eventually("the Stop on the server", within: 15) { try other.run(["get-task", "rent@example.org"]).contains("ACKNOWLEDGED:") }
        let stopped = try other.run(["get-task", "rent@example.org"])
        let (removed, added) = CalDAVForeignEventTests.changes(original, stopped)
        #expect(removed.allSatisfy(CalDAVForeignEventTests.version) && removed.count == 2, "Stop: \(removed)")
        #expect(added.filter { !CalDAVForeignEventTests.version($0) }.map { String($0.prefix(13)) } == ["ACKNOWLEDGED:"], "Stop: \(added)")
        #expect(stopped.contains("STATUS:NEEDS-ACTION") && !stopped.contains("COMPLETED:") && !stopped.contains("PERCENT-COMPLETE"),
                "the task is not completed by a Stop: \(stopped)")
        #expect(!(try other.run(["get-task", "plants@example.org"]).contains("ACKNOWLEDGED")), "the completed task is left alone")

        // Ticked off in the task app before its reminder: it rings nowhere any more.
        try other.run(["set-task", "call@example.org", "STATUS", "COMPLETED"])
        try await eventually("the completed task to leave both", within: 15) {
            try !synced.list().contains { $0.presentation.alert.title.text == "Call the bank" }
                && !subscribed.list().contains { $0.presentation.alert.title.text == "Call the bank" }
        }
        #expect(try synced.alarmctl("unrung").out.contains("Call the bank"))
    }
}
