import LinuxSupport

/// `alarmctl export` and `import` (docs/ICALENDAR.md), and an alarm's own zone in `list`.
extension Text {
    static func cannotWrite(_ path: String, _ why: String) -> String { tr("cannot write %1$s: %2$s", path, why) }
    static func timersLeftOut(_ count: Int) -> String {
        trn("%s timer was left out: countdowns are not exported", "%s timers were left out: countdowns are not exported", count, String(count))
    }
    static let standardInput = tr("standard input")
    static func damagedFile(_ file: String, _ error: String) -> String { tr("%1$s: %2$s; nothing was imported", file, error) }
    static func importing(_ count: Int) -> String { tr("importing %s alarms…", String(count)) }
    static func partlyImported(_ done: Int, of total: Int) -> String {
        tr("%1$s of %2$s alarms were imported before alarmd refused the rest; importing the file again updates them", String(done), String(total))
    }
    static func importSummary(imported: Int, updated: Int, unrung: Int) -> String {
        tr("imported %1$s, updated %2$s", String(imported), String(updated)) + ", " + eventsGiveNoAlarm(unrung) + (unrung == 0 ? "" : ":")
    }
    /// "3 events give no alarm", for import, sync, status and the listing's headings.
    static func eventsGiveNoAlarm(_ count: Int) -> String {
        trn("%s event gives no alarm", "%s events give no alarm", count, String(count))
    }
    /// "  line 12, 'Dentist', 2025-07-01 09:00 Europe/Berlin: no reminder".
    static func refusedEvent(line: Int, what: String, start: String?, reason: String) -> String {
        guard let start else { return "  " + tr("line %1$s, %2$s: %3$s", String(line), what, reason) }
        return "  " + tr("line %1$s, %2$s, %3$s: %4$s", String(line), what, start, reason)
    }
    static func cannotOpen(_ path: String, _ why: String) -> String { tr("cannot open %1$s: %2$s", path, why) }
    static func cannotRead(_ path: String, _ why: String) -> String { tr("cannot read %1$s: %2$s", path, why) }
    static func fileTooLarge(_ path: String, mebibytes: Int) -> String {
        tr("%1$s is larger than %2$s MiB: not a file of alarms; nothing was imported", path, String(mebibytes))
    }
    /// `show`'s time of an alarm that keeps an event's zone: "08:50 America/New_York".
    static func detailTimeInZone(_ time: String, _ zone: String) -> String { detail(tr("time:"), tr("%1$s %2$s", time, zone)) }
    static var specOrAlarm: String { tr("give a time spec or --alarm, not both") }
}

extension Text {
    static func detailStarts(_ when: String) -> String { detail(tr("starts:"), when) }
    static func detailStartsAllDay(_ when: String) -> String { detail(tr("starts:"), tr("%s, all day", when)) }
    static func detailReminders(_ list: String) -> String { detail(tr("reminders:"), list) }
    static func reminderFromEnd(_ offset: String) -> String { tr("%s from the end", offset) }
    static func detailLeftOut(_ count: Int) -> String { detail(tr("left out:"), trn("%d date", "%d dates", count)) }
    static func detailChanged(_ count: Int) -> String { detail(tr("changed:"), trn("%d occurrence", "%d occurrences", count)) }
}
