import AlarmClient
import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// The add/edit dialog's values, their validation, and the record they make: the same record
/// `alarmctl add` builds from the same words (a Stop button, a Snooze button that counts down
/// the snooze length; `every 2 weeks mon 7:00` is the same event's schedule), so an alarm made
/// here and one made there are alike. Editing shows what the alarm is (its date or repeat,
/// whether it is on, its skip, its zone) and sends only what the person changed (`change`):
/// Save with nothing changed sends nothing.
package struct AlarmForm: Hashable, Sendable {
    package var hour = 7
    package var minute = 0
    /// How it repeats (the Repeat row); its details are the fields below that the kind names.
    package var repeatKind = RepeatKind.never
    /// The days of a weekly repeat (`weekly`, `everyFewWeeks`).
    package var days = WeekdaySet([])
    /// Weeks apart, 2 or more (`everyFewWeeks`).
    package var weekInterval = 2
    /// The day of the month, 1-31, or -1 for the last day (`monthlyByDate`); 1-31 for `yearly`.
    package var monthDay = 1
    /// Which weekday of the month: 1-5, or -1 for the last (`monthlyByWeekday`).
    package var weekdayOrdinal = 1
    package var weekday = Locale.Weekday.monday
    /// 1-12 (`yearly`).
    package var month = 1
    /// When a repeat stops (not for `never` and `asInCalendar`).
    package var end = RepeatEnd.never
    /// The day of a one-off alarm on a date (`2026-12-24 18:00`, an imported event); nil for
    /// one that rings at the next `hour:minute`, and for repeating alarms.
    package var date: LocalDate?
    /// The event's schedule the alarm has (alarmctl's `every 2 weeks …`, an imported event):
    /// kept as it is while `repeatKind` is `asInCalendar`, and the base of a change of only
    /// its time or end.
    package private(set) var calendar: CalendarSchedule?
    package var title = ""
    /// A sound name; nil for the default sound.
    package var sound: String?
    /// Minutes a snooze lasts; 0 for no Snooze button.
    package var snoozeMinutes = 9
    /// alarmd's own snooze (`alarms.snooze`). An alarm whose snooze is that length keeps none of
    /// its own (no `postAlert`): alarmd reads the setting when the snooze happens, so changing
    /// it reaches alarms made before, as `alarmctl add` without `--snooze` does.
    package private(set) var defaultSnoozeMinutes = 9
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

    /// - Parameter defaultSnooze: alarmd's (its `status`); nil while unknown: its built-in one.
    package init(defaultSnooze: TimeInterval? = nil) {
        defaultSnoozeMinutes = Self.minutes(defaultSnooze ?? LifecyclePolicy().defaultSnooze)
        snoozeMinutes = defaultSnoozeMinutes
    }

    /// The form for editing `record`: its time and days, or its date and time on the wall
    /// clock it follows (`zone`: the machine's; an imported alarm's own zone wins), its title,
    /// sound and snooze, and its state. `now`: a skip already behind it is not shown.
    package init(editing record: AlarmRecord, defaultSnooze: TimeInterval? = nil, zone: ZoneRules = .current, now: Date = Date()) {
        let defaultSnooze = defaultSnooze ?? LifecyclePolicy().defaultSnooze
        defaultSnoozeMinutes = Self.minutes(defaultSnooze)
        switch record.storedSchedule {
        case .alarmKit(.relative(let relative)):
            hour = relative.time.hour
            minute = relative.time.minute
            if case .weekly(let weekly) = relative.repeats, !weekly.isEmpty {
                days = WeekdaySet(weekly)
                repeatKind = .weekly
            }
        case .alarmKit(.fixed(let instant)):
            let calendar = FireTimeCalendar(timeZone: record.timeZone.flatMap { ZoneRules.named($0) } ?? zone)
            let local = calendar.localDate(of: instant)
            let secondOfDay = Int(clampingFinite: instant.timeIntervalSince(calendar.instant(of: local, hour: 0, minute: 0)))
            date = local
            hour = min(max(secondOfDay / 3600, 0), 23)
            minute = min(max(secondOfDay / 60 % 60, 0), 59)
        case .calendar(let schedule):
            calendar = schedule
            if !read(schedule) {
                repeatKind = .asInCalendar
                if case .relative(let relative) = schedule.alarmKitSchedule {
                    hour = relative.time.hour
                    minute = relative.time.minute
                }
            }
        case nil:
            break
        }
        title = record.presentation.alert.title.text
        if case .named(let name) = record.sound.sound { sound = name }
        // The length alarmd snoozes it for (`Lifecycle`): its own, its countdown's, or alarmd's.
        let durations = record.countdownDuration
        snoozeMinutes = record.presentation.alert.secondaryButtonBehavior == .countdown
            ? Self.minutes(durations?.postAlert ?? durations?.preAlert ?? defaultSnooze) : 0
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

    /// The same check, and what the schedule cannot be, for an alarm that is to be on: a date
    /// that has passed, a repeat that has ended or never happens. `shown`: the form as the
    /// dialog opened, when editing (Save then sends `change(of:shown:)`'s schedule). `zone`:
    /// the machine's (the form's own zone wins).
    package func problems(now: Date, zone: ZoneRules = .current, shown: AlarmForm? = nil) -> [Problem] {
        var found = problems
        if repeatKind.hasDays, repeatKind != .never, days.days.isEmpty { found.append(.repeat(tr("Choose the days it rings."))) }
        if repeatKind == .everyFewWeeks, !(2...RecurrenceRule.maxInterval).contains(weekInterval) {
            found.append(.repeat(tr("Choose 2 to %1$s weeks apart.", String(RecurrenceRule.maxInterval))))
        }
        if repeatKind == .yearly, !(1...LocalDate.daysInMonth(month, year: 2024)).contains(monthDay) {
            found.append(.repeat(tr("%1$s has no day %2$s: choose another.", RepeatWords.months[(month - 1).clamped(0, 11)], String(monthDay))))
        }
        if case .count(let times) = end, repeatKind.hasEnd, !(1...RecurrenceRule.maxCount).contains(times) {
            found.append(.repeat(tr("Choose 1 to %1$s times.", String(RecurrenceRule.maxCount))))
        }
        // An edit that leaves when it rings and whether it is on as they were is not checked:
        // Save then sends nothing about them.
        guard found.isEmpty, shown.map({ schedulesDiffer(from: $0) || (enabled && !$0.enabled) }) ?? true else { return found }
        switch shown.map({ edited(shown: $0, now: now, zone: zone) }) ?? built(now: now, zone: zone) {
        case .failure(let problem):
            found.append(problem)
        case .success(let schedule):
            guard enabled else { break }
            if case .alarmKit(.fixed(let instant)) = schedule, instant <= now {
                found.append(.time(tr("This date and time have passed: choose a later one, or turn the alarm off.")))
            } else if case .calendar(let calendar) = schedule,
                      CalendarFires(schedule: calendar, calendar: FireTimeCalendar(timeZone: wallClock(zone)), floating: timeZone == nil).nextFire(after: now) == nil {
                found.append(.repeat(tr("This repeat has ended: choose a later end, or turn the alarm off.")))
            }
        }
        return found
    }

    package enum Problem: Error, Hashable, Sendable {
        case time(String), `repeat`(String), title(String), snooze(String), sound(String)

        package var message: String {
            switch self {
            case .time(let text), .repeat(let text), .title(let text), .snooze(let text), .sound(let text): text
            }
        }
    }

    /// When it rings, as the record keeps it: once at the next `hour:minute` or on `date` at
    /// `hour:minute` on the wall clock of its zone; weekly on the days (AlarmKit's schedule,
    /// as `alarmctl add mon,fri 7:00` makes it); any other repeat or an end as the event's
    /// schedule `alarmctl add` makes from the same words (`CalendarSchedule.repeating`), from
    /// now; or the schedule it has, kept. Nil when `problems(now:zone:)` says why.
    package func schedule(now: Date = Date(), zone: ZoneRules = .current) -> AlarmRecord.ScheduleKind? {
        try? built(now: now, zone: zone).get()
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
            id: UUID(), appID: Self.appID, schedule: nil, countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(
                title: .init(stringLiteral: titleText),
                stopButton: AlarmButton(text: .init(stringLiteral: tr("Stop")), textColor: .white, systemImageName: "stop.circle"))),
            phase: .scheduled(fireDate: now))
        record.storedSchedule = schedule(now: now, zone: zone)
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
        // A schedule `problems(now:zone:shown:)` refuses is not sent (the dialog says why first).
        if schedulesDiffer(from: shown), let schedule = try? edited(shown: shown, now: now, zone: zone).get() {
            record.storedSchedule = schedule
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
            let followsDefault = snoozeMinutes == defaultSnoozeMinutes && preAlert == nil
            record.countdownDuration = followsDefault ? nil : .init(preAlert: preAlert, postAlert: TimeInterval(snoozeMinutes * 60))
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
