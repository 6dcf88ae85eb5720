import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// The library side of turning alarms off and on, skipping and rescheduling in place.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct AlarmManagerEditingTests {
    @Test func disableSkipAndRescheduleKeepTheIdAcrossARestart() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let manager = AlarmManager(appID: "org.example.clock", environment: daemon.environment)
        #expect(try daemon.alarmctl("apps", "allow", "org.example.clock").status == 0)
        let attributes = AlarmAttributes<Recipe>(presentation: AlarmPresentation(alert: .init(title: "Work")), tintColor: .blue)
        let daily = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly(Locale.Weekday.allWeekdays)))
        let id = UUID()
        _ = try await manager.schedule(id: id, configuration: .alarm(schedule: daily, attributes: attributes))
        let before = try #require(try daemon.record(id))
        guard case .scheduled(let first) = before.phase else { Issue.record("not scheduled: \(before.phase)"); return }

        try manager.skip(id: id)
        let skipped = try #require(try daemon.record(id))
        #expect(skipped.skippedFire == first)
        #expect(skipped.phase == .scheduled(fireDate: first.addingTimeInterval(86400)))

        try manager.disable(id: id)
        daemon.stop()
        try daemon.start()
        #expect(try daemon.record(id)?.disabledAt != nil, "still off after a restart")
        try manager.enable(id: id)
        #expect(try daemon.record(id)?.disabledAt == nil)

        let weekends = Alarm.Schedule.relative(.init(time: .init(hour: 9, minute: 45), repeats: .weekly([.saturday, .sunday])))
        let moved = try await manager.reschedule(id: id, configuration: .alarm(schedule: weekends, attributes: attributes))
        #expect(moved.id == id && moved.schedule == weekends)
        daemon.stop()
        try daemon.start()
        #expect(try manager.alarms.map(\.id) == [id])
        #expect(try daemon.record(id)?.schedule == weekends)
    }
}

extension Locale.Weekday {
    fileprivate static let allWeekdays: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
}
