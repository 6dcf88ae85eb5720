import AlarmCore
import AlarmSystem
import AlarmWords
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// How alarms read on a terminal: AlarmWords' words for an alarm's description (the window's
/// rows say the same), in a table, a `show` page or a confirmation.
enum Format {
    static func shortID(_ id: UUID) -> String { id.lowercaseHex(bytes: 4) }

    /// "Mon 06:30", or "Mon 06:30:15" when the seconds matter, with the date when it is not
    /// within the coming week; as the locale writes them ("Mon 6:30 AM", "Mo. 06:30").
    static func when(_ date: Date, now: Date = Date(), zone: ZoneRules = .current, locale: LocalTimeText = .current) -> String {
        AlarmWords(now: now, zone: zone, localTime: locale).when(date)
    }

    /// "45 s", "1 min 30 s", "5 min", "9 h 12 min", "3 d 4 h".
    static func duration(_ seconds: TimeInterval) -> String { AlarmWords.duration(seconds) }

    /// "04:59" or "1:04:59" for a live countdown.
    static func clock(_ seconds: TimeInterval) -> String {
        let s = max(Int(clampingFinite: seconds.rounded(.up)), 0)
        return s >= 3600 ? String(cFormat: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(cFormat: "%02d:%02d", s / 60, s % 60)
    }

    /// What the alarm does next, in words: "rings Mon 06:30, in 9 h 12 min" (AlarmWords.next),
    /// or how to turn it on. `zone` and `locale` are looked up once by a caller with many rows.
    /// `advice`: a turned-off alarm says which command turns it on (not in a status bar's
    /// tooltip, which is no terminal).
    static func status(of record: AlarmRecord, now: Date = Date(), zone: ZoneRules = .current, locale: LocalTimeText = .current, advice: Bool = true) -> String {
        status(of: record, words: AlarmWords(now: now, zone: zone, localTime: locale), advice: advice)
    }

    static func status(of record: AlarmRecord, words: AlarmWords, advice: Bool = true) -> String {
        let description = words.describe(record)
        return words.next(description) ?? (advice ? turnedOff(record, description, words: words) : words.state(description))
    }

    /// For people: escaped for the terminal (`TerminalSafe`). JSON output uses the raw text.
    static func title(_ record: AlarmRecord) -> String { TerminalSafe.text(record.presentation.alert.title.text) }

    static func soundName(_ record: AlarmRecord) -> String {
        switch record.sound.sound {
        case .default: Text.defaultSound
        case .named(let name): TerminalSafe.text(name)
        }
    }

    /// The table `alarmctl list` prints, as UTF-8 (making a String of ~90 bytes a row would
    /// only check again that it is UTF-8).
    static func table(_ records: [AlarmRecord], now: Date = Date()) -> [UInt8] {
        guard !records.isEmpty else { return Array(Text.noAlarms.utf8) }
        let words = AlarmWords(now: now, zone: .current, localTime: .current)  // once, not per row
        var columns = Text.tableHeader.map { [$0] }
        for index in columns.indices { columns[index].reserveCapacity(records.count + 1) }
        for record in records {
            let description = words.describe(record)
            columns[0].append(shortID(record.id))
            columns[1].append(words.state(description))
            columns[2].append(words.repeats(description.repeats))
            columns[3].append(title(record))
            columns[4].append(words.next(description) ?? turnedOff(record, description, words: words))
        }
        return ColumnText.render(columns: columns)
    }

    static func details(_ record: AlarmRecord, now: Date = Date()) -> String {
        let words = AlarmWords(now: now, zone: .current, localTime: .current)
        let description = words.describe(record)
        var lines = [
            Text.detailID(record.id.uuidString.lowercased()),
            Text.detailTitle(title(record)),
            Text.detailApp(TerminalSafe.text(description.app)),
            Text.detailState(words.state(description), words.next(description) ?? turnedOff(record, description, words: words)),
            Text.detailRepeats(words.repeats(description.repeats)),
        ]
        if let calendar = record.calendar {
            lines += calendarDetails(record, calendar)
        } else if case .relative(let relative) = record.schedule {
            let time = words.time(.init(hour: relative.time.hour, minute: relative.time.minute))
            lines.append(record.timeZone.map { Text.detailTimeInZone(time, TerminalSafe.text($0)) } ?? Text.detailTime(time))
        }
        if let before = description.countdownBefore { lines.append(Text.detailCountdown(duration(before))) }
        if let snooze = description.snooze { lines.append(Text.detailSnooze(duration(snooze))) }
        var buttons = [TerminalSafe.text(record.presentation.alert.stopButton.text.text)]
        if let secondary = record.presentation.alert.secondaryButton {
            buttons.append(Text.secondaryButton(TerminalSafe.text(secondary.text.text), behavior: record.presentation.alert.secondaryButtonBehavior?.rawValue))
        }
        lines.append(Text.detailButtons(buttons))
        let volume = record.sound.volume.map { Int(clampingFinite: ($0 * 100).rounded()) }
        let ramp = record.sound.rampSeconds.flatMap { $0 > 0 ? duration($0) : nil }
        lines.append(Text.detailSound(soundName(record), volumePercent: volume, ramp: ramp))
        return lines.joined(separator: "\n")
    }
}

extension Format {
    /// `show`'s lines for an event's schedule: when it starts (and in which zone), its
    /// reminders, the dates it leaves out and adds, and the occurrences changed.
    static func calendarDetails(_ record: AlarmRecord, _ calendar: CalendarSchedule) -> [String] {
        var lines: [String] = []
        let start = calendar.start
        var when = LocalDate(year: start.year, month: start.month, day: start.day).description
        if let second = start.secondOfDay { when += " " + LocalTimeText.current.time(hour: second / 3600, minute: second / 60 % 60) }
        if let zone = record.timeZone { when += " " + TerminalSafe.text(zone) }
        lines.append(calendar.isAllDay ? Text.detailStartsAllDay(when) : Text.detailStarts(when))
        let reminders = calendar.alerts.map { alert -> String in
            switch alert.trigger {
            case .start(let offset): return offset.text
            case .end(let offset): return Text.reminderFromEnd(offset.text)
            case .absolute(let instant): return ICalInstant.text(instant)
            }
        }
        if !reminders.isEmpty { lines.append(Text.detailReminders(reminders.joined(separator: ", "))) }
        if !calendar.exclusions.isEmpty { lines.append(Text.detailLeftOut(calendar.exclusions.count)) }
        if !calendar.overrides.isEmpty { lines.append(Text.detailChanged(calendar.overrides.count)) }
        return lines
    }
}

/// An instant as UTC, with its zone said (`2026-11-30 20:00 UTC`).
enum ICalInstant {
    static func text(_ instant: Date) -> String {
        FireTimeCalendar(timeZone: .utc).iso8601(instant)
    }
}
