import AlarmCore
import AlarmSystem
import FoundationEssentials
import AlarmClient

/// How turned-off and skipping alarms read (`disable`, `skip`).
extension Format {
    /// The alarm's state in a person's words: off, scheduled, counting down, paused, ringing,
    /// or snoozed (a countdown after Snooze, not the one before a date). `--json` keeps the
    /// wire's names.
    static func stateName(_ record: AlarmRecord, zone: ZoneRules = .current) -> String {
        if record.disabledAt != nil { return Text.off }
        if record.snoozedUntil(calendar: calendar(for: record, zone: zone)) != nil { return Text.snoozed }
        return Text.stateName(record.phase.state)
    }

    /// The whole status of a turned-off alarm; nil for one that is on.
    static func turnedOff(_ record: AlarmRecord, now: Date = Date()) -> String? {
        guard record.disabledAt != nil else { return nil }
        // A dated one-off kept after it rang: on again needs a new date.
        if case .fixed(let date) = record.schedule, date <= now { return Text.pastDateWith(when(date, now: now), shortID(record.id)) }
        return Text.turnOnWith(shortID(record.id))
    }

    /// " (skips Mon 06:30)" while a skipped occurrence is still ahead, else "".
    static func skipping(_ record: AlarmRecord, now: Date, zone: ZoneRules, locale: LocalTimeText) -> String {
        guard let skipped = record.skippedFire, skipped > now else { return "" }
        return Text.skips(when(skipped, now: now, zone: zone, locale: locale))
    }
}
