import AlarmClient
import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// One line of the Alarms page, every text ready to show: what a row widget displays and what a
/// screen reader says, decided here so it is tested without GTK.
package struct AlarmRow: Hashable, Sendable, Identifiable {
    package var id: UUID
    /// "06:30" or "6:30 AM", as the locale writes times.
    package var time: String
    package var title: String
    /// "Weekdays", "Mon, Wed, Fri", "Once", or the date of a one-off alarm; an event's repeat
    /// in words ("Every other week on Mon").
    package var repeatText: String
    /// Whether `repeatText` is an event's repeat in words: a sentence that may wrap between its
    /// words (`LineBreaks.sentence`), where days and dates are kept together.
    package var repeatIsSentence = false
    /// "in 9 h 12 min", "Off", "Ringing", "Snoozed until 14:45", "in 2 d (skipping Mon 06:30)".
    package var status: String
    package var enabled: Bool
    package var repeats: Bool
    /// A repeating, enabled alarm that is not already skipping its next date.
    package var canSkip: Bool { action == .skip }
    /// The row's one button beside the switch, if any: Skip Next, Don't Skip, or Stop for a
    /// snoozed alarm (which no other page lists).
    package var action: Action?
    package var ringing: Bool
    /// Counting down its snooze, to ring again then.
    package var snoozedUntil: Date?

    package enum Action: Hashable, Sendable {
        /// Skip the next date (`skip`).
        case skip
        /// Ring on the skipped date after all (`unskip`).
        case unskip
        /// End the snooze, as the popup's Stop does (`stop`): a repeating alarm moves on.
        case stop

        /// The button's label.
        package var label: String {
            switch self {
            case .skip: tr("Skip Next")
            case .unskip: tr("Don't Skip")
            case .stop: tr("Stop")
            }
        }

        /// The button's accessible name, with the alarm's title.
        package func accessibleName(_ title: String) -> String {
            switch self {
            case .skip: tr("Skip next %1$s", title)
            case .unskip: tr("Don't skip %1$s", title)
            case .stop: tr("Stop %1$s", title)
            }
        }
    }
    /// Which app made it ("alarmctl", an app id): shown when it is not this app's own.
    package var appID: String
    /// The switch's accessible name: "Wake up, on" / "Wake up, off".
    package var switchName: String { enabled ? tr("%1$s, on", title) : tr("%1$s, off", title) }
    /// When it next rings; nil when off.
    package var nextFire: Date?
}

/// Alarm rows from alarmd's records: the alarms (records with a schedule; countdown-only
/// records are timers, for the Timers page), enabled ones soonest first, then the ones turned
/// off by time of day.
package struct AlarmRowMaker: Sendable {
    package var zone: ZoneRules
    package var localTime: LocalTimeText

    package init(zone: ZoneRules, localTime: LocalTimeText) {
        self.zone = zone
        self.localTime = localTime
    }

    package func rows(_ records: [AlarmRecord], now: Date) -> [AlarmRow] {
        let rows = records.filter { $0.schedule != nil }.map { row($0, now: now) }
        return rows.sorted { a, b in
            switch (a.nextFire, b.nextFire) {
            case let (x?, y?): return x != y ? x < y : (a.title, a.id.uuidString) < (b.title, b.id.uuidString)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return (a.time, a.title, a.id.uuidString) < (b.time, b.title, b.id.uuidString)
            }
        }
    }

    package func row(_ record: AlarmRecord, now: Date) -> AlarmRow {
        let enabled = record.disabledAt == nil
        let ringing: Bool
        if case .alerting = record.phase { ringing = true } else { ringing = false }
        let next = enabled ? Self.nextFire(record) : nil
        let snoozedUntil = enabled ? record.snoozedUntil(calendar: calendar(for: record)) : nil
        let skipping = enabled ? record.skippedFire.flatMap { $0 > now ? $0 : nil } : nil
        var status: String
        if ringing {
            status = tr("Ringing")
        } else if let snoozedUntil {
            status = tr("Snoozed until %1$s", localTime.time(snoozedUntil, zone: zone, seconds: false))
        } else if !enabled {
            status = tr("Off")
        } else if case .paused = record.phase {
            status = tr("Paused")
        } else if let next {
            status = RemainingTime.text(until: next, now: now)
        } else {
            status = ""
        }
        if let skipping {
            status = tr("%1$s (skipping %2$s)", status, localTime.weekdayAndTime(skipping, zone: zone, seconds: false))
        }
        let action: AlarmRow.Action?
        if snoozedUntil != nil {
            action = .stop
        } else if skipping != nil, case .scheduled = record.phase {
            action = .unskip
        } else if enabled && record.repeats && !ringing, case .scheduled = record.phase {
            action = .skip
        } else {
            action = nil
        }
        var row = AlarmRow(
            id: record.id, time: time(of: record), title: Self.title(record), repeatText: repeatText(of: record, now: now),
            status: status, enabled: enabled, repeats: record.repeats, action: action,
            ringing: ringing, snoozedUntil: snoozedUntil, appID: record.appID, nextFire: next)
        row.repeatIsSentence = record.calendar != nil
        return row
    }

    /// The wall clock the record follows: its own zone's (an imported event's), else the machine's.
    func calendar(for record: AlarmRecord) -> FireTimeCalendar {
        FireTimeCalendar(timeZone: record.timeZone.flatMap { ZoneRules.named($0) } ?? zone)
    }

    /// What a toast says after Skip: "“Gym” skips Mon 06:30", or nil when nothing is skipped.
    package func skippedText(_ record: AlarmRecord) -> String? {
        guard let skipped = record.skippedFire else { return nil }
        return tr("“%1$s” skips %2$s", Self.title(record), localTime.weekdayAndTime(skipped, zone: zone, seconds: false))
    }

    /// The alert's title, or "Alarm" for one without (an app may leave it empty). Anyone's
    /// input: control characters and bidi overrides are shown as escapes, as alarmctl shows
    /// them, so a title cannot disguise the row or a screen reader's words.
    package static func title(_ record: AlarmRecord) -> String {
        let text = record.presentation.alert.title.text
        return text.isEmpty ? tr("Alarm") : TerminalSafe.text(text)
    }

    /// When the alarm rings next: its phase's instant (alarmd computed it from the schedule).
    package static func nextFire(_ record: AlarmRecord) -> Date? {
        switch record.phase {
        case .scheduled(let fire): fire
        case .countdown(_, let fire, _, _): fire
        case .alerting(let since, _): since
        case .paused: nil
        }
    }

    func time(of record: AlarmRecord) -> String {
        // An event's reminders may ring at several times: the next one's, on this clock.
        if record.calendar != nil, let next = Self.nextFire(record) { return localTime.time(next, zone: zone, seconds: false) }
        return switch record.schedule {
        case .relative(let relative): localTime.time(hour: relative.time.hour, minute: relative.time.minute)
        case .fixed(let date): localTime.time(date, zone: zone, seconds: false)
        case nil: ""
        }
    }

    func repeatText(of record: AlarmRecord, now: Date) -> String {
        if let calendar = record.calendar { return TerminalSafe.text(RecurrenceWords.text(calendar, localTime: localTime)) }
        switch record.schedule {
        case .relative(let relative):
            if case .weekly(let days) = relative.repeats, !days.isEmpty { return WeekdaySet(days).text(localTime: localTime) }
            return tr("Once")
        case .fixed(let date):
            // A one-off at an instant: its day, unless that is within a day of now (a kept
            // alarm that rang long ago shows when).
            return abs(date.timeIntervalSince(now)) < 86_400 ? tr("Once") : localTime.weekdayDateAndTime(date, zone: zone, seconds: false)
        case nil:
            return ""
        }
    }
}
