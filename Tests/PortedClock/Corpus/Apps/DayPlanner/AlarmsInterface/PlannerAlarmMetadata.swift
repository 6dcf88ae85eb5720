// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Core/AlarmSchedulesCore/Interface/AlarmScheduleAttributes.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): public metadata, shared with the widget
// module, carrying when the alarm rings next.
import Foundation
#if canImport(ActivityKit)
import ActivityKit
#endif
import AlarmKit

public struct PlannerAlarmMetadata: AlarmMetadata, Codable, Hashable {
    public let alarmID: UUID
    public let label: String?
    public let nextFire: Date
    public let isRinging: Bool
    public let updatedAt: Date

    public init(alarmID: UUID, label: String?, nextFire: Date, isRinging: Bool = false, updatedAt: Date = Date()) {
        self.alarmID = alarmID
        self.label = label
        self.nextFire = nextFire
        self.isRinging = isRinging
        self.updatedAt = updatedAt
    }
}
