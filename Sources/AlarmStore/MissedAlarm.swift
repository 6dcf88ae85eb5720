import FoundationEssentials

/// An alarm that did not ring, or rang with nobody stopping it, as recorded for `alarmctl`.
package struct MissedAlarm: Hashable, Sendable {
    package var alarmID: UUID
    package var appID: String
    package var title: String
    /// The instant it was due to ring.
    package var dueAt: Date
    /// Why it counts as missed, e.g. `MissedReason.rawValue` (`tooLate`, `ringTimeout`).
    package var reason: String
    /// When the daemon noticed.
    package var recordedAt: Date

    package init(alarmID: UUID, appID: String, title: String, dueAt: Date, reason: String, recordedAt: Date) {
        self.alarmID = alarmID
        self.appID = appID
        self.title = title
        self.dueAt = dueAt
        self.reason = reason
        self.recordedAt = recordedAt
    }
}
