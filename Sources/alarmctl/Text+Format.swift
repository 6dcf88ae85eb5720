import FoundationEssentials
import LinuxSupport

/// How alarms read on a terminal (see `Text`): the words of `Format`. Dates and times come in
/// formatted (Format.when, LocalTimeText).
extension Text {
    // Durations: "45 s", "5 min", "9 h 12 min", "3 d 4 h".
    static func seconds(_ s: Int) -> String { tr("%s s", String(s)) }
    static func minutes(_ m: Int) -> String { tr("%s min", String(m)) }
    static func minutesSeconds(_ m: Int, _ s: Int) -> String { tr("%1$s min %2$s s", String(m), String(s)) }
    static func hours(_ h: Int) -> String { tr("%s h", String(h)) }
    static func hoursMinutes(_ h: Int, _ m: Int) -> String { tr("%1$s h %2$s min", String(h), String(m)) }
    static func days(_ d: Int) -> String { tr("%s d", String(d)) }
    static func daysHours(_ d: Int, _ h: Int) -> String { tr("%1$s d %2$s h", String(d), String(h)) }

    // How an alarm repeats.
    static var repeatsTimer: String { tr("timer") }
    static var repeatsOnce: String { tr("once") }
    static var repeatsDaily: String { tr("daily") }
    static var repeatsWeekdays: String { tr("weekdays") }
    static var repeatsWeekends: String { tr("weekends") }

    // What it does next: "rings Mon 06:30, in 9 h 12 min".
    static func rings(_ when: String, in left: String) -> String { tr("rings %1$s, in %2$s", when, left) }
    static func countingDownBefore(_ duration: String) -> String { tr(" (counting down from %s before)", duration) }
    static func pausedWithLeft(_ left: String) -> String { tr("paused with %s left", left) }
    static func ringingSince(_ when: String) -> String { tr("ringing since %s", when) }
    static func snoozedUntil(_ when: String, in left: String) -> String { tr("snoozed until %1$s, in %2$s", when, left) }
    static var defaultSound: String { tr("default") }

    // `list`
    static var tableHeader: [String] { [tr("ID"), tr("STATE"), tr("REPEATS"), tr("TITLE"), tr("NEXT")] }

    // `show`: "label:" padded to one column in every language.
    static func detailID(_ id: String) -> String { detail(tr("id:"), id) }
    static func detailTitle(_ title: String) -> String { detail(tr("title:"), title) }
    static func detailApp(_ app: String) -> String { detail(tr("app:"), app) }
    static func detailState(_ state: String, _ status: String) -> String { detail(tr("state:"), tr("%1$s: %2$s", state, status)) }
    static func detailRepeats(_ repeats: String) -> String { detail(tr("repeats:"), repeats) }
    static func detailTime(_ time: String) -> String { detail(tr("time:"), tr("%s local", time)) }
    static func detailCountdown(_ duration: String) -> String { detail(tr("countdown:"), duration) }
    static func detailSnooze(_ duration: String) -> String { detail(tr("snooze:"), duration) }
    static func detailButtons(_ buttons: [String]) -> String { detail(tr("buttons:"), buttons.joined(separator: ", ")) }
    static func secondaryButton(_ label: String, behavior: String?) -> String { tr("%1$s (%2$s)", label, behavior ?? "countdown") }
    static func detailSound(_ name: String, volumePercent: Int?, ramp: String?) -> String {
        let value: String =
            switch (volumePercent, ramp) {
            case (nil, nil): name
            case (let volume?, nil): tr("%1$s, volume %2$s %%", name, String(volume))
            case (nil, let ramp?): tr("%1$s, fade in over %2$s", name, ramp)
            case (let volume?, let ramp?): tr("%1$s, volume %2$s %%, fade in over %3$s", name, String(volume), ramp)
            }
        return detail(tr("sound:"), value)
    }

    /// A `show` line: the label padded to the widest label (11 cells in English).
    static func detail(_ label: String, _ value: String) -> String {
        let labels = [tr("id:"), tr("title:"), tr("app:"), tr("state:"), tr("repeats:"), tr("time:"), tr("countdown:"), tr("snooze:"), tr("buttons:"), tr("sound:")]
        let width = max(labels.map(\.displayWidth).max() ?? 0, 10) + 1
        return label.padded(to: width) + value
    }
}
