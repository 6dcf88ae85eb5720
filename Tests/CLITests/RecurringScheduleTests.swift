import Foundation
import Testing
import TestSupport

/// Repeats beyond weekdays end to end, with real alarmd instances: `alarmctl add` reads them,
/// `list` and `show` say them in English and German, an imported calendar's events give the
/// fires `alarmctl next --alarm` prints, and two events with two reminders each ring four times.
@Suite(.timeLimit(.minutes(10)), .tags(.products)) struct RecurringScheduleTests {
    @Test func addedRepeatsReadInWordsInEnglishAndGerman() throws {
        let locale = try Translations.localeDirectory()
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin", "OPENALARMKIT_LOCALEDIR": locale])
        try daemon.start()
        defer { daemon.stop() }
        for (spec, title) in [(["every", "2", "weeks", "mon,fri", "7:00", "until", "2099-06-30"], "Class"),
                              (["first", "monday", "of", "each", "month", "9:00"], "Board"),
                              (["yearly", "on", "3", "may", "9:00"], "Anna"),
                              (["monthly", "on", "the", "15th", "9:00", "10", "times"], "Rent")] {
            let added = try daemon.alarmctl(arguments: ["add"] + spec + ["--title", title])
            #expect(added.status == 0, "\(spec): \(added.err)")
        }
        let english = try daemon.alarmctl("list").out
        for words in ["Every other week on Mon, Fri, until 2099-06-30", "Monthly on the first Monday", "Yearly on 3 May", "Monthly on day 15, 10 times"] {
            #expect(english.contains(words), "\(words) in \(english)")
        }
        let german = try daemon.alarmctl(with: ["LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"], "list").out
        for words in ["Jede zweite Woche Mo, Fr, bis 2099-06-30", "Monatlich am ersten Montag", "Jährlich am 3. Mai", "Monatlich am 15., 10 Mal"] {
            #expect(german.contains(words), "\(words) in \(german)")
        }
        let board = try #require(try daemon.alarms().first { "\($0["presentation"] ?? "")".contains("Board") }?["id"] as? String)
        let shown = try daemon.alarmctl("show", String(board.prefix(8))).out
        #expect(shown.contains("repeats:   Monthly on the first Monday"), "\(shown)")
        #expect(shown.contains("reminders: PT0S"), "\(shown)")
        // Its next fires, as alarmd will ring them: the first Mondays at 09:00 Berlin.
        let next = try daemon.alarmctl("next", "--alarm", String(board.prefix(8)), "--count", "3")
        #expect(next.status == 0, "\(next.err)")
        let lines = next.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.allSatisfy { $0.hasSuffix("T09:00:00+01:00") || $0.hasSuffix("T09:00:00+02:00") }, "\(next.out)")
        // A mistake points at the word.
        let wrong = try daemon.alarmctl("add", "monthly", "on", "the", "32nd", "9:00")
        #expect(wrong.status == 2 && wrong.err.contains("can't read '32nd' as a day of the month"), "\(wrong.err)")
    }

    @Test func anImportedCalendarRingsWhenNextSays() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try daemon.start()
        defer { daemon.stop() }
        let file = daemon.root.appendingPathComponent("team.ics")
        try Data(([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
            "BEGIN:VEVENT", "DTSTART;TZID=America/New_York:20260907T183000", "DTEND;TZID=America/New_York:20260907T200000",
            "RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20990630T035959Z;INTERVAL=2;BYDAY=MO", "UID:class-2026@google.com", "SUMMARY:Evening class",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder", "TRIGGER:-P1D", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder", "TRIGGER:-PT15M", "END:VALARM",
            "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:19900503", "DTEND;VALUE=DATE:19900504", "RRULE:FREQ=YEARLY", "UID:bday-anna@google.com",
            "SUMMARY:Anna's birthday", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder", "TRIGGER:-PT15H", "END:VALARM", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")).utf8).write(to: file)
        let imported = try daemon.alarmctl("import", file.path)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")
        let alarms = try daemon.alarms()
        let birthday = try #require(alarms.first { "\($0["presentation"] ?? "")".contains("Anna") }?["id"] as? String)
        let next = try daemon.alarmctl("next", "--alarm", String(birthday.prefix(8)), "--from", "2026-11-26T12:00:00+01:00", "--count", "2")
        #expect(next.out == "2027-05-02T09:00:00+02:00\n2028-05-02T09:00:00+02:00\n", "\(next.out)\(next.err)")
        let lesson = try #require(alarms.first { "\($0["presentation"] ?? "")".contains("Evening") }?["id"] as? String)
        let lessons = try daemon.alarmctl("next", "--alarm", String(lesson.prefix(8)), "--from", "2026-11-26T12:00:00+01:00", "--count", "4")
        // Every other Monday from 7 September at 18:30 New York: the day before, then 15 minutes before.
        #expect(lessons.out == "2026-11-29T18:30:00-05:00\n2026-11-30T18:15:00-05:00\n2026-12-13T18:30:00-05:00\n2026-12-14T18:15:00-05:00\n", "\(lessons.out)\(lessons.err)")
        let list = try daemon.alarmctl("list").out
        #expect(list.contains("Every other week on Mon, until 2099-06-30") && list.contains("Yearly on 3 May"), "\(list)")
    }

    /// Two events, two reminders each: four rings, each at its instant (they ring out
    /// unanswered: the missed list has them, with when each was due), then both alarms end:
    /// imported by a person, they stay, turned off, as a person's one-off alarms do.
    @Test func twoEventsWithTwoRemindersEachRingFourTimes() async throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try FileManager.default.createDirectory(at: daemon.root.appendingPathComponent("config/openalarmkit"), withIntermediateDirectories: true)
        try Data("[alarms]\nring_timeout = 5\n".utf8).write(to: daemon.root.appendingPathComponent("config/openalarmkit/config.toml"))
        try daemon.start()
        defer { daemon.stop() }
        let base = (Date().timeIntervalSince1970 + 25).rounded(.down)
        func utc(_ seconds: Double) -> String {
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            return formatter.string(from: Date(timeIntervalSince1970: seconds))
        }
        func event(_ uid: String, start: Double) -> [String] {
            ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:\(uid)", "DTSTART:\(utc(start))",
             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT20S", "END:VALARM",
             "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:PT0S", "END:VALARM", "END:VEVENT"]
        }
        let file = daemon.root.appendingPathComponent("two.ics")
        try Data((["BEGIN:VCALENDAR", "VERSION:2.0"] + event("first@example.com", start: base + 20) + event("second@example.com", start: base + 30)
                  + ["END:VCALENDAR", ""]).joined(separator: "\r\n").utf8).write(to: file)
        let imported = try daemon.alarmctl("import", file.path)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")
        #expect(try daemon.alarms().count == 2)
        // Rings due at base, base+10, base+20, base+30; each rings out after 5 s.
        let deadline = Date(timeIntervalSince1970: base + 30 + 5 + 20)
        var missed: [[String: Any]] = []
        while Date() < deadline {
            try await Task.sleep(nanoseconds: 500_000_000)
            let run = try daemon.alarmctl("missed", "--json")
            missed = (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) as? [[String: Any]] ?? []
            if missed.count >= 4, try daemon.alarms().allSatisfy({ $0["disabledAt"] != nil }) { break }
        }
        let due = missed.compactMap { $0["dueAt"] as? Double }.sorted()
        #expect(due == [base, base + 10, base + 20, base + 30], "\(missed)")
        #expect(Set(missed.compactMap { $0["reason"] as? String }) == ["ringTimeout"])
        let kept = try daemon.alarms()
        #expect(kept.count == 2 && kept.allSatisfy { $0["disabledAt"] != nil }, "both events are over, kept off: \(kept)")
    }

    /// A repeat beyond weekdays is an alarm like any other: renamed it keeps its repeat, it
    /// skips one reminder at a time and unskips; given a new repeat by `edit --at` an imported
    /// event leaves its zone for this machine's, as the spec's wall times are.
    @Test func aRepeatIsEditedSkippedAndUnskippedLikeAnyAlarm() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try daemon.start()
        defer { daemon.stop() }
        #expect(try daemon.alarmctl("add", "every 2 weeks mon 7:00", "--title", "Class").status == 0)
        let renamed = try daemon.alarmctl("edit", "Class", "--title", "Evening class")
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(try daemon.alarmctl("list").out.contains("Every other week on Mon"))
        #expect(try daemon.alarmctl("skip", "Evening class").status == 0)
        #expect(try daemon.alarmctl("list").out.contains("(skips "))
        #expect(try daemon.alarmctl("skip", "Evening class").status == 1, "one skip at a time")
        let undone = try daemon.alarmctl("unskip", "Evening class")
        #expect(undone.status == 0 && undone.out.contains("undid the skip"), "\(undone.out)\(undone.err)")
        #expect(!(try daemon.alarmctl("list").out.contains("(skips ")))

        let file = daemon.root.appendingPathComponent("ny.ics")
        try Data(([
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "DTSTART;TZID=America/New_York:20260907T183000",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "UID:ny-class@example.com", "SUMMARY:NY class",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")).utf8).write(to: file)
        #expect(try daemon.alarmctl("import", file.path).status == 0)
        func record(_ title: String) throws -> [String: Any]? {
            try daemon.alarms().first { "\($0["presentation"] ?? "")".contains(title) }
        }
        #expect(try record("NY class")?["timeZone"] as? String == "America/New_York")
        let moved = try daemon.alarmctl("edit", "NY class", "--at", "monthly on the 15th 9:00")
        #expect(moved.status == 0, "\(moved.err)")
        let after = try #require(try record("NY class"))
        #expect(after["timeZone"] == nil, "\(after)")
        #expect(try daemon.alarmctl("list").out.contains("Monthly on day 15"))
    }
}
