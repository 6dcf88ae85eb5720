import AlarmClient
import AlarmSystem
import LinuxSupport

/// `alarmctl unrung`, and the counts `status` and `sync` print (docs/SYNC.md, what does not ring).
extension Text {
    /// The calendar's name as config.toml gives it: `[sync]`, or a `[[calendars]]` name.
    static func calendarName(_ calendar: AlarmProtocol.UnrungCalendar) -> String {
        RefusalText.calendar(calendar.calendar.map(TerminalSafe.text))
    }
    /// "calendar 'Work', read Mon 16:40:02: 3 events give no alarm".
    static func unrungHeading(_ calendar: AlarmProtocol.UnrungCalendar) -> String {
        tr("%1$s, read %2$s: %3$s", calendarName(calendar), Format.when(calendar.checked), eventsGiveNoAlarm(calendar.count))
    }
    /// "  2025-07-01 09:00 Europe/Berlin  'Dentist': no reminder".
    static func unrungEvent(start: String?, summary: String?, reason: String) -> String {
        let what = summary.map { "'" + TerminalSafe.text($0) + "'" } ?? tr("(no title)")
        guard let start else { return "  " + tr("%1$s: %2$s", what, reason) }
        return "  " + tr("%1$s  %2$s: %3$s", start, what, reason)
    }
    static func unrungMore(_ count: Int) -> String { "  " + trn("… and %s more", "… and %s more", count, String(count)) }
    /// `alarmctl sync`, after what the round changed.
    static func syncUnrung(_ count: Int) -> String { tr("%s (see `alarmctl unrung`)", eventsGiveNoAlarm(count)) }
    static var noCalendarRead: String {
        tr("no calendar has been read yet: alarmd reads those of [sync] and [[calendars]] in config.toml (docs/SYNC.md)")
    }
    /// `status`: "[sync] 2 events give no alarm; calendar 'Work' 3 … (alarmctl unrung)".
    static func unrungState(_ calendars: [AlarmProtocol.UnrungCalendar]) -> String {
        let parts = calendars.map { tr("%1$s: %2$s", calendarName($0), eventsGiveNoAlarm($0.count)) }
        return statusLine(tr("calendars:"), parts.joined(separator: "; ") + (calendars.contains { $0.count > 0 } ? " " + tr("(see `alarmctl unrung`)") : ""))
    }
}
