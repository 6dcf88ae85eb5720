import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmWords
import FoundationEssentials
import LinuxSupport

/// One line of the Alarms page, every text ready to show: what a row widget displays and what a
/// screen reader says, decided here so it is tested without GTK.
package struct AlarmRow: Hashable, Sendable, Identifiable {
    package var id: UUID
    /// "06:30" or "6:30 AM", as the locale writes times, on this machine's clock (an alarm that
    /// keeps another zone's time shows when it rings here, and that zone's time in `status`).
    package var time: String
    package var title: String
    /// "Weekdays", "Mon, Wed, Fri", "Once", or the date of a one-off alarm; an event's repeat
    /// in words ("Every other week on Mon").
    package var repeatText: String
    /// Whether `repeatText` is an event's repeat in words: a sentence that may wrap between its
    /// words (`LineBreaks.sentence`), where days and dates are kept together.
    package var repeatIsSentence = false
    /// "in 9 h 12 min", "Off", "Ringing", "Snoozed until 14:45", "in 3 d (skips Sat 08:00)",
    /// "in 2 h (08:50 America/New_York)": AlarmWords' `rowStatus`.
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
/// off by time of day. Their words are AlarmWords', from the description alarmctl's `list`
/// words too.
package struct AlarmRowMaker: Sendable {
    package var zone: ZoneRules
    package var localTime: LocalTimeText

    package init(zone: ZoneRules, localTime: LocalTimeText) {
        self.zone = zone
        self.localTime = localTime
    }

    package func rows(_ records: [AlarmRecord], now: Date) -> [AlarmRow] {
        let words = AlarmWords(now: now, zone: zone, localTime: localTime)
        let rows = records.filter { $0.schedule != nil }.map { row($0, words: words) }
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
        row(record, words: AlarmWords(now: now, zone: zone, localTime: localTime))
    }

    private func row(_ record: AlarmRecord, words: AlarmWords) -> AlarmRow {
        let description = words.describe(record)
        var ringing = false, waiting = false
        var next: Date?, snoozedUntil: Date?
        switch description.next {
        case .rings(let fire): (waiting, next) = (true, fire)
        case .countsDown(let fire): next = fire
        case .snoozed(let until): (next, snoozedUntil) = (until, until)
        case .ringing(let since): (ringing, next) = (true, since)
        case .off, .offPastItsDate, .paused: break
        }
        let action: AlarmRow.Action?
        if snoozedUntil != nil {
            action = .stop
        } else if description.skipping != nil, waiting {
            action = .unskip
        } else if waiting, record.repeats {
            action = .skip
        } else {
            action = nil
        }
        var row = AlarmRow(
            id: record.id, time: description.localTime.map(words.time) ?? "", title: Self.title(record),
            repeatText: repeatText(description, words: words), status: words.rowStatus(description),
            enabled: description.isOn, repeats: record.repeats, action: action,
            ringing: ringing, snoozedUntil: snoozedUntil, appID: description.app, nextFire: next)
        row.repeatIsSentence = record.calendar != nil
        return row
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

    /// How it repeats; a one-off with a date not within a day of now says its day, which the
    /// row's time does not (a kept alarm that rang long ago shows when).
    private func repeatText(_ description: AlarmDescription, words: AlarmWords) -> String {
        if case .onDate(let date) = description.repeats, abs(date.timeIntervalSince(words.now)) >= 86_400 {
            return localTime.weekdayDateAndTime(date, zone: zone, seconds: false)
        }
        return words.repeats(description.repeats)
    }
}
