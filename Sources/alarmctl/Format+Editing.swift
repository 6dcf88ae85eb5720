import AlarmCore
import AlarmSystem
import FoundationEssentials
import AlarmClient

/// How turned-off and skipping alarms read (`disable`, `skip`).
extension Format {
    /// "off" for a turned-off alarm, else its lifecycle state.
    static func stateName(_ record: AlarmRecord) -> String {
        record.disabledAt != nil ? Text.off : Text.stateName(record.phase.state)
    }

    /// The whole status of a turned-off alarm; nil for one that is on.
    static func turnedOff(_ record: AlarmRecord) -> String? {
        guard record.disabledAt != nil else { return nil }
        return Text.turnOnWith(shortID(record.id))
    }

    /// " (skips Mon 06:30)" while a skipped occurrence is still ahead, else "".
    static func skipping(_ record: AlarmRecord, now: Date, zone: ZoneRules, locale: LocalTimeText) -> String {
        guard let skipped = record.skippedFire, skipped > now else { return "" }
        return Text.skips(when(skipped, now: now, zone: zone, locale: locale))
    }
}
