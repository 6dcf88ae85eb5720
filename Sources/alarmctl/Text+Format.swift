import FoundationEssentials

/// How alarms read on a terminal (see `Text`): the words of `Format`. Dates and times come in
/// formatted (Format.when, LocalTimeText).
extension Text {
    // Durations: "45 s", "5 min", "9 h 12 min", "3 d 4 h".
    static func seconds(_ s: Int) -> String { "\(s) s" }
    static func minutes(_ m: Int) -> String { "\(m) min" }
    static func hours(_ h: Int) -> String { "\(h) h" }
    static func hoursMinutes(_ h: Int, _ m: Int) -> String { "\(h) h \(m) min" }
    static func days(_ d: Int) -> String { "\(d) d" }
    static func daysHours(_ d: Int, _ h: Int) -> String { "\(d) d \(h) h" }

    // How an alarm repeats.
    static let repeatsTimer = "timer"
    static let repeatsOnce = "once"
    static let repeatsDaily = "daily"
    static let repeatsWeekdays = "weekdays"
    static let repeatsWeekends = "weekends"

    // What it does next: "rings Mon 06:30, in 9 h 12 min".
    static func rings(_ when: String, in left: String) -> String { "rings \(when), in \(left)" }
    static func countingDownBefore(_ duration: String) -> String { " (counting down from \(duration) before)" }
    static func pausedWithLeft(_ left: String) -> String { "paused with \(left) left" }
    static func ringingSince(_ when: String) -> String { "ringing since \(when)" }
    static let defaultSound = "default"

    // `list`
    static let tableHeader = ["ID", "STATE", "REPEATS", "TITLE", "NEXT"]

    // `show`
    static func detailID(_ id: String) -> String { "id:        \(id)" }
    static func detailTitle(_ title: String) -> String { "title:     \(title)" }
    static func detailApp(_ app: String) -> String { "app:       \(app)" }
    static func detailState(_ state: String, _ status: String) -> String { "state:     \(state): \(status)" }
    static func detailRepeats(_ repeats: String) -> String { "repeats:   \(repeats)" }
    static func detailTime(_ time: String) -> String { "time:      \(time) local" }
    static func detailCountdown(_ duration: String) -> String { "countdown: \(duration)" }
    static func detailSnooze(_ duration: String) -> String { "snooze:    \(duration)" }
    static func detailButtons(_ buttons: [String]) -> String { "buttons:   \(buttons.joined(separator: ", "))" }
    static func secondaryButton(_ label: String, behavior: String?) -> String { "\(label) (\(behavior ?? "countdown"))" }
    static func detailSound(_ name: String, volumePercent: Int?, ramp: String?) -> String {
        switch (volumePercent, ramp) {
        case (nil, nil): "sound:     \(name)"
        case (let volume?, nil): "sound:     \(name), volume \(volume) %"
        case (nil, let ramp?): "sound:     \(name), fade in over \(ramp)"
        case (let volume?, let ramp?): "sound:     \(name), volume \(volume) %, fade in over \(ramp)"
        }
    }
}
