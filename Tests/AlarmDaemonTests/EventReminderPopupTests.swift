import AlarmCalendar
import AlarmCore
import Foundation
import AlarmClient
import AlarmSystem
import Testing

@testable import AlarmDaemon

/// A calendar event's reminder pops up with when the event starts and where, not only the
/// time it rang; an app's own metadata is never read as one.
@Suite struct EventReminderPopupTests {
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

    @Test func anAppsMetadataIsItsOwn() {
        let lookalike = #"{"eventLocation":"Room 4","eventStartsAfter":600}"#
        let popup = AlarmPresenter.notification(for: ringing(app: "org.example.cooking", metadata: lookalike), appName: "Cooking", zone: .utc, now: now)
        #expect(!popup.body.contains("Room 4"))
    }
}
