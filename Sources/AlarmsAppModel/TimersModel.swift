import AlarmClient
import AlarmCore
import AlarmSystem
import FoundationEssentials
import LinuxSupport

/// One countdown as the Timers page shows it: every countdown alarmd holds, whoever made it
/// (this window, `alarmctl timer`, an app, an alarm's countdown before its date), not only the
/// window's own. A snoozed alarm is not one: the Alarms page says "Snoozed until 14:45".
package struct TimerRow: Equatable, Sendable, Identifiable {
    package enum State: Equatable, Sendable {
        case running(fire: Date)
        case paused(remaining: TimeInterval)
        /// Rang out its countdown and rings now (the ringing view has its Stop).
        case ringing
    }

    package var id: UUID
    /// Control characters escaped: a title is anyone's text.
    package var title: String
    /// The length it counts down, for Restart and a progress figure.
    package var total: TimeInterval
    package var state: State
    /// A timer (no clock-time schedule) with a length: Restart counts that length again from
    /// now. An alarm's pre-alert countdown or snooze is not restarted from here.
    package var restartable: Bool

    /// Seconds left at `now` (0 once due or ringing).
    package func remaining(at now: Date) -> TimeInterval {
        switch state {
        case .running(let fire): max(fire.timeIntervalSince(now), 0)
        case .paused(let remaining): max(remaining, 0)
        case .ringing: 0
        }
    }

    /// "04:59", "1:04:59": the big countdown label, rounded up so it reads 00:00 only when due.
    package func clockText(at now: Date) -> String { TimersModel.clock(remaining(at: now)) }

    /// What a screen reader says for the row: "Tea, 5 minutes left", "Tea, less than a minute
    /// left, paused". In whole minutes, so the name changes once a minute, not every tick (a
    /// name change is an AT-SPI event a screen reader may speak); the seconds are the
    /// countdown label's own text.
    package func accessibleText(at now: Date) -> String {
        let left = remaining(at: now)
        let minutes = Int((min(left, 1e9) / 60).rounded(.up))
        let time = left < 60 ? tr("less than a minute") : TimersModel.spokenDuration(TimeInterval(minutes * 60))
        switch state {
        case .running: return tr("%1$s, %2$s left", title, time)
        case .paused: return tr("%1$s, %2$s left, paused", title, time)
        case .ringing: return tr("%1$s, ringing", title)
        }
    }
}

/// The Timers page's logic, without GTK: which alarms are timers, their order, the texts, and
/// when the page must tick (only while a countdown runs: an idle window does not wake up).
package enum TimersModel {
    /// The window's own id on the timers it starts, as alarmctl's are "alarmctl".
    package static let appID = "org.openalarmkit.Alarms"

    /// GNOME Clocks' presets, and the 25-minute work interval.
    package static let presetMinutes = [1, 3, 5, 10, 15, 25]

    /// "1 min" on the button.
    package static func presetLabel(minutes: Int) -> String { tr("%s min", String(minutes)) }

    /// "1 minute", "5 minutes": the preset button's accessible name.
    package static func presetAccessibleName(minutes: Int) -> String {
        trn("%s minute", "%s minutes", minutes, String(minutes))
    }

    /// Every countdown alarmd holds (counting down, paused, or a timer ringing), running ones
    /// soonest first, then paused ones by what is left, then ringing ones; ties by id, so the
    /// order is stable between updates. Snoozed alarms are left to the Alarms page. `zone`:
    /// the machine's, which tells a snooze from the countdown before a date.
    package static func rows(_ alarms: [AlarmRecord], zone: ZoneRules = .current) -> [TimerRow] {
        var rows: [TimerRow] = []
        for record in alarms {
            let calendar = FireTimeCalendar(timeZone: record.timeZone.flatMap { ZoneRules.named($0) } ?? zone)
            if record.snoozedUntil(calendar: calendar) != nil { continue }
            let state: TimerRow.State
            let total: TimeInterval
            switch record.phase {
            case .countdown(_, let fire, let length, _):
                state = .running(fire: fire)
                total = length
            case .paused(let length, let elapsed):
                state = .paused(remaining: length - elapsed)
                total = length
            case .alerting where record.schedule == nil && record.countdownDuration?.preAlert != nil:
                state = .ringing
                total = record.countdownDuration?.preAlert ?? 0
            case .alerting, .scheduled:
                continue
            }
            rows.append(TimerRow(
                id: record.id, title: TerminalSafe.text(record.presentation.alert.title.text), total: total, state: state,
                restartable: record.schedule == nil && (record.countdownDuration?.preAlert ?? 0) > 0))
        }
        return rows.sorted { a, b in
            let (ka, kb) = (sortKey(a), sortKey(b))
            return ka != kb ? ka < kb : a.id.uuidString < b.id.uuidString
        }
    }

    private static func sortKey(_ row: TimerRow) -> (Int, Double) {
        switch row.state {
        case .running(let fire): (0, fire.timeIntervalSince1970)
        case .paused(let remaining): (1, remaining)
        case .ringing: (2, 0)
        }
    }

    /// Whether the page needs its one-second tick: only while some countdown runs.
    package static func needsTick(_ rows: [TimerRow]) -> Bool {
        rows.contains { if case .running = $0.state { true } else { false } }
    }

    /// Milliseconds from `now` until the soonest running countdown's label changes (its
    /// remaining time crosses a whole second), so the tick lands just after each change rather
    /// than drifting up to a second behind. Nil when nothing runs.
    package static func millisecondsToNextChange(_ rows: [TimerRow], now: Date) -> UInt32? {
        var soonest: Double?
        for row in rows {
            guard case .running(let fire) = row.state else { continue }
            let left = fire.timeIntervalSince(now)
            guard left > 0 else { continue }
            // The label shows ceil(left); it changes when left crosses the next lower integer.
            var untilChange = left - (left.rounded(.up) - 1)
            if untilChange <= 0 { untilChange = 1 }
            soonest = min(soonest ?? untilChange, untilChange)
        }
        guard let soonest else { return nil }
        return UInt32(min(max((soonest * 1000).rounded(.up) + 5, 5), 1005))
    }

    /// The custom duration from the h/m/s spin buttons, or nil for zero (Start is then off).
    package static func customSeconds(hours: Int, minutes: Int, seconds: Int) -> TimeInterval? {
        let total = max(hours, 0) * 3600 + max(minutes, 0) * 60 + max(seconds, 0)
        return total > 0 ? TimeInterval(min(total, 100 * 3600)) : nil
    }

    /// The record a new timer of `seconds` is, as `alarmctl timer` makes it.
    package static func timer(seconds: TimeInterval, title: String? = nil) -> AlarmRecord {
        TimerRecord.make(
            seconds: seconds, title: title ?? defaultTitle(seconds: seconds), appID: appID,
            texts: .init(pause: tr("Pause"), resume: tr("Resume"), repeatButton: tr("Repeat"), pausedTitle: { tr("%s (paused)", $0) }))
    }

    /// "5 min timer", "1 h 30 min timer", "45 s timer": a title that says which timer rang.
    package static func defaultTitle(seconds: TimeInterval) -> String {
        let s = Int(seconds.rounded())
        let h = s / 3600, m = s / 60 % 60, rest = s % 60
        var parts: [String] = []
        if h > 0 { parts.append(tr("%s h", String(h))) }
        if m > 0 { parts.append(tr("%s min", String(m))) }
        if rest > 0 || parts.isEmpty { parts.append(tr("%s s", String(rest))) }
        return tr("%s timer", parts.joined(separator: " "))
    }

    /// The record to send with `edit` for Restart: the same alarm, counted again from now
    /// (an edit replaces it in place and starts its countdown afresh). Nil when not a timer.
    package static func restarted(_ record: AlarmRecord) -> AlarmRecord? {
        guard record.schedule == nil, (record.countdownDuration?.preAlert ?? 0) > 0 else { return nil }
        var next = record
        next.phase = .scheduled(fireDate: Date())
        return next
    }

    /// "04:59" or "1:04:59", rounded up.
    package static func clock(_ seconds: TimeInterval) -> String {
        let s = seconds.isFinite ? max(Int(min(seconds, 1e9).rounded(.up)), 0) : 0
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(two(s / 60)):\(two(s % 60))"
    }

    /// "4 minutes 59 seconds" for a screen reader, which would read "04:59" as a time of day.
    package static func spokenDuration(_ seconds: TimeInterval) -> String {
        let s = seconds.isFinite ? max(Int(min(seconds, 1e9).rounded(.up)), 0) : 0
        let h = s / 3600, m = s / 60 % 60, rest = s % 60
        var parts: [String] = []
        if h > 0 { parts.append(trn("%s hour", "%s hours", h, String(h))) }
        if m > 0 { parts.append(trn("%s minute", "%s minutes", m, String(m))) }
        if rest > 0 || parts.isEmpty { parts.append(trn("%s second", "%s seconds", rest, String(rest))) }
        return parts.joined(separator: " ")
    }
}
