import AlarmModel
import AlarmCore
import FoundationEssentials

/// Our fields that iCalendar has no property for, as `X-OPENALARMKIT-*` (other programs keep
/// them and ignore them). Numbers are Swift's shortest exact decimal text; colours are four
/// numbers 0-1 separated by spaces (red green blue opacity); a button is its text, and its
/// colour and image as `<NAME>-STYLE:r g b a image`. Everything is in values, none in
/// parameters: libical (Evolution, many servers) drops unknown parameters of X- properties.
enum OurProperties {
    static let prefix = "X-OPENALARMKIT-"

    /// Whether an event is one we wrote whole (an alarm made here, exported or synced): our
    /// writer puts `X-OPENALARMKIT-APP` in every such event, and a change written into another
    /// program's event never adds it (`ForeignEvent`: it writes only what changed, and leaves
    /// the app out). Such an event is read back as it was written, also once it rings no more
    /// (`EventReader`: turned off, never refused). Not PRODID: a server may rewrite it.
    static func isOwnEvent(_ ours: [String: ContentLine]) -> Bool { ours[prefix + "APP"] != nil }

    static func write(_ record: AlarmRecord, to writer: inout ICalWriter) {
        func put(_ name: String, _ value: String, _ parameters: [(String, String)] = []) { writer.line(prefix + name, value, parameters) }
        put("APP", ICalText.escape(record.appID))
        if let countdown = record.countdownDuration {
            if let snooze = countdown.postAlert { put("SNOOZE", "\(snooze)") }
            if let preAlert = countdown.preAlert { put("COUNTDOWN", "\(preAlert)") }
            if countdown.postAlert == nil && countdown.preAlert == nil { put("DURATIONS", "NONE") }
        }
        if let volume = record.sound.volume { put("VOLUME", "\(volume)") }
        if let ramp = record.sound.rampSeconds { put("RAMP", "\(ramp)") }
        if let folder = record.sound.bundleDirectory { put("BUNDLE", ICalText.escape(folder)) }
        if let disabled = record.disabledAt { put("DISABLED", "\(disabled.timeIntervalSince1970)") }
        if let skipped = record.skippedFire { put("SKIPPED", "\(skipped.timeIntervalSince1970)") }
        put("TINT", color(record.tintColor))
        if let metadata = record.metadata { put("METADATA", ICalText.escape(metadata)) }
        let alert = record.presentation.alert
        button("STOP-BUTTON", alert.stopButton, &writer)
        if let secondary = alert.secondaryButton { button("SECONDARY-BUTTON", secondary, &writer) }
        if let behavior = alert.secondaryButtonBehavior { put("SECONDARY-BEHAVIOR", behavior.rawValue) }
        if let countdown = record.presentation.countdown {
            put("COUNTDOWN-TITLE", ICalText.escape(countdown.title.text))
            if let pause = countdown.pauseButton { button("PAUSE-BUTTON", pause, &writer) }
        }
        if let paused = record.presentation.paused {
            put("PAUSED-TITLE", ICalText.escape(paused.title.text))
            button("RESUME-BUTTON", paused.resumeButton, &writer)
        }
    }

    private static func button(_ name: String, _ button: AlarmButton, _ writer: inout ICalWriter) {
        writer.line(prefix + name, ICalText.escape(button.text.text))
        writer.line(prefix + name + "-STYLE", ICalText.escape(color(button.textColor) + " " + button.systemImageName))
    }

    private static func color(_ color: Color) -> String { "\(color.red) \(color.green) \(color.blue) \(color.opacity)" }

    private static func color(_ text: String?) -> Color? {
        guard let parts = text?.split(separator: " ").compactMap({ Double($0) }), parts.count == 4 else { return nil }
        return Color(red: parts[0], green: parts[1], blue: parts[2], opacity: parts[3])
    }

    /// The record an event describes: our properties where present, else what `alarmctl add`
    /// gives an alarm (Stop and Snooze, the daemon's snooze length).
    static func record(_ ours: [String: ContentLine], title: String, schedule: Alarm.Schedule?, sound: AlertConfiguration.AlertSound) -> AlarmRecord {
        func text(_ name: String) -> String? { ours[prefix + name].map { ICalText.unescape($0.value) } }
        func number(_ name: String) -> Double? { ours[prefix + name].flatMap { Double($0.value) } }
        func button(_ name: String) -> AlarmButton? {
            guard let label = text(name) else { return nil }
            let style = (text(name + "-STYLE") ?? "").split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            let textColor = style.count >= 4 ? color(style[0..<4].joined(separator: " ")) : nil
            return AlarmButton(text: .init(label), textColor: textColor ?? .white, systemImageName: style.count == 5 ? style[4] : "")
        }
        var presentation: AlarmPresentation
        if let stop = button("STOP-BUTTON") {
            presentation = AlarmPresentation(alert: .init(
                title: .init(title), stopButton: stop, secondaryButton: button("SECONDARY-BUTTON"),
                secondaryButtonBehavior: text("SECONDARY-BEHAVIOR").flatMap { AlarmPresentation.Alert.SecondaryButtonBehavior(rawValue: $0) }))
            if let countdownTitle = text("COUNTDOWN-TITLE") {
                presentation.countdown = .init(title: .init(countdownTitle), pauseButton: button("PAUSE-BUTTON"))
            }
            if let pausedTitle = text("PAUSED-TITLE"), let resume = button("RESUME-BUTTON") {
                presentation.paused = .init(title: .init(pausedTitle), resumeButton: resume)
            }
        } else {
            presentation = AlarmPresentation(alert: .init(
                title: .init(title), stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle"),
                secondaryButton: AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz"), secondaryButtonBehavior: .countdown))
        }
        let snooze = number("SNOOZE"), preAlert = number("COUNTDOWN")
        let durations: Alarm.CountdownDuration? =
            snooze != nil || preAlert != nil || ours[prefix + "DURATIONS"] != nil ? .init(preAlert: preAlert, postAlert: snooze) : nil
        return AlarmRecord(
            id: UUID(), appID: text("APP") ?? "alarmctl", schedule: schedule, countdownDuration: durations,
            presentation: presentation, tintColor: color(text("TINT")) ?? .accentColor, metadata: text("METADATA"),
            sound: SoundSettings(sound: sound, volume: number("VOLUME"), rampSeconds: number("RAMP"), bundleDirectory: text("BUNDLE")),
            phase: .scheduled(fireDate: Date(timeIntervalSince1970: 0)),
            disabledAt: number("DISABLED").map { Date(timeIntervalSince1970: $0) },
            skippedFire: number("SKIPPED").map { Date(timeIntervalSince1970: $0) })
    }

    /// A VALARM's ATTACH as a sound name: `Chime`, or the file name of a URI without its
    /// extension (`file:///usr/share/sounds/alarm.oga` → `alarm`); none means the default.
    static func sound(_ attach: String?) -> AlertConfiguration.AlertSound {
        guard let attach, !attach.isEmpty else { return .default }
        var name = Substring(attach.split(separator: "/").last ?? Substring(attach))
        if attach.contains(":"), let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        return name.isEmpty ? .default : .named(String(name))
    }
}
