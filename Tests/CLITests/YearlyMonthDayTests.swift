import Foundation
import Testing
import TestSupport

/// Issue 40 item 7, end to end: Google's birthday shape, `RRULE:FREQ=YEARLY;BYMONTHDAY=9` on an
/// all-day 9 March, rang on the 8th of every month (the rule was read as the 9th of every month;
/// the 8th at 09:00 is the reminder, Google's all-day default `-PT15H`: 09:00 the day before).
/// RFC 5545 and libical take the missing month from DTSTART: it rings once a year, and
/// `alarmctl list` says what rings. The generated cases are RecurrenceCorpusTests' yearly part.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct YearlyMonthDayTests {
    @Test func aYearlyRuleWithADayOfTheMonthTakesDTSTARTsMonth() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try daemon.start()
        defer { daemon.stop() }
        let file = daemon.root.appendingPathComponent("birthdays.ics")
        func allDay(_ uid: String, _ title: String, trigger: String) -> [String] {
            ["BEGIN:VEVENT", "DTSTART;VALUE=DATE:20250309", "DTEND;VALUE=DATE:20250310", "RRULE:FREQ=YEARLY;BYMONTHDAY=9",
             "UID:\(uid)", "SUMMARY:\(title)", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder",
             "TRIGGER:\(trigger)", "END:VALARM", "END:VEVENT"]
        }
        try Data((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN"]
            + allDay("bday-ben@google.com", "Ben's birthday", trigger: "-PT15H")
            + allDay("bday-cleo@google.com", "Cleo's birthday", trigger: "PT9H")
            + ["BEGIN:VEVENT", "DTSTART;TZID=America/New_York:20260131T083000", "DTEND;TZID=America/New_York:20260131T090000",
               "RRULE:FREQ=YEARLY;BYMONTHDAY=31", "UID:month-end@google.com", "SUMMARY:Year-end report",
               "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
               "END:VCALENDAR", ""]).joined(separator: "\r\n").utf8).write(to: file)
        let imported = try daemon.alarmctl("import", file.path)
        #expect(imported.status == 0, "\(imported.out)\(imported.err)")
        let alarms = try daemon.alarms()
        func next(_ title: String) throws -> String {
            let id = try #require(alarms.first { "\($0["presentation"] ?? "")".contains(title) }?["id"] as? String)
            let run = try daemon.alarmctl("next", "--alarm", String(id.prefix(8)), "--from", "2026-11-26T12:00:00+01:00", "--count", "3")
            #expect(run.status == 0, "\(run.err)")
            return run.out
        }
        // -PT15H on an all-day 9 March: 09:00 on the 8th, once a year, not every month.
        let ben = try next("Ben"), cleo = try next("Cleo"), report = try next("Year-end")
        #expect(ben == "2027-03-08T09:00:00+01:00\n2028-03-08T09:00:00+01:00\n2029-03-08T09:00:00+01:00\n", "\(ben)")
        // PT9H: 09:00 on the 9th itself.
        #expect(cleo == "2027-03-09T09:00:00+01:00\n2028-03-09T09:00:00+01:00\n2029-03-09T09:00:00+01:00\n", "\(cleo)")
        // The 31st of DTSTART's January, at 08:15 New York, every year.
        #expect(report == "2027-01-31T08:15:00-05:00\n2028-01-31T08:15:00-05:00\n2029-01-31T08:15:00-05:00\n", "\(report)")
        let list = try daemon.alarmctl("list").out
        #expect(list.contains("Yearly on 9 March") && list.contains("Yearly on 31 January"), "\(list)")
    }
}
