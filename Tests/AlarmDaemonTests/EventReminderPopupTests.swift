import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import AlarmClient
import AlarmSystem
import Testing

@testable import AlarmDaemon

/// A calendar event's reminder pops up with when the event starts and where, not only the
/// time it rang; an app's own metadata is never read as one.
@Suite(.timeLimit(.minutes(10))) struct EventReminderPopupTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func ringing(app: String, metadata: String?) -> AlarmRecord {
        var record = makeRecord(title: "Dentist", schedule: .fixed(now))
        record.appID = app
        record.metadata = metadata
        record.phase = .alerting(since: now, firedFor: now)
        return record
    }

    @Test func anImportedReminderSaysWhenTheEventStartsAndWhere() {
        let event = EventReminder(location: "Room 4", startsAfter: 600).metadata
        let local = LocalTimeText.current
        for app in ["alarmctl", "calendar:work"] {
            let popup = AlarmPresenter.notification(for: ringing(app: app, metadata: event), appName: nil, zone: .utc, now: now)
            #expect(popup.body == "Starts at \(local.time(now + 600, zone: .utc, seconds: false)) · Room 4", "\(app)")
        }
        let whereOnly = EventReminder(location: "Room 4", startsAfter: 0).metadata
        let atStart = AlarmPresenter.notification(for: ringing(app: "alarmctl", metadata: whereOnly), appName: nil, zone: .utc, now: now)
        #expect(atStart.body == "\(local.time(now, zone: .utc, seconds: false)) · Room 4")
    }

    /// An event kept as its calendar schedule says when the occurrence that rings starts, from
    /// the schedule: each of its reminders (a day before, ten minutes before), and a moved
    /// occurrence's new start.
    @Test func aSeriesReminderSaysWhenItsOccurrenceStarts() throws {
        let local = LocalTimeText.current
        let start = { (day: Int, hour: Int) in CalendarDateTime(year: 2027, month: 1, day: day, secondOfDay: hour * 3600) }
        var record = ringing(app: "calendar:work", metadata: EventReminder(location: "Room 4", startsFromSchedule: true).metadata)
        record.calendar = CalendarSchedule(
            start: start(4, 14), rule: try RecurrenceRule(text: "FREQ=WEEKLY"),
            overrides: [CalendarOverride(occurrence: start(11, 14), start: start(12, 15), alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -600)))])],
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1))), CalendarAlert(trigger: .start(CalendarDuration(seconds: -600)))])
        record.timeZone = "UTC"
        for (rang, starts) in [("2027-01-03T14:00:00Z", "2027-01-04T14:00:00Z"), ("2027-01-04T13:50:00Z", "2027-01-04T14:00:00Z"),
                               ("2027-01-12T14:50:00Z", "2027-01-12T15:00:00Z")] {
            let firedFor = try Date(rang, strategy: .iso8601)
            record.phase = .alerting(since: firedFor, firedFor: firedFor)
            let popup = AlarmPresenter.notification(for: record, appName: nil, zone: .utc, now: firedFor)
            let startsAt = try Date(starts, strategy: .iso8601)
            #expect(popup.body == "Starts at \(local.time(startsAt, zone: .utc, seconds: false)) · Room 4", "\(rang)")
        }
        // An all-day event's reminder names no start time.
        record.calendar = CalendarSchedule(start: CalendarDateTime(year: 2027, month: 1, day: 4), rule: RecurrenceRule(frequency: .yearly),
                                           alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -54_000)))])
        record.timeZone = nil
        let eve = try Date("2027-01-03T09:00:00Z", strategy: .iso8601)
        record.phase = .alerting(since: eve, firedFor: eve)
        #expect(AlarmPresenter.notification(for: record, appName: nil, zone: .utc, now: eve).body == "\(local.time(eve, zone: .utc, seconds: false)) · Room 4")
    }

    @Test func anAppsMetadataIsItsOwn() {
        let lookalike = #"{"eventLocation":"Room 4","eventStartsAfter":600}"#
        let popup = AlarmPresenter.notification(for: ringing(app: "org.example.cooking", metadata: lookalike), appName: "Cooking", zone: .utc, now: now)
        #expect(!popup.body.contains("Room 4"))
    }
}
