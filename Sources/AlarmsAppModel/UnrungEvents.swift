import AlarmClient
import AlarmSystem
import LinuxSupport

/// The window's view of the calendar events that give no alarm: the Alarms page's button
/// (with `status`'s count) and the list its dialog shows (the `unrung` reply), worded as
/// `alarmctl unrung` words them.
package enum UnrungEvents {
    /// The button's label, nil (hidden) when every event of every calendar gives an alarm.
    package static func buttonLabel(_ status: AlarmProtocol.DaemonStatus?) -> String? {
        let count = status?.unrung?.reduce(0) { $0 + $1.count } ?? 0
        guard count > 0 else { return nil }
        return trn("%s calendar event gives no alarm", "%s calendar events give no alarm", count, String(count))
    }

    package struct Row: Hashable, Sendable {
        /// The event's title.
        package var title: String
        /// Its start and calendar: "2025-07-01 09:00 Europe/Berlin · calendar 'Work'".
        package var subtitle: String
        /// Why it gives no alarm.
        package var reason: String
    }

    /// One row per event, calendar by calendar; "… and 12 more" where alarmd keeps fewer.
    package static func rows(_ calendars: [AlarmProtocol.UnrungCalendar]) -> [Row] {
        var rows: [Row] = []
        for calendar in calendars {
            let name = RefusalText.calendar(calendar.calendar)
            let events = calendar.events ?? []
            for event in events {
                let start = event.start.flatMap { RefusalText.time(isoText: $0, zone: event.startZone) }
                rows.append(Row(
                    title: event.summary ?? tr("(no title)"),
                    subtitle: start.map { tr("%1$s · %2$s", $0, name) } ?? name,
                    reason: RefusalText.reason(code: event.reason, arguments: event.details ?? [])))
            }
            if calendar.count > events.count {
                let more = calendar.count - events.count
                rows.append(Row(title: trn("… and %s more", "… and %s more", more, String(more)), subtitle: name, reason: ""))
            }
            if let older = calendar.older { rows.append(Row(title: RefusalText.olderNotListed(older), subtitle: name, reason: "")) }
        }
        return rows
    }
}
