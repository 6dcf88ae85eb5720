import FoundationEssentials

/// What a synced copy of an alarm says beyond the alarm itself (docs/SYNC.md, "Stop once,
/// silent everywhere"): its version (SEQUENCE, LAST-MODIFIED) and, RFC 9074, when its ring was
/// last acknowledged (Stop on some machine) and, after a Snooze, until when it is snoozed.
package struct SyncMarks: Hashable, Sendable {
    package var sequence: Int
    package var lastModified: Date
    package var acknowledged: Date?
    package var snoozedUntil: Date?
    package init(sequence: Int, lastModified: Date, acknowledged: Date? = nil, snoozedUntil: Date? = nil) {
        self.sequence = sequence
        self.lastModified = lastModified
        self.acknowledged = acknowledged
        self.snoozedUntil = snoozedUntil
    }
}
