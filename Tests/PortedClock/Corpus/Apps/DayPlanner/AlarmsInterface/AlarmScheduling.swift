// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Core/AlarmSchedulesCore/Interface/AlarmScheduleService.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): the scheduling interface other modules
// depend on, with its errors as `LocalizedError`s and the app's weekday numbers.
import Foundation
import DayPlannerDomain
#if canImport(ActivityKit)
import ActivityKit
#endif

/// Calendar's weekday numbers, 1 for Sunday.
public enum PlannerWeekday: Int, CaseIterable, Sendable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public var weekday: Locale.Weekday {
        let order: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        return order[rawValue - 1]
    }
}

public enum PlannerAlarmStatus: Sendable {
    case scheduled, countingDown, paused, ringing, unknown
}

public enum PlannerAlarmError: Error, LocalizedError {
    case notAuthorized
    case badTime(String)
    case noDays
    case noDate
    case alarmNotFound

    public var errorDescription: String? {
        switch self {
        case .notAuthorized: "Alarms are not allowed for this app. Allow them in Settings."
        case .badTime(let text): "\"\(text)\" is not a time (HH:mm)."
        case .noDays: "A repeating alarm needs at least one day."
        case .noDate: "The alarm's next date could not be computed."
        case .alarmNotFound: "No such alarm: load the alarms again."
        }
    }
}

public protocol AlarmScheduling: Sendable {
    func schedule(_ alarm: PlannedAlarm) async throws
    func cancel(_ id: UUID) async throws
    func update(_ alarm: PlannedAlarm) async throws
    func setEnabled(_ id: UUID, _ isEnabled: Bool) async throws
    func stop(_ id: UUID) async throws
    func status(of id: UUID) async throws -> PlannerAlarmStatus?
    func sync(_ alarms: [PlannedAlarm]) async throws
}
