import Foundation
import AlarmModel
import Testing

@testable import AlarmCore

/// `disable`, `enable`, `skip` and `edit`: pure transitions, checked without a daemon.
@Suite(.timeLimit(.minutes(1))) struct EditingTests {
    let zone = ZoneRules.utc
    var lifecycle: Lifecycle { Lifecycle(calendar: FireTimeCalendar(timeZone: zone)) }
    /// 2026-06-01 is a Monday.
    let monday = try! Date("2026-06-01T05:00:00Z", strategy: .iso8601)
    let weekdays = Alarm.Schedule.relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday])))

    func alarm(_ schedule: Alarm.Schedule?, preAlert: TimeInterval? = nil) throws -> AlarmRecord {
        let record = AlarmRecord(
            id: UUID(), appID: "t", schedule: schedule,
            countdownDuration: preAlert.map { .init(preAlert: $0, postAlert: nil) },
            presentation: AlarmPresentation(alert: .init(title: "Work")), phase: .scheduled(fireDate: monday))
        return try #require(try lifecycle.schedule(record, now: monday).record)
    }

    func at(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    @Test func skipPassesOverTheNextOccurrenceAndRemembersIt() throws {
        let record = try alarm(weekdays)
        #expect(record.phase == .scheduled(fireDate: at("2026-06-01T06:30:00Z")))
        let skipped = try #require(try lifecycle.handle(.skip, for: record, now: monday).record)
        #expect(skipped.phase == .scheduled(fireDate: at("2026-06-02T06:30:00Z")))
        #expect(skipped.skippedFire == at("2026-06-01T06:30:00Z"))
        #expect(lifecycle.deadline(of: skipped) == at("2026-06-02T06:30:00Z"), "Monday does not ring")
        // Tuesday rings and is stopped: the skip is behind it.
        let ringing = try #require(try lifecycle.handle(.due, for: skipped, now: at("2026-06-02T06:30:00Z")).record)
        let next = try #require(try lifecycle.handle(.stop, for: ringing, now: at("2026-06-02T06:31:00Z")).record)
        #expect(next.phase == .scheduled(fireDate: at("2026-06-03T06:30:00Z")))
        #expect(next.skippedFire == nil)
    }

    @Test func aNewAlarmIsOnAndSkipsNothingWhateverTheRequestSays() throws {
        var request = try alarm(weekdays)
        request.disabledAt = monday
        request.skippedFire = monday
        let scheduled = try #require(try lifecycle.schedule(request, now: monday).record)
        #expect(scheduled.disabledAt == nil && scheduled.skippedFire == nil)
        #expect(lifecycle.deadline(of: scheduled) != nil)
    }

    @Test func skipIsForRepeatingAlarmsOnly() throws {
        let once = try alarm(.fixed(at("2026-06-01T09:00:00Z")))
        #expect(throws: LifecycleError.invalidTransition(event: .skip, state: .scheduled)) { try lifecycle.handle(.skip, for: once, now: monday) }
        let timer = try alarm(nil, preAlert: 60)
        #expect(throws: LifecycleError.invalidTransition(event: .skip, state: .countdown)) { try lifecycle.handle(.skip, for: timer, now: monday) }
    }

    @Test func aRingingAlarmTurnedOffFallsSilentAndIsNeverDue() throws {
        let record = try alarm(weekdays)
        let ringing = try #require(try lifecycle.handle(.due, for: record, now: at("2026-06-01T06:30:00Z")).record)
        let off = try lifecycle.handle(.disable, for: ringing, now: at("2026-06-01T06:31:00Z"))
        #expect(off.effects.contains(.stopSound(record.id)))
        #expect(off.effects.contains(.withdraw(record.id)))
        let offRecord = try #require(off.record)
        #expect(offRecord.disabledAt == at("2026-06-01T06:31:00Z"))
        #expect(lifecycle.deadline(of: offRecord) == nil)
        #expect(try lifecycle.handle(.due, for: offRecord, now: at("2026-06-09T00:00:00Z")).effects.isEmpty)
        // On again a week later: from its next date after then, not the ones missed while off.
        let on = try #require(try lifecycle.handle(.enable, for: offRecord, now: at("2026-06-08T07:00:00Z")).record)
        #expect(on.disabledAt == nil)
        #expect(on.phase == .scheduled(fireDate: at("2026-06-09T06:30:00Z")))
    }

    @Test func timersCannotBeTurnedOffAndPastOneShotsCannotComeBack() throws {
        let timer = try alarm(nil, preAlert: 60)
        #expect(throws: LifecycleError.invalidTransition(event: .disable, state: .countdown)) { try lifecycle.handle(.disable, for: timer, now: monday) }
        let once = try alarm(.fixed(at("2026-06-01T09:00:00Z")))
        let off = try #require(try lifecycle.handle(.disable, for: once, now: monday).record)
        #expect(throws: LifecycleError.self) { try lifecycle.handle(.enable, for: off, now: at("2026-06-02T00:00:00Z")) }
    }

    @Test func editKeepsTheIdAndEqualsCancelThenSchedule() throws {
        let record = try alarm(weekdays)
        var changed = record
        changed.schedule = .relative(.init(time: .init(hour: 7, minute: 15), repeats: .weekly([.saturday])))
        changed.presentation = AlarmPresentation(alert: .init(title: "Gym"))
        changed.id = UUID()  // whatever the request says, the alarm keeps its own id
        let edited = try lifecycle.edit(record, to: changed, now: monday)
        changed.id = record.id
        let fresh = try lifecycle.schedule(changed, now: monday)
        #expect(edited.record == fresh.record)
        #expect(edited.record?.id == record.id)
        #expect(edited.record?.phase == .scheduled(fireDate: at("2026-06-06T07:15:00Z")))
    }

    @Test func editingARingingAlarmSilencesItFirst() throws {
        let record = try alarm(weekdays)
        let ringing = try #require(try lifecycle.handle(.due, for: record, now: at("2026-06-01T06:30:00Z")).record)
        let edited = try lifecycle.edit(ringing, to: record, now: at("2026-06-01T06:31:00Z"))
        #expect(Array(edited.effects.prefix(2)) == [.stopSound(record.id), .withdraw(record.id)])
        #expect(edited.record?.phase == .scheduled(fireDate: at("2026-06-02T06:30:00Z")))
    }
}
