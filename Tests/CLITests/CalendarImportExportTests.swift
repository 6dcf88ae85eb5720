import Foundation
import Testing
import TestSupport

/// `alarmctl export` and `import` end to end, with real alarmd instances: a round trip into an
/// empty instance gives the same alarms, a re-import updates, an event keeps its zone (checked
/// against `alarmctl next`), and a damaged file changes nothing.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct CalendarImportExportTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/icalendar/\(name)").path
    }

    /// Each alarm without what the daemon sets, keyed by id.
    private func configurations(_ daemon: CLIDaemon) throws -> [String: NSDictionary] {
        var result: [String: NSDictionary] = [:]
        for alarm in try daemon.alarms() {
            var copy = alarm
            copy["phase"] = nil
            result[alarm["id"] as! String] = copy as NSDictionary
        }
        return result
    }

    @Test func exportThenImportIntoAnEmptyInstanceGivesTheSameAlarms() throws {
        let a = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try a.start()
        defer { a.stop() }
        #expect(try a.alarmctl("add", "weekdays", "06:30", "--title", "Work, days; \"early\"", "--snooze", "5m", "--volume", "80", "--ramp", "30").status == 0)
        #expect(try a.alarmctl("add", CLIDaemon.dateAhead(years: 5, month: 3, day: 14), "07:45", "--title", "Flight", "--countdown", "10m", "--no-snooze").status == 0)
        #expect(try a.alarmctl("add", "mon,wed,fri", "07:15", "--title", "Gym").status == 0)
        let gym = try #require(try a.alarms().first { $0["presentation"].map { "\($0)".contains("Gym") } ?? false }?["id"] as? String)
        #expect(try a.alarmctl("skip", String(gym.prefix(8))).status == 0)
        #expect(try a.alarmctl("add", "daily", "21:00", "--title", "Pills").status == 0)
        let pills = try #require(try a.alarms().first { $0["presentation"].map { "\($0)".contains("Pills") } ?? false }?["id"] as? String)
        #expect(try a.alarmctl("disable", String(pills.prefix(8))).status == 0)
        #expect(try a.alarmctl("timer", "25m").status == 0)

        let file = a.root.appendingPathComponent("alarms.ics").path
        let export = try a.alarmctl("export", "--output", file)
        #expect(export.status == 0, "\(export.err)")
        #expect(export.err.contains("1 timer was left out"), "\(export.err)")

        let b = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try b.start()
        defer { b.stop() }
        let imported = try b.alarmctl("import", file)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out == "imported 4, updated 0, 0 events give no alarm\n")
        var expected = try configurations(a)
        expected = expected.filter { ($0.value["schedule"]) != nil }
        let got = try configurations(b)
        #expect(Set(got.keys) == Set(expected.keys))
        for (id, alarm) in got {
            let other = expected[id] ?? [:]
            let keys = Set(alarm.allKeys.map { "\($0)" }).union(other.allKeys.map { "\($0)" })
            let differing = keys.filter { !((alarm[$0] as? NSObject)?.isEqual(other[$0]) ?? (other[$0] == nil)) }
            #expect(differing.isEmpty, "\(id): \(differing.sorted().map { "\($0): \(alarm[$0] ?? "nil") vs \(other[$0] ?? "nil")" })")
        }
        // Row by row, columns compared by their text: the timer left out of b may have widened
        // a's STATE column ("counting down").
        // Both read within one minute: "rings in 2 h 13 min" turns at a minute's edge.
        let columns = { (table: String) in table.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } }
        var lists: (a: [String], b: [String]) = ([], [])
        for _ in 0..<3 {
            let minute = Int(Date().timeIntervalSince1970) / 60
            lists = (columns(try a.alarmctl("list").out).filter { !$0.contains("Timer") }, columns(try b.alarmctl("list").out))
            if Int(Date().timeIntervalSince1970) / 60 == minute { break }
        }
        #expect(lists.b == lists.a)

        // Again: the same UIDs update, never duplicate.
        let again = try b.alarmctl("import", file)
        #expect(again.out == "imported 0, updated 4, 0 events give no alarm\n", "\(again.err)")
        #expect(try b.alarms().count == 4)
    }

    @Test func aThunderbirdStandUpKeepsNewYorkTime() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try daemon.start()
        defer { daemon.stop() }
        let run = try daemon.alarmctl("import", Self.fixture("thunderbird.ics"))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == "imported 2, updated 0, 0 events give no alarm\n", "\(run.out)")
        // The monthly rent rings too: on the 1st, at 08:00 New York time.
        let rent = try #require(try daemon.alarms().first { "\($0["presentation"] ?? "")".contains("Rent") }?["id"] as? String)
        let rentNext = try daemon.alarmctl("next", "--alarm", String(rent.prefix(8)), "--from", "2026-11-26T12:00:00Z", "--count", "2")
        #expect(rentNext.out == "2026-12-01T08:00:00-05:00\n2027-01-01T08:00:00-05:00\n", "\(rentNext.out)\(rentNext.err)")
        let alarm = try #require(try daemon.alarms().first { "\($0["presentation"] ?? "")".contains("Stand-up") })
        #expect(alarm["timeZone"] as? String == "America/New_York")
        let fire = try #require(((alarm["phase"] as? [String: Any])?["scheduled"] as? [String: Any])?["fireDate"] as? Double)
        // What `alarmctl next` says of 08:50 on weekdays in New York is when it rings.
        let next = try daemon.alarmctl("next", "--tz", "America/New_York", "weekdays", "8:50")
        let formatter = ISO8601DateFormatter()
        let expected = try #require(formatter.date(from: next.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(next.out)")
        #expect(fire == expected.timeIntervalSince1970)
        #expect(try daemon.alarmctl("list").out.contains("(08:50 America/New_York)"))
        // Re-importing finds it by its UID.
        #expect(try daemon.alarmctl("import", Self.fixture("thunderbird.ics")).out == "imported 0, updated 2, 0 events give no alarm\n")
    }

    /// A Google export with events that give no alarm: counted, each listed with its start and
    /// the reason a person would give, in English and in German, a series that ended long ago
    /// counted on a line of its own; the floating Friday gym session rings in the calendar's
    /// own zone (X-WR-TIMEZONE).
    @Test func eventsThatGiveNoAlarmAreCountedAndSaidInEnglishAndGerman() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "America/New_York"])
        try daemon.start()
        defer { daemon.stop() }
        let english = try daemon.alarmctl("import", Self.fixture("unrung.ics"))
        #expect(english.status == 1, "\(english)")
        #expect(english.out == """
            imported 1, updated 0, 5 events give no alarm:
              line 21, 'Holiday', 2030-01-05: all-day event without a reminder
              line 42, 'Dentist', 2030-01-07 09:00 UTC: its reminders only send e-mail
              line 56, 'Party', 2030-01-08 20:00 Europe/Berlin: cancelled
              line 69, 'Landing', 2030-01-09 12:00 Mars Standard Time: time zone 'Mars Standard Time' unknown
              line 80, 'Lunch', 2030-01-10 12:00 Europe/Berlin: no reminder
              1 event that ended more than 30 days ago is not listed

            """, "\(english.out)")
        let gym = try #require(try daemon.alarms().first)
        #expect(gym["timeZone"] as? String == "Europe/Berlin", "X-WR-TIMEZONE: \(gym)")

        let german = try daemon.alarmctl(
            with: ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "OPENALARMKIT_LOCALEDIR": try Translations.localeDirectory()],
            "import", Self.fixture("unrung.ics"))
        #expect(german.out == """
            0 importiert, 1 aktualisiert, 5 Termine lösen keinen Wecker aus:
              Zeile 21, 'Holiday', 2030-01-05: ganztägiger Termin ohne Erinnerung
              Zeile 42, 'Dentist', 2030-01-07 09:00 UTC: seine Erinnerungen schicken nur E-Mails
              Zeile 56, 'Party', 2030-01-08 20:00 Europe/Berlin: abgesagt
              Zeile 69, 'Landing', 2030-01-09 12:00 Mars Standard Time: Zeitzone „Mars Standard Time“ unbekannt
              Zeile 80, 'Lunch', 2030-01-10 12:00 Europe/Berlin: keine Erinnerung
              1 Termin, der vor mehr als 30 Tagen endete, ist nicht aufgeführt

            """, "\(german.out)")
    }

    @Test func aDamagedFileImportsNothing() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        defer { daemon.stop() }
        let text = try String(contentsOfFile: Self.fixture("kalarm.ics"), encoding: .utf8)
        let damaged = daemon.root.appendingPathComponent("damaged.ics").path
        // The first event is whole; the second is cut short.
        try text.prefix(text.count - 40).write(toFile: damaged, atomically: true, encoding: .utf8)
        let run = try daemon.alarmctl("import", damaged)
        #expect(run.status == 2)
        #expect(run.err.contains(": line "), "\(run.err)")
        #expect(run.err.hasSuffix("; nothing was imported\n"), "\(run.err)")
        #expect(try daemon.alarms().isEmpty)
    }
}
