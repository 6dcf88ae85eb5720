// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Domain/AlarmsDomain/Interface/Entity/AlarmsEntity.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): a modular app's alarm as its domain layer
// stores it (a server row: snake_case keys, the time as "HH:mm" text, days as numbers), which
// the scheduling module turns into AlarmKit's types. It knows nothing of AlarmKit.
import Foundation

public struct PlannedAlarm: Identifiable, Hashable, Codable, Sendable {
    public let id: UUID
    public let ownerID: UUID
    public var label: String?
    /// "HH:mm", 24-hour.
    public var time: String
    /// 0 for Sunday to 6 for Saturday; empty for a one-off alarm.
    public var repeatDays: [Int]
    public var snoozeMinutes: Int
    public var soundName: String
    public var isEnabled: Bool
    public let createdAt: Date
    public var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, label, time
        case ownerID = "owner_id"
        case repeatDays = "repeat_days"
        case snoozeMinutes = "snooze_minutes"
        case soundName = "sound_name"
        case isEnabled = "is_enabled"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(
        id: UUID = UUID(), ownerID: UUID, label: String?, time: String, repeatDays: [Int] = [], snoozeMinutes: Int = 9,
        soundName: String = "default", isEnabled: Bool = true, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.ownerID = ownerID
        self.label = label
        self.time = time
        self.repeatDays = repeatDays
        self.snoozeMinutes = snoozeMinutes
        self.soundName = soundName
        self.isEnabled = isEnabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The hour and minute of `time`, nil when it is not "HH:mm".
    public var clock: (hour: Int, minute: Int)? {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }
}
