import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// How alarms read on a terminal.
enum Format {
    static func shortID(_ id: UUID) -> String { id.lowercaseHex(bytes: 4) }

    /// "Mon 06:30", or "Mon 06:30:15" when the seconds matter, with the date when it is not
    /// within the coming week; as the locale writes them ("Mon 6:30 AM", "Mo. 06:30").
    static func when(_ date: Date, now: Date = Date(), zone: ZoneRules = .current, locale: LocalTimeText = .current) -> String {
        if date.timeIntervalSince(now) > 6 * 86400 || date < now.addingTimeInterval(-86400) {
            return locale.weekdayDateAndTime(date, zone: zone, seconds: true)
        }
        return locale.weekdayAndTime(date, zone: zone, seconds: true)
    }

    /// "45 s", "1 min 30 s", "5 min", "9 h 12 min", "3 d 4 h": seconds while they matter
    /// (under 5 minutes: `timer 90s` is "in 1 min 30 s", not "in 2 min"), then whole minutes
    /// rounded up.
    static func duration(_ seconds: TimeInterval) -> String {
        let s = Int(clampingFinite: seconds.rounded(.up))
        if s < 60 { return Text.seconds(max(s, 0)) }
        if s < 300, s % 60 != 0 { return Text.minutesSeconds(s / 60, s % 60) }
        let minutes = (s + 59) / 60
        if minutes < 60 { return Text.minutes(minutes) }
        let hours = minutes / 60, restMinutes = minutes % 60
        if hours < 24 { return restMinutes == 0 ? Text.hours(hours) : Text.hoursMinutes(hours, restMinutes) }
        let days = hours / 24, restHours = hours % 24
        return restHours == 0 ? Text.days(days) : Text.daysHours(days, restHours)
    }

    /// "04:59" or "1:04:59" for a live countdown.
    static func clock(_ seconds: TimeInterval) -> String {
        let s = max(Int(clampingFinite: seconds.rounded(.up)), 0)
        return s >= 3600 ? String(cFormat: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(cFormat: "%02d:%02d", s / 60, s % 60)
    }

    /// How the alarm repeats, in words: an event's schedule as `RecurrenceWords` says it.
    static func recurrence(_ record: AlarmRecord) -> String {
        if let calendar = record.calendar { return TerminalSafe.text(RecurrenceWords.text(calendar)) }
        return recurrence(record.schedule)
    }

    static func recurrence(_ schedule: Alarm.Schedule?) -> String {
        guard let schedule else { return Text.repeatsTimer }
        guard case .relative(let relative) = schedule else { return Text.repeatsOnce }
        guard case .weekly(let days) = relative.repeats else { return Text.repeatsOnce }
        // The days as bits, Sunday first (a Set of them cost 2 µs a row in `list`).
        var set = 0
        for day in days { set |= 1 << sundayFirstIndex(day) }
        if set == 0b111_1111 { return Text.repeatsDaily }
        if set == 0b011_1110 { return Text.repeatsWeekdays }
        if set == 0b100_0001 { return Text.repeatsWeekends }
        let names = LocalTimeText.current.shortWeekdays  // Sunday first
        var text = ""
        for index in [1, 2, 3, 4, 5, 6, 0] where set & 1 << index != 0 {  // Monday first
            if !text.isEmpty { text += "," }
            text += names[index]
        }
        return text
    }

    private static func sundayFirstIndex(_ day: Locale.Weekday) -> Int {
        switch day {
        case .sunday: 0
        case .monday: 1
        case .tuesday: 2
        case .wednesday: 3
        case .thursday: 4
        case .friday: 5
        case .saturday: 6
        @unknown default: 0
        }
    }

    /// What the alarm does next, in words: "rings Mon 06:30, in 9 h 12 min".
    /// `zone` and `locale` are looked up once by a caller with many rows. `advice`: a turned-off
    /// alarm says which command turns it on (not in a status bar's tooltip, which is no terminal).
    static func status(of record: AlarmRecord, now: Date = Date(), zone: ZoneRules = .current, locale: LocalTimeText = .current, advice: Bool = true) -> String {
        if record.disabledAt != nil { return advice ? turnedOff(record) ?? Text.off : Text.off }
        if let until = record.snoozedUntil(calendar: calendar(for: record, zone: zone)) {
            return Text.snoozedUntil(when(until, now: now, zone: zone, locale: locale), in: duration(until.timeIntervalSince(now)))
        }
        switch record.phase {
        case .scheduled(let fire):
            var text = Text.rings(when(fire, now: now, zone: zone, locale: locale), in: duration(fire.timeIntervalSince(now)))
            text += ownZone(record, fire: fire, locale: locale)
            let skips = skipping(record, now: now, zone: zone, locale: locale)
            if !skips.isEmpty { text += skips }
            if let pre = record.countdownDuration?.preAlert { text += Text.countingDownBefore(duration(pre)) }
            return text
        case .countdown(_, let fire, _, _):
            return Text.rings(when(fire, now: now, zone: zone, locale: locale), in: duration(fire.timeIntervalSince(now)))
        case .paused(let total, let elapsed):
            return Text.pausedWithLeft(duration(total - elapsed))
        case .alerting(let since, _):
            return Text.ringingSince(when(since, now: now, zone: zone, locale: locale))
        }
    }

    /// The wall clock the record's schedule follows: its own zone's, else `zone`.
    static func calendar(for record: AlarmRecord, zone: ZoneRules) -> FireTimeCalendar {
        FireTimeCalendar(timeZone: record.timeZone.flatMap { ZoneRules.named($0) } ?? zone)
    }

    /// An alarm that keeps an event's zone: its fire on that zone's clock, " (08:50 America/New_York)".
    static func ownZone(_ record: AlarmRecord, fire: Date, locale: LocalTimeText) -> String {
        guard let name = record.timeZone, let rules = ZoneRules.named(name) else { return "" }
        let local = Int(clampingFinite: fire.timeIntervalSince1970.rounded(.down)) + rules.secondsFromGMT(for: fire)
        let second = (local % 86_400 + 86_400) % 86_400
        return Text.inOwnZone(locale.time(hour: second / 3600, minute: second / 60 % 60), TerminalSafe.text(name))
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
        let (zone, locale) = (ZoneRules.current, LocalTimeText.current)  // once, not per row
        var columns = Text.tableHeader.map { [$0] }
        for index in columns.indices { columns[index].reserveCapacity(records.count + 1) }
        for record in records {
            columns[0].append(shortID(record.id))
            columns[1].append(stateName(record))
            columns[2].append(recurrence(record))
            columns[3].append(title(record))
            columns[4].append(status(of: record, now: now, zone: zone, locale: locale))
        }
        return ColumnText.render(columns: columns)
    }

    static func details(_ record: AlarmRecord, now: Date = Date()) -> String {
        var lines = [
            Text.detailID(record.id.uuidString.lowercased()),
            Text.detailTitle(title(record)),
            Text.detailApp(TerminalSafe.text(record.appID)),
            Text.detailState(stateName(record), status(of: record, now: now)),
            Text.detailRepeats(recurrence(record)),
        ]
        if let calendar = record.calendar {
            lines += calendarDetails(record, calendar)
        } else if case .relative(let relative) = record.schedule {
            let time = LocalTimeText.current.time(hour: relative.time.hour, minute: relative.time.minute)
            lines.append(record.timeZone.map { Text.detailTimeInZone(time, TerminalSafe.text($0)) } ?? Text.detailTime(time))
        }
        if let pre = record.countdownDuration?.preAlert { lines.append(Text.detailCountdown(duration(pre))) }
        if let post = record.countdownDuration?.postAlert { lines.append(Text.detailSnooze(duration(post))) }
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
