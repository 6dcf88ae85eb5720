import FoundationEssentials

/// An alarm that did not ring, or rang with nobody stopping it, as recorded for `alarmctl`.
public struct MissedAlarm: Hashable, Sendable {
    public var alarmID: UUID
    public var appID: String
    public var title: String
    /// The instant it was due to ring.
    public var dueAt: Date
    /// Why it counts as missed, e.g. `MissedReason.rawValue` (`tooLate`, `ringTimeout`).
    public var reason: String
    /// When the daemon noticed.
    public var recordedAt: Date

    public init(alarmID: UUID, appID: String, title: String, dueAt: Date, reason: String, recordedAt: Date) {
        self.alarmID = alarmID
        self.appID = appID
        self.title = title
        self.dueAt = dueAt
        self.reason = reason
        self.recordedAt = recordedAt
    }
}
