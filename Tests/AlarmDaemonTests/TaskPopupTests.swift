import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmSystem
import Foundation
import Testing

@testable import AlarmDaemon

/// A task's reminder (VTODO) pops up with when the task is due, not when it starts: "Due at
/// 17:00", read from the task as the reader makes it an alarm. Before, a task gave no alarm;
/// then (tasks read as events) its popup said "Starts at" its DTSTART, hours before it was due.
@Suite(.timeLimit(.minutes(1))) struct TaskPopupTests {
    let now = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func ringing(_ lines: [String], firedFor: Date) throws -> AlarmRecord {
        let text = ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16//EN",
            "BEGIN:VTODO", "UID:task-1@example.org", "DTSTAMP:20261101T080000Z", "SUMMARY:Pay the rent",
            "DTSTART:20261201T090000Z", "DUE:20261201T170000Z",
        ] + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        let results = try ICalendar.parse(text, zones: ZoneLookup.system(machine: .utc), now: now)
        guard case .alarm(let imported)? = results.first else { throw TaskPopupError.noAlarm("\(results)") }
        var record = imported.record
        record.appID = "calendar:tasks"
        record.phase = .alerting(since: firedFor, firedFor: firedFor)
        return record
    }

    enum TaskPopupError: Error { case noAlarm(String) }

    func body(_ record: AlarmRecord) -> String? {
        guard case .alerting(_, let firedFor) = record.phase else { return nil }
        return AlarmPresenter.notification(for: record, appName: nil, zone: .utc, now: firedFor).body
    }

    @Test func aTasksReminderSaysWhenItIsDue() throws {
        let local = LocalTimeText.current
        let due = try Date("2026-12-01T17:00:00Z", strategy: .iso8601)
        let once = try ringing(["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT15M", "END:VALARM"],
                               firedFor: try Date("2026-12-01T16:45:00Z", strategy: .iso8601))
        #expect(once.schedule == .fixed(try Date("2026-12-01T16:45:00Z", strategy: .iso8601)))
        #expect(body(once) == "Due at \(local.time(due, zone: .utc, seconds: false))")

        // A weekly task with two reminders (a calendar schedule): each says when its occurrence is due.
        let lines = ["RRULE:FREQ=WEEKLY;COUNT=3", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT15M", "END:VALARM",
                     "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT30M", "END:VALARM"]
        for rang in ["2026-12-08T16:45:00Z", "2026-12-08T08:30:00Z"] {
            let weekly = try ringing(lines, firedFor: try Date(rang, strategy: .iso8601))
            #expect(weekly.calendar != nil)
            #expect(body(weekly) == "Due at \(local.time(due.addingTimeInterval(7 * 86_400), zone: .utc, seconds: false))", "\(rang)")
        }
    }
}
