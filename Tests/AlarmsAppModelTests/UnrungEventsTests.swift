import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The Alarms page's "calendar events give no alarm" button and its dialog's rows, from
/// alarmd's `status` counts and `unrung` reply.
@Suite(.timeLimit(.minutes(10))) struct UnrungEventsTests {
    let checked = Date(timeIntervalSince1970: 1_800_000_000)

    func status(_ counts: [Int]) -> AlarmProtocol.DaemonStatus {
        var status = AlarmProtocol.DaemonStatus(
            version: "0.2.0", pid: 1, timeZone: "UTC", alarmCount: 0, audioDevice: "default", notifications: "none", defaultSnooze: 540)
        status.unrung = counts.isEmpty ? nil : counts.enumerated().map { .init(calendar: $0.offset == 0 ? nil : "Work", checked: checked, count: $0.element) }
        return status
    }

    @Test func theButtonShowsOnlyWhileSomethingGivesNoAlarm() {
        #expect(UnrungEvents.buttonLabel(nil) == nil)
        #expect(UnrungEvents.buttonLabel(status([])) == nil)
        #expect(UnrungEvents.buttonLabel(status([0, 0])) == nil)
        let label = UnrungEvents.buttonLabel(status([2, 1]))
        #expect(label?.contains("3") == true, "\(label ?? "nil")")
    }

    @Test func eachEventIsARowWithItsReasonStartAndCalendar() {
        let calendars: [AlarmProtocol.UnrungCalendar] = [
            .init(calendar: nil, checked: checked, count: 2, events: [
                .init(summary: "Dentist", uid: "d", start: "2030-01-07T09:00", startZone: "UTC", reason: "emailOnly", details: nil),
                .init(summary: nil, uid: nil, start: "2030-01-05", startZone: nil, reason: "allDayWithoutReminder", details: nil),
            ]),
            .init(calendar: "Work", checked: checked, count: 503, events: [
                .init(summary: "Climbing", uid: "c", start: nil, startZone: nil, reason: "ended", details: ["2025-07-01"]),
            ], older: 1240),
        ]
        let rows = UnrungEvents.rows(calendars)
        #expect(rows.count == 5)
        #expect(rows[4].title.contains("1240") && rows[4].subtitle.contains("Work"), "a calendar's past is counted on one row")
        #expect(rows[0].title == "Dentist" && rows[0].subtitle.contains("2030-01-07 09:00 UTC") && !rows[0].reason.isEmpty)
        #expect(rows[1].subtitle.hasPrefix("2030-01-05") && rows[1].reason != rows[0].reason)
        #expect(rows[2].title == "Climbing" && rows[2].subtitle.contains("Work") && rows[2].reason.contains("2025-07-01"))
        #expect(rows[3].title.contains("502") && rows[3].reason.isEmpty, "the events alarmd did not keep are counted")
    }
}
