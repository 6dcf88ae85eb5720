// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Core/AlarmSchedulesCore/Sources/AlarmScheduleServiceImpl.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): a modular app's scheduler, turning its own
// alarms into AlarmKit schedules with Calendar arithmetic, and keeping AlarmKit's view of them.
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif
import AlarmKit
import AppIntents
import DayPlannerAlarmsInterface
import DayPlannerDomain

public actor PlannerAlarmScheduler: AlarmScheduling {
    private let manager = AlarmManager.shared
    private let calendar = Calendar.current
    /// The app's alarms by ID, so that enabling one again needs no trip to the server.
    private var planned: [UUID: PlannedAlarm] = [:]
    /// What AlarmKit answered after scheduling.
    private var scheduled: [UUID: Alarm] = [:]

    public init() {}

    public func schedule(_ alarm: PlannedAlarm) async throws {
        guard await isAuthorized() else { throw PlannerAlarmError.notAuthorized }
        guard let (hour, minute) = alarm.clock else { throw PlannerAlarmError.badTime(alarm.time) }
        planned[alarm.id] = alarm

        let schedule: Alarm.Schedule
        if alarm.repeatDays.isEmpty {
            schedule = .fixed(try nextOneOff(hour: hour, minute: minute, after: .now))
        } else {
            // The app counts days from 0 for Sunday, Calendar from 1.
            let weekdays = alarm.repeatDays.compactMap { PlannerWeekday(rawValue: $0 + 1)?.weekday }
            guard !weekdays.isEmpty else { throw PlannerAlarmError.noDays }
            schedule = .relative(Alarm.Schedule.Relative(time: .init(hour: hour, minute: minute), repeats: .weekly(weekdays)))
        }

        let metadata = PlannerAlarmMetadata(
            alarmID: alarm.id, label: alarm.label,
            nextFire: nextFire(hour: hour, minute: minute, days: Set(alarm.repeatDays), after: Date()) ?? Date(),
            isRinging: true)
        let attributes = AlarmAttributes<PlannerAlarmMetadata>(
            presentation: AlarmPresentation(alert: AlarmPresentation.Alert(title: LocalizedStringResource(stringLiteral: alarm.label ?? "Alarm"))),
            metadata: metadata,
            tintColor: Color.accentColor)
        // No stop intent: the alert's one button opens the app, which decides when the person
        // is awake enough to stop it.
        let configuration = AlarmManager.AlarmConfiguration<PlannerAlarmMetadata>(
            schedule: schedule, attributes: attributes, secondaryIntent: OpenPlannerIntent(alarmID: alarm.id.uuidString))

        do {
            _ = try await manager.schedule(id: alarm.id, configuration: configuration)
        } catch {
            print("[Planner] scheduling \(alarm.id) failed: \(error)")
            throw error
        }
        do {
            if let known = try manager.alarms.first(where: { $0.id == alarm.id }) {
                scheduled[alarm.id] = known
            } else {
                print("[Planner] \(alarm.id) was scheduled but AlarmKit does not list it")
            }
        } catch {
            print("[Planner] could not list alarms: \(error)")
        }
    }

    public func cancel(_ id: UUID) async throws {
        defer {
            planned[id] = nil
            scheduled[id] = nil
        }
        // Cancelling an alarm AlarmKit no longer has is not worth an error to the caller.
        let exists = (try? manager.alarms.contains { $0.id == id }) ?? true
        guard exists else { return }
        do {
            try manager.cancel(id: id)
        } catch {
            print("[Planner] cancelling \(id) failed, ignored: \(error)")
        }
    }

    public func update(_ alarm: PlannedAlarm) async throws {
        try await cancel(alarm.id)
        try await schedule(alarm)
    }

    public func setEnabled(_ id: UUID, _ isEnabled: Bool) async throws {
        guard isEnabled else { return try await cancel(id) }
        guard var alarm = planned[id] else { throw PlannerAlarmError.alarmNotFound }
        alarm.isEnabled = true
        try await schedule(alarm)
    }

    public func stop(_ id: UUID) async throws {
        try manager.stop(id: id)
    }

    public func status(of id: UUID) async throws -> PlannerAlarmStatus? {
        guard let alarm = try manager.alarms.first(where: { $0.id == id }) else { return nil }
        switch alarm.state {
        case .scheduled: return .scheduled
        case .countdown: return .countingDown
        case .paused: return .paused
        case .alerting: return .ringing
        @unknown default: return .unknown
        }
    }

    /// Makes AlarmKit hold exactly the enabled alarms of `alarms` (the server's list).
    public func sync(_ alarms: [PlannedAlarm]) async throws {
        guard await isAuthorized() else { throw PlannerAlarmError.notAuthorized }
        for gone in Set(planned.keys).subtracting(alarms.map(\.id)) {
            try await cancel(gone)
        }
        for alarm in alarms where alarm.isEnabled {
            do {
                try await schedule(alarm)
            } catch {
                print("[Planner] skipped \(alarm.id): \(error)")
            }
        }
    }

    // MARK: - Private

    private func isAuthorized() async -> Bool {
        switch manager.authorizationState {
        case .authorized:
            return true
        case .notDetermined:
            return (try? await manager.requestAuthorization()) == .authorized
        case .denied:
            return false
        @unknown default:
            return false
        }
    }

    /// Today at the time, or tomorrow when that has passed.
    private func nextOneOff(hour: Int, minute: Int, after now: Date) throws -> Date {
        var parts = calendar.dateComponents([.year, .month, .day], from: now)
        parts.hour = hour
        parts.minute = minute
        parts.second = 0
        guard let today = calendar.date(from: parts) else { throw PlannerAlarmError.noDate }
        if today > now { return today }
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) else { throw PlannerAlarmError.noDate }
        return tomorrow
    }

    /// The next time the alarm rings, for the widget: the first of the coming eight days (today
    /// included, if the time is still ahead) that is one of `days` (0 for Sunday), or any day
    /// when `days` is empty.
    private func nextFire(hour: Int, minute: Int, days: Set<Int>, after now: Date) -> Date? {
        let midnight = calendar.startOfDay(for: now)
        for offset in 0...7 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: midnight),
                let fire = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day), fire > now
            else { continue }
            if days.isEmpty || days.contains(calendar.component(.weekday, from: day) - 1) {
                return fire
            }
        }
        return nil
    }
}
