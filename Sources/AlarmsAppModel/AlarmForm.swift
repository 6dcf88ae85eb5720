import AlarmClient
import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// The add/edit dialog's values, their validation, and the record they make: the same record
/// `alarmctl add` builds for a weekday alarm (a Stop button, a Snooze button that counts down
/// the snooze length), so an alarm made here and one made there are alike. Editing shows what
/// the alarm is (its date, whether it is on, its skip, its zone) and sends only what the
/// person changed (`change`): Save with nothing changed sends nothing.
package struct AlarmForm: Hashable, Sendable {
    package var hour = 7
    package var minute = 0
    package var days = WeekdaySet([])
    /// The day of a one-off alarm on a date (`2026-12-24 18:00`, an imported event); nil for
    /// one that rings at the next `hour:minute`, and for repeating alarms.
    package var date: LocalDate?
    package var title = ""
    /// A sound name; nil for the default sound.
    package var sound: String?
    /// Minutes a snooze lasts; 0 for no Snooze button.
    package var snoozeMinutes = 9
    /// 0-100; nil for alarmd's configured volume.
    package var volumePercent: Int?
    /// Seconds to fade in; 0 for none.
    package var rampSeconds = 0
    /// On or off (the alarm's switch).
    package var enabled = true
    /// The date a repeating alarm skips (shown as "Skips Mon 06:30"); nil when none. Set to
    /// nil while editing, it rings that date after all.
    package var skipping: Date?
    /// The zone whose wall clock the alarm follows, when it is not the machine's (an imported
    /// event's); shown, and kept.
    package var timeZone: String?

    /// The app id the app's alarms carry (which app made an alarm; alarmd needs no consent
    /// for it, as for alarmctl).
    package static let appID = "org.openalarmkit.Alarms"

    package init(defaultSnooze: TimeInterval = 9 * 60) {
        snoozeMinutes = Self.minutes(defaultSnooze)
    }

    /// The form for editing `record`: its time and days, or its date and time on the wall
    /// clock it follows (`zone`: the machine's; an imported alarm's own zone wins), its title,
    /// sound and snooze, and its state. `now`: a skip already behind it is not shown.
    package init(editing record: AlarmRecord, zone: ZoneRules = .current, now: Date = Date()) {
        switch record.schedule {
        case .relative(let relative):
            hour = relative.time.hour
            minute = relative.time.minute
            if case .weekly(let weekly) = relative.repeats { days = WeekdaySet(weekly) }
        case .fixed(let instant):
            let calendar = FireTimeCalendar(timeZone: record.timeZone.flatMap { ZoneRules.named($0) } ?? zone)
            let local = calendar.localDate(of: instant)
            let secondOfDay = Int(clampingFinite: instant.timeIntervalSince(calendar.instant(of: local, hour: 0, minute: 0)))
            date = local
            hour = min(max(secondOfDay / 3600, 0), 23)
            minute = min(max(secondOfDay / 60 % 60, 0), 59)
        case nil:
            break
        }
        title = record.presentation.alert.title.text
        if case .named(let name) = record.sound.sound { sound = name }
        snoozeMinutes = record.presentation.alert.secondaryButtonBehavior == .countdown ? Self.minutes(record.countdownDuration?.postAlert ?? 540) : 0
        volumePercent = record.sound.volume.map { Int(($0 * 100).rounded()) }
        rampSeconds = Int(record.sound.rampSeconds ?? 0)
        enabled = record.disabledAt == nil
        skipping = record.skippedFire.flatMap { $0 > now && record.disabledAt == nil ? $0 : nil }
        timeZone = record.timeZone
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

    /// The same check, and a date that has passed, for an alarm that is to be on: it could
    /// never ring. `zone`: the machine's (the form's own zone wins).
    package func problems(now: Date, zone: ZoneRules = .current) -> [Problem] {
        var found = problems
        if enabled, days.days.isEmpty, date != nil, let schedule = schedule(zone: zone), case .fixed(let instant) = schedule, instant <= now {
            found.append(.time(tr("This date and time have passed: choose a later one, or turn the alarm off.")))
        }
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

    /// When it rings: on the days, or once at the next `hour:minute`, or once on `date` at
    /// `hour:minute` on the wall clock of its zone. Nil only for a date the zone cannot place.
    package func schedule(zone: ZoneRules = .current) -> Alarm.Schedule? {
        let time = Alarm.Schedule.Relative.Time(hour: hour, minute: minute)
        if !days.days.isEmpty { return .relative(.init(time: time, repeats: .weekly(days.ordered))) }
        guard let date else { return .relative(.init(time: time, repeats: .never)) }
        let calendar = FireTimeCalendar(timeZone: timeZone.flatMap { ZoneRules.named($0) } ?? zone)
        return .fixed(calendar.instant(of: date, hour: hour, minute: minute))
    }

    /// A day as the dialog's calendar gives it: year, month 1-12, day 1-31.
    package typealias Day = (year: Int, month: Int, day: Int)

    /// `date` as the calendar shows it.
    package var day: Day? {
        get { date.map { ($0.year, $0.month, $0.day) } }
        set { date = newValue.map { LocalDate(year: $0.year, month: $0.month, day: $0.day) } }
    }

    /// Today on the machine's wall clock: where the calendar opens for an alarm with no date.
    package static func today(now: Date = Date(), zone: ZoneRules = .current) -> Day {
        let date = FireTimeCalendar(timeZone: zone).localDate(of: now)
        return (date.year, date.month, date.day)
    }

    /// The date row's line: "Thu 2026-12-24" as the locale writes dates, or, with no date,
    /// that it rings at the next such time.
    package func dateText(localTime: LocalTimeText) -> String {
        guard let date else { return tr("None: it rings at the next %1$s", localTime.time(hour: hour, minute: minute)) }
        return localTime.weekdayAndDate(date)
    }

    private var titleText: String { title.allSatisfy(\.isWhitespace) ? tr("Alarm") : title }

    /// A new alarm (`schedule`).
    package func record(now: Date = Date(), zone: ZoneRules = .current) -> AlarmRecord {
        var record = AlarmRecord(
            id: UUID(), appID: Self.appID, schedule: schedule(zone: zone), countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(
                title: .init(stringLiteral: titleText),
                stopButton: AlarmButton(text: .init(stringLiteral: tr("Stop")), textColor: .white, systemImageName: "stop.circle"))),
            phase: .scheduled(fireDate: now))
        applySnooze(to: &record)
        applySound(to: &record)
        return record
    }

    /// What Save sends for `original` (the alarm as it was when the dialog opened, shown as
    /// `shown`): the record with the person's changes and the fields they touched, nothing
    /// else. No fields: nothing changed, nothing to send.
    package func change(of original: AlarmRecord, shown: AlarmForm, now: Date = Date(), zone: ZoneRules = .current) -> (record: AlarmRecord, fields: [AlarmField]) {
        var record = original
        var fields: [AlarmField] = []
        if hour != shown.hour || minute != shown.minute || days != shown.days || date != shown.date {
            record.schedule = schedule(zone: zone)
            fields.append(.schedule)
        }
        if title != shown.title {
            record.presentation.alert.title = .init(stringLiteral: titleText)
            fields.append(.title)
        }
        if snoozeMinutes != shown.snoozeMinutes {
            applySnooze(to: &record)
            fields.append(.snooze)
        }
        if sound != shown.sound || volumePercent != shown.volumePercent || rampSeconds != shown.rampSeconds {
            applySound(to: &record)
            if sound != shown.sound { fields.append(.sound) }
            if volumePercent != shown.volumePercent { fields.append(.volume) }
            if rampSeconds != shown.rampSeconds { fields.append(.ramp) }
        }
        if enabled != shown.enabled {
            record.disabledAt = enabled ? nil : now
            fields.append(.enabled)
        }
        if skipping != shown.skipping {
            record.skippedFire = skipping
            fields.append(.skip)
        }
        return (record, fields)
    }

    /// The Snooze button and its length, as `alarmctl add` makes them; a snooze's countdown
    /// title when the alarm has no countdown of its own.
    private func applySnooze(to record: inout AlarmRecord) {
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
    }

    private func applySound(to record: inout AlarmRecord) {
        record.sound.sound = sound.map { .named($0) } ?? .default
        record.sound.volume = volumePercent.map { Double($0) / 100 }
        record.sound.rampSeconds = rampSeconds > 0 ? Double(rampSeconds) : nil
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
