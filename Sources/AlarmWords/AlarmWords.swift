import AlarmCore
import AlarmModel
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// An alarm's description (`AlarmDescription`) in the reader's language, for alarmctl's
/// `list`, `show` and confirmations and for the window's rows: one place, so both say the same
/// about the same alarm. Times are this machine's as the locale writes them, with an imported
/// alarm's own zone beside them. A new case of the description gets its words here (an
/// event's repeat rules in AlarmWords+Calendar).
package struct AlarmWords: Sendable {
    package var now: Date
    /// This machine's zone.
    package var zone: ZoneRules
    package var localTime: LocalTimeText

    package init(now: Date, zone: ZoneRules, localTime: LocalTimeText) {
        self.now = now
        self.zone = zone
        self.localTime = localTime
    }

    /// The description of `record` now: its own zone's rules are read here (`ZoneRules.named`).
    package func describe(_ record: AlarmRecord) -> AlarmDescription {
        AlarmDescription(record, now: now, zone: zone, rules: { ZoneRules.named($0) })
    }

    // MARK: Pieces

    /// "Every day", "Weekdays", "Weekends", "Mon, Wed, Fri", "Once", "Timer", or an event's
    /// rule ("Every other week on Mon, until 2027-06-30").
    package func repeats(_ repeats: AlarmDescription.Repeat) -> String {
        switch repeats {
        case .timer: tr("Timer")
        case .once, .onDate: tr("Once")
        case .weekly(let days): self.days(days)
        case .calendar(let calendar): self.calendar(calendar)
        }
    }

    /// A set of weekdays: "Every day", "Weekdays", "Weekends", or the locale's short names from
    /// the locale's first day of the week ("Mon, Wed, Fri"; "Sun, Mon" in en_US, "Mo, So" in
    /// de_DE), as the window's day toggles stand.
    package func days(_ days: [Locale.Weekday]) -> String { Self.days(days, localTime: localTime) }

    package static func days(_ days: [Locale.Weekday], localTime: LocalTimeText) -> String {
        let set = Set(days)
        if set.count == 7 { return tr("Every day") }
        if set == [.monday, .tuesday, .wednesday, .thursday, .friday] { return tr("Weekdays") }
        if set == [.saturday, .sunday] { return tr("Weekends") }
        let names = localTime.shortWeekdays  // Sunday first, as C's ABDAY_1...7
        return week(startingOn: localTime.firstWeekday).filter(set.contains).map { names[Self.sundayFirstIndex($0)] }.joined(separator: ", ")
    }

    /// The seven days from `first` on: the week as the locale counts it (Sunday first in
    /// en_US, Monday first in de_DE).
    package static func week(startingOn first: Locale.Weekday) -> [Locale.Weekday] {
        let week = AlarmDescription.week
        let start = week.firstIndex(of: first) ?? 0
        return Array(week[start...] + week[..<start])
    }

    /// "06:30" / "6:30 PM".
    package func time(_ time: AlarmDescription.ClockTime) -> String { localTime.time(hour: time.hour, minute: time.minute) }

    /// "Mon 06:30", or "Mon 06:30:15" when the seconds matter and are asked for, with the date
    /// when it is not within the coming week; as the locale writes them ("Mon 6:30 AM", "Mo 06:30").
    package func when(_ date: Date, seconds: Bool = true) -> String {
        if date.timeIntervalSince(now) > 6 * 86400 || date < now.addingTimeInterval(-86400) {
            return localTime.weekdayDateAndTime(date, zone: zone, seconds: seconds)
        }
        return localTime.weekdayAndTime(date, zone: zone, seconds: seconds)
    }

    /// An imported alarm's time on its own zone's clock: "08:50 America/New_York".
    package func ownZone(_ own: AlarmDescription.OwnZone) -> String {
        tr("%1$s %2$s", time(own.time), TerminalSafe.text(own.name))
    }

    /// "45 s", "1 min 30 s", "5 min", "9 h 12 min", "3 d 4 h": a length, rounded up to the
    /// second; seconds while they matter (under 5 minutes: `timer 90s` is "in 1 min 30 s", not
    /// "in 2 min"), then whole minutes rounded up.
    package static func duration(_ seconds: TimeInterval) -> String {
        let s = Int(clampingFinite: seconds.rounded(.up))
        if s < 60 { return tr("%s s", String(max(s, 0))) }
        if s < 300, s % 60 != 0 { return tr("%1$s min %2$s s", String(s / 60), String(s % 60)) }
        let minutes = (s + 59) / 60
        if minutes < 60 { return tr("%s min", String(minutes)) }
        let hours = minutes / 60, restMinutes = minutes % 60
        if hours < 24 { return restMinutes == 0 ? tr("%s h", String(hours)) : tr("%1$s h %2$s min", String(hours), String(restMinutes)) }
        let days = hours / 24, restHours = hours % 24
        return restHours == 0 ? tr("%s d", String(days)) : tr("%1$s d %2$s h", String(days), String(restHours))
    }

    /// "in 9 h 12 min": how long until an instant, rounded up to the minute so an alarm never
    /// reads as sooner than it is (a row is redrawn each minute), and "in less than a minute"
    /// at the end.
    package func remaining(until date: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite, seconds > 0 else { return tr("now") }
        guard seconds > 60 else { return tr("in less than a minute") }
        let minutes = Int(clampingFinite: (seconds / 60).rounded(.up))
        let days = minutes / 1440, hours = minutes / 60 % 24, rest = minutes % 60
        if days > 0 {
            return hours > 0 ? tr("in %1$s d %2$s h", String(days), String(hours)) : tr("in %1$s d", String(days))
        }
        if hours > 0 {
            return rest > 0 ? tr("in %1$s h %2$s min", String(hours), String(rest)) : tr("in %1$s h", String(hours))
        }
        return tr("in %1$s min", String(rest))
    }

    // MARK: Sentences

    /// Its state in a person's words, as alarmctl's STATE column and `show` name it: off,
    /// scheduled, counting down, snoozed (a countdown after Snooze, not the one before a date),
    /// paused, ringing. `--json` keeps the wire's names.
    package func state(_ description: AlarmDescription) -> String {
        switch description.next {
        case .off, .offPastItsDate: tr("off")
        case .rings: tr("scheduled")
        case .countsDown: tr("counting down")
        case .snoozed: tr("snoozed")
        case .paused: tr("paused")
        case .ringing: tr("ringing")
        }
    }

    /// What it does next, for a line of text: "rings Mon 06:30, in 9 h 12 min (08:50
    /// America/New_York) (skips Tue 06:30) (counting down from 10 min before)", "snoozed until
    /// Mon 06:39, in 9 min", "paused with 5 min left", "ringing since Mon 06:30"; nil for an
    /// alarm that is off (the caller says how to turn it on).
    package func next(_ description: AlarmDescription) -> String? {
        switch description.next {
        case .off, .offPastItsDate:
            return nil
        case .rings(let fire):
            var text = tr("rings %1$s, in %2$s", when(fire), Self.duration(fire.timeIntervalSince(now)))
            text += qualifiers(description)
            if let before = description.countdownBefore { text += tr(" (counting down from %s before)", Self.duration(before)) }
            return text
        case .countsDown(let fire):
            return tr("rings %1$s, in %2$s", when(fire), Self.duration(fire.timeIntervalSince(now))) + qualifiers(description)
        case .snoozed(let until):
            return tr("snoozed until %1$s, in %2$s", when(until), Self.duration(until.timeIntervalSince(now))) + qualifiers(description)
        case .paused(let left):
            return tr("paused with %s left", Self.duration(left))
        case .ringing(let since):
            return tr("ringing since %s", when(since))
        }
    }

    /// What it does next, for a row under its time: "in 9 h 12 min (08:50 America/New_York)",
    /// "Snoozed until 14:45", "Off", "Paused", "Ringing", with " (skips Sat 08:00)".
    package func rowStatus(_ description: AlarmDescription) -> String {
        switch description.next {
        case .off, .offPastItsDate: tr("Off")
        case .paused: tr("Paused")
        case .ringing: tr("Ringing")
        case .snoozed(let until): tr("Snoozed until %1$s", localTime.time(until, zone: zone, seconds: false)) + qualifiers(description)
        case .rings(let fire), .countsDown(let fire): remaining(until: fire) + qualifiers(description)
        }
    }

    /// " (08:50 America/New_York) (skips Tue 06:30)": its own zone's time and a skipped date.
    private func qualifiers(_ description: AlarmDescription) -> String {
        var text = ""
        if let own = description.ownZone { text += tr(" (%s)", ownZone(own)) }
        if let skipped = description.skipping { text += tr(" (skips %s)", when(skipped, seconds: false)) }
        return text
    }

    /// The index into `LocalTimeText.shortWeekdays` (Sunday first, as C's `ABDAY_1...7`).
    package static func sundayFirstIndex(_ day: Locale.Weekday) -> Int {
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
}
