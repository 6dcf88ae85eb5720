import FoundationEssentials
import LinuxSupport

/// How alarms read on a terminal (see `Text`): the labels of `Format`. What an alarm does next,
/// how it repeats and how long things last are worded by AlarmWords, shared with the window.
extension Text {
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
