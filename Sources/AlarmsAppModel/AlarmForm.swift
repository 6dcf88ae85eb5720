import AlarmClient
import AlarmCore
import FoundationEssentials
import LinuxSupport

/// The add/edit dialog's values, their validation, and the record they make: the same record
/// `alarmctl add` builds for a weekday alarm (a Stop button, a Snooze button that counts down
/// the snooze length), so an alarm made here and one made there are alike.
package struct AlarmForm: Hashable, Sendable {
    package var hour = 7
    package var minute = 0
    package var days = WeekdaySet([])
    package var title = ""
    /// A sound name; nil for the default sound.
    package var sound: String?
    /// Minutes a snooze lasts; 0 for no Snooze button.
    package var snoozeMinutes = 9
    /// 0-100; nil for alarmd's configured volume.
    package var volumePercent: Int?
    /// Seconds to fade in; 0 for none.
    package var rampSeconds = 0

    /// The app id the app's alarms carry (which app made an alarm; alarmd needs no consent
    /// for it, as for alarmctl).
    package static let appID = "org.openalarmkit.Alarms"

    package init(defaultSnooze: TimeInterval = 9 * 60) {
        snoozeMinutes = Self.minutes(defaultSnooze)
    }

    /// The form for editing `record`: its time, days, title, sound and snooze.
    package init(editing record: AlarmRecord) {
        switch record.schedule {
        case .relative(let relative):
            hour = relative.time.hour
            minute = relative.time.minute
            if case .weekly(let weekly) = relative.repeats { days = WeekdaySet(weekly) }
        case .fixed, nil:
            break  // a one-off at an instant: the dialog starts from 07:00, once
        }
        title = record.presentation.alert.title.text
        if case .named(let name) = record.sound.sound { sound = name }
        snoozeMinutes = record.presentation.alert.secondaryButtonBehavior == .countdown ? Self.minutes(record.countdownDuration?.postAlert ?? 540) : 0
        volumePercent = record.sound.volume.map { Int(($0 * 100).rounded()) }
        rampSeconds = Int(record.sound.rampSeconds ?? 0)
    }

    private static func minutes(_ seconds: TimeInterval) -> Int {
        seconds.isFinite ? Int((seconds / 60).rounded()).clamped(1, 60) : 9
    }

    /// What is wrong, each said as the dialog shows it under its field; empty when it may be saved.
    package var problems: [Problem] {
        var found: [Problem] = []
        if !(0...23).contains(hour) || !(0...59).contains(minute) { found.append(.time(tr("Choose a time between 00:00 and 23:59."))) }
        if title.utf8.count > AlarmBounds.maxTitleBytes { found.append(.title(tr("The title is too long; shorten it."))) }
        if title.contains(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
            found.append(.title(tr("The title cannot contain control characters.")))
        }
        if !(0...60).contains(snoozeMinutes) { found.append(.snooze(tr("Snooze for 1 to 60 minutes, or 0 for no Snooze button."))) }
        if let volume = volumePercent, !(0...100).contains(volume) { found.append(.sound(tr("The volume is a percentage from 0 to 100."))) }
        if !(0...Int(AlarmBounds.maxRampSeconds)).contains(rampSeconds) { found.append(.sound(tr("Fade in over at most an hour (3600 seconds)."))) }
        return found
    }

    package enum Problem: Hashable, Sendable {
        case time(String), title(String), snooze(String), sound(String)

        package var message: String {
            switch self {
            case .time(let text), .title(let text), .snooze(let text), .sound(let text): text
            }
        }
    }

    /// The alarm to send: a new one (`schedule`), or `editing` changed in place (`edit`: same
    /// id, its app and its other settings kept).
    package func record(editing original: AlarmRecord? = nil, now: Date = Date()) -> AlarmRecord {
        let titleText = title.allSatisfy(\.isWhitespace) ? tr("Alarm") : title
        let schedule = Alarm.Schedule.relative(.init(
            time: .init(hour: hour, minute: minute), repeats: days.days.isEmpty ? .never : .weekly(days.ordered)))
        var record = original ?? AlarmRecord(
            id: UUID(), appID: Self.appID, schedule: schedule, countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(
                title: .init(stringLiteral: titleText),
                stopButton: AlarmButton(text: .init(stringLiteral: tr("Stop")), textColor: .white, systemImageName: "stop.circle"))),
            phase: .scheduled(fireDate: now))
        record.schedule = schedule
        record.presentation.alert.title = .init(stringLiteral: titleText)
        let preAlert = record.countdownDuration?.preAlert
        if snoozeMinutes > 0 {
            if record.presentation.alert.secondaryButtonBehavior != .countdown {
                record.presentation.alert.secondaryButton = AlarmButton(text: .init(stringLiteral: tr("Snooze")), textColor: .white, systemImageName: "zzz")
                record.presentation.alert.secondaryButtonBehavior = .countdown
            }
            record.countdownDuration = .init(preAlert: preAlert, postAlert: TimeInterval(snoozeMinutes * 60))
            if preAlert == nil { record.presentation.countdown = .init(title: .init(stringLiteral: tr("%1$s (snoozed)", titleText))) }
        } else {
            if record.presentation.alert.secondaryButtonBehavior == .countdown {
                record.presentation.alert.secondaryButton = nil
                record.presentation.alert.secondaryButtonBehavior = nil
            }
            record.countdownDuration = preAlert.map { .init(preAlert: $0, postAlert: nil) }
            if preAlert == nil { record.presentation.countdown = nil }
        }
        record.sound.sound = sound.map { .named($0) } ?? .default
        record.sound.volume = volumePercent.map { Double($0) / 100 }
        record.sound.rampSeconds = rampSeconds > 0 ? Double(rampSeconds) : nil
        return record
    }
}

extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}

/// alarmd's settings that apply to every alarm and that the dialog shows but cannot change per
/// alarm, as alarmd's `status` reports them: how long one rings before it counts as missed
/// (config.toml `alarms.ring_timeout`).
package enum SharedAlarmSettings {
    /// "10 min, then it counts as missed"; empty while alarmd has not said (an alarmd that
    /// predates `ringTimeout`, or none answering).
    package static func ringTimeoutText(_ status: AlarmProtocol.DaemonStatus?) -> String {
        status?.ringTimeout.map(ringTimeoutText) ?? ""
    }

    package static func ringTimeoutText(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "" }
        if seconds < 60 { return tr("%1$s s, then it counts as missed", String(Int(seconds))) }
        return tr("%1$s min, then it counts as missed", String(Int((seconds / 60).rounded())))
    }
}
