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
    static func importSummary(imported: Int, updated: Int, refused: Int) -> String {
        tr("imported %1$s, updated %2$s, refused %3$s", String(imported), String(updated), String(refused)) + (refused == 0 ? "" : ":")
    }
    static func refusedEvent(line: Int, what: String, reason: String) -> String {
        "  " + tr("line %1$s, %2$s: %3$s", String(line), what, reason)
    }
    static func cannotOpen(_ path: String, _ why: String) -> String { tr("cannot open %1$s: %2$s", path, why) }
    static func cannotRead(_ path: String, _ why: String) -> String { tr("cannot read %1$s: %2$s", path, why) }
    static func fileTooLarge(_ path: String, mebibytes: Int) -> String {
        tr("%1$s is larger than %2$s MiB: not a file of alarms; nothing was imported", path, String(mebibytes))
    }
    /// `show`'s time of an alarm that keeps an event's zone: "08:50 America/New_York".
    static func detailTimeInZone(_ time: String, _ zone: String) -> String { detail(tr("time:"), tr("%1$s %2$s", time, zone)) }
}
