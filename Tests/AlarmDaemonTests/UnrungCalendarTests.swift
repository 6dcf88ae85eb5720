import AlarmClient
import Foundation
import Testing
import TestSupport

/// What does not ring, said: a real alarmd reading a real Radicale calendar through `[sync]`
/// and a real Xandikos calendar as a `[[calendars]]` subscription, each holding events that
/// cannot ring (all-day without a reminder, an ended series, e-mail only, cancelled, an
/// unknown zone, Apple's "no alert") beside one in Outlook's `W. Europe Standard Time` that
/// does: `alarmctl sync`, `status` and `unrung` count and list them, in English and German.
@Suite(.timeLimit(.minutes(10)), .tags(.products), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale and xandikos (scripts/setup)"))
struct UnrungCalendarTests {
    static func calendar(_ uid: String, _ summary: String, _ lines: [String], timezone: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + timezone
         + ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)"] + lines
         + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static let display = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x", "END:VALARM"]

    /// Outlook's VTIMEZONE for Western Europe, as Exchange writes it.
    static let outlookZone = [
        "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    /// A Monday 09:00 meeting in `W. Europe Standard Time`, reminded 15 minutes before.
    static let review = calendar(
        "040000008200E00074C5B7101A82E00800000000REVIEW", "Review",
        ["DTSTART;TZID=W. Europe Standard Time:20260105T090000", "DTEND;TZID=W. Europe Standard Time:20260105T100000",
         "RRULE:FREQ=WEEKLY;BYDAY=MO"] + display, timezone: outlookZone)

    /// Ten days ago (UTC), `20261118` and `2026-11-18`: a series that ended this recently is
    /// listed; one that ended more than 30 days ago only counted.
    static let recentEnd: (ical: String, iso: String) = {
        let day = Date().addingTimeInterval(-10 * 86_400)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let parts = utc.dateComponents([.year, .month, .day], from: day)
        let iso = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        return (iso.replacingOccurrences(of: "-", with: ""), iso)
    }()

    /// The events that give no alarm, by file name, and the English and German reasons.
    static let unrung: [(file: String, text: String, english: String, german: String)] = [
        ("holiday.ics", calendar("holiday-1@example.com", "Holiday", ["DTSTART;VALUE=DATE:20300105", "DTEND;VALUE=DATE:20300106"]),
         "2030-01-05  'Holiday': all-day event without a reminder", "2030-01-05  'Holiday': ganztägiger Termin ohne Erinnerung"),
        ("climbing.ics", calendar("climbing-1@example.com", "Climbing", ["DTSTART;TZID=Europe/Berlin:20250106T183000", "RRULE:FREQ=WEEKLY;UNTIL=\(recentEnd.ical)T000000Z"] + display),
         "2025-01-06 18:30 Europe/Berlin  'Climbing': ended on \(recentEnd.iso)", "2025-01-06 18:30 Europe/Berlin  'Climbing': endete am \(recentEnd.iso)"),
        ("mail.ics", calendar("mail-1@example.com", "Dentist", ["DTSTART:20300107T090000Z", "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-P1D", "SUMMARY:Dentist",
                                                               "DESCRIPTION:Dentist tomorrow", "ATTENDEE:mailto:me@example.com", "END:VALARM"]),
         "2030-01-07 09:00 UTC  'Dentist': its reminders only send e-mail", "2030-01-07 09:00 UTC  'Dentist': seine Erinnerungen schicken nur E-Mails"),
        ("cancelled.ics", calendar("cancelled-1@example.com", "Party", ["DTSTART;TZID=Europe/Berlin:20300108T200000", "STATUS:CANCELLED"] + display),
         "2030-01-08 20:00 Europe/Berlin  'Party': cancelled", "2030-01-08 20:00 Europe/Berlin  'Party': abgesagt"),
        ("mars.ics", calendar("mars-1@example.com", "Landing", ["DTSTART;TZID=Mars Standard Time:20300109T120000"] + display),
         "2030-01-09 12:00 Mars Standard Time  'Landing': time zone 'Mars Standard Time' unknown",
         "2030-01-09 12:00 Mars Standard Time  'Landing': Zeitzone „Mars Standard Time“ unbekannt"),
        ("apple.ics", calendar("apple-1@example.com", "Lunch", ["DTSTART;TZID=Europe/Berlin:20300110T120000", "BEGIN:VALARM", "ACTION:NONE",
                                                               "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "END:VALARM"]),
         "2030-01-10 12:00 Europe/Berlin  'Lunch': no reminder", "2030-01-10 12:00 Europe/Berlin  'Lunch': keine Erinnerung"),
    ]

    static func put(_ url: String, _ text: String) throws {
        let result = try Subprocess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "u:right", "-X", "PUT",
                                                          "-H", "Content-Type: text/calendar", "--data-binary", text, url])
        guard ["201", "204"].contains(result.stdout) else { throw DaemonHarness.HarnessError.timedOut("PUT \(url): \(result.stdout) \(result.stderr)") }
    }

    static func delete(_ url: String) throws {
        _ = try Subprocess.run("/usr/bin/curl", ["-s", "-u", "u:right", "-X", "DELETE", url])
    }

    /// A Radicale calendar for [sync] and a Xandikos one for [[calendars]], both holding the
    /// review and every event that gives no alarm; a daemon in New York reading both.
    func setUp() throws -> (sync: String, team: String, daemon: DaemonHarness, servers: [CalDAVServer]) {
        let radicale = try CalDAVServer.start(.radicale)
        let xandikos = try CalDAVServer.start(.xandikos)
        let sync = radicale.calendarURL(), team = xandikos.calendarURL("team")
        for url in [sync, team] {
            try CalDAVClientForTests.makeCalendar(url)
            try Self.put(url + "review.ics", Self.review)
            for event in Self.unrung { try Self.put(url + event.file, event.text) }
            try Self.put(url + "old.ics", Self.calendar("old-1@example.com", "Choir", ["DTSTART;TZID=Europe/Berlin:20240108T193000", "RRULE:FREQ=WEEKLY;UNTIL=20250701T000000Z"] + Self.display))
        }
        let config = CalDAVSyncTests.config(sync)
            + "\n[[calendars]]\nname = \"team\"\nurl = \"\(team)\"\nusername = \"u\"\npassword_command = \"/bin/echo x\"\ninterval = 1\n"
        let daemon = try DaemonHarness(withNotificationServer: false, config: config, extra: ["TZ": "America/New_York"])
        return (sync, team, daemon, [radicale, xandikos])
    }

    /// The next Monday 08:45 in Berlin after `now`, by Foundation's calendar (ICU): the oracle.
    static func nextBerlinMonday0845(after now: Date) -> Date {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return berlin.nextDate(after: now, matching: DateComponents(hour: 8, minute: 45, weekday: 2), matchingPolicy: .strict)!
    }

    func reviews(_ daemon: DaemonHarness) throws -> [AlarmRecord] {
        try daemon.list().filter { $0.presentation.alert.title.text == "Review" }
    }

    @Test func wEuropeStandardTimeRingsAtBerlinWallTimeThroughImportSyncAndCalendars() async throws {
        let (_, _, daemon, servers) = try setUp()
        _ = servers
        try daemon.start()
        try await eventually("the review to arrive through [sync] and [[calendars]]", within: 20) { try reviews(daemon).count == 2 }
        let file = daemon.root.appendingPathComponent("review.ics").path
        try Self.review.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try daemon.alarmctl("import", file)
        #expect(imported.status == 0 && imported.out == "imported 0, updated 1, 0 events give no alarm\n", "\(imported)")
        // Import updated the [sync] copy (same UID): still one per source.
        let alarms = try reviews(daemon)
        #expect(Set(alarms.map(\.appID)).count == 2, "\(alarms.map(\.appID))")
        let expected = Self.nextBerlinMonday0845(after: Date())
        for alarm in alarms {
            #expect(alarm.timeZone == "Europe/Berlin", "\(alarm.appID): \(alarm.timeZone ?? "no zone")")
            #expect(alarm.schedule == .relative(.init(time: .init(hour: 8, minute: 45), repeats: .weekly([.monday]))))
            guard case .scheduled(let fire) = alarm.phase else {
                Issue.record("\(alarm.appID): \(alarm.phase)")
                continue
            }
            #expect(fire == expected, "\(alarm.appID) rings at \(fire), Berlin's 08:45 is \(expected)")
        }
        // The same bytes into a daemon with no calendar: the same alarm.
        let alone = try DaemonHarness(withNotificationServer: false, extra: ["TZ": "America/New_York"])
        try alone.start()
        #expect(try alone.alarmctl("import", file).status == 0)
        let lone = try #require(try alone.list().first)
        #expect(lone.timeZone == "Europe/Berlin" && lone.phase == .scheduled(fireDate: expected), "\(lone)")
    }

    @Test func whatGivesNoAlarmIsCountedAndListedInEnglishAndGerman() async throws {
        let (sync, _, daemon, servers) = try setUp()
        _ = servers
        try daemon.start()
        try await eventually("both calendars to be read", within: 20) {
            try (daemon.connect().send(.status).status?.unrung ?? []).map(\.count) == [6, 6]
        }
        let round = try daemon.alarmctl("sync")
        #expect(round.status == 0 && round.out.hasSuffix("6 events give no alarm (see `alarmctl unrung`)\n"), "\(round)")
        let status = try daemon.alarmctl("status")
        #expect(status.out.contains("the [sync] calendar: 6 events give no alarm; calendar 'team': 6 events give no alarm (see `alarmctl unrung`)"), "\(status.out)")

        let english = try daemon.alarmctl("unrung")
        #expect(english.status == 0, "\(english)")
        let lines = english.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("the [sync] calendar, read ") && $0.hasSuffix(": 6 events give no alarm:") }.count == 1, "\(english.out)")
        #expect(lines.filter { $0.hasPrefix("calendar 'team', read ") && $0.hasSuffix(": 6 events give no alarm:") }.count == 1, "\(english.out)")
        for event in Self.unrung {
            #expect(lines.filter { $0 == "  " + event.english }.count == 2, "\(event.english) in\n\(english.out)")
        }
        #expect(lines.filter { $0 == "  1 event that ended more than 30 days ago is not listed" }.count == 2, "\(english.out)")
        #expect(!english.out.contains("Review") && !english.out.contains("Choir"))

        var german = daemon.environment
        german["LANGUAGE"] = "de"
        german["LC_ALL"] = "de_DE.UTF-8"
        german["OPENALARMKIT_LOCALEDIR"] = try Translations.localeDirectory()
        let deutsch = try Subprocess.run(BuildProducts.path("alarmctl"), ["unrung"], environment: german)
        #expect(deutsch.termination.status == 0, "\(deutsch.stderr)")
        #expect(deutsch.stdout.contains("der [sync]-Kalender, gelesen "), "\(deutsch.stdout)")
        #expect(deutsch.stdout.contains(": 6 Termine lösen keinen Wecker aus:"), "\(deutsch.stdout)")
        for event in Self.unrung {
            #expect(deutsch.stdout.components(separatedBy: "\n").filter { $0 == "  " + event.german }.count == 2, "\(event.german) in\n\(deutsch.stdout)")
        }
        let germanStatus = try Subprocess.run(BuildProducts.path("alarmctl"), ["status"], environment: german)
        #expect(germanStatus.stdout.contains("Kalender „team“: 6 Termine lösen keinen Wecker aus"), "\(germanStatus.stdout)")

        // The wire carries codes, which every client words.
        let reply = try #require(try daemon.connect().send(.unrung).unrung)
        #expect(reply.map(\.calendar) == [nil, "team"])
        #expect(Set(reply[0].events?.map(\.reason) ?? []) == ["allDayWithoutReminder", "ended", "emailOnly", "cancelled", "unknownZone", "noReminder"])
        #expect(reply.map(\.older) == [1, 1])

        // A restart forgets nothing: its first round lists the whole calendar again.
        daemon.stop()
        try daemon.start()
        try await eventually("the list to be whole again after a restart", within: 20) {
            try (daemon.connect().send(.status).status?.unrung ?? []).map(\.count) == [6, 6]
        }
        // Changes on the server reach the list: Lunch gets a reminder (and rings), Party is deleted.
        let lunch = Self.calendar("apple-1@example.com", "Lunch", ["DTSTART;TZID=Europe/Berlin:20300110T120000"] + Self.display)
        try Self.put(sync + "apple.ics", lunch)
        try Self.delete(sync + "cancelled.ics")
        let again = try daemon.alarmctl("sync")
        #expect(again.out.hasSuffix("4 events give no alarm (see `alarmctl unrung`)\n"), "\(again)")
        #expect(try daemon.list().contains { $0.presentation.alert.title.text == "Lunch" && $0.appID != "calendar:team" })
        let after = try daemon.alarmctl("unrung").out
        #expect(after.components(separatedBy: "'Party': cancelled").count == 2, "Party only in the team calendar now:\n\(after)")
        #expect(after.components(separatedBy: "'Lunch': no reminder").count == 2, "\(after)")
    }
}
