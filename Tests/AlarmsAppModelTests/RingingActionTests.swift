import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import Testing

/// What `app.stop-alarm` and `app.snooze-alarm` (the lock screen's buttons, D-Bus activation)
/// ask alarmd for, by their parameter.
@Suite(.timeLimit(.minutes(1))) struct RingingActionTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func record(_ title: String, _ phase: AlarmRecord.Phase? = nil, snoozes: Bool = true) -> AlarmRecord {
        var form = AlarmForm()
        form.title = title
        var made = form.record(now: now)
        if let phase { made.phase = phase }
        if !snoozes { made.presentation.alert.secondaryButtonBehavior = .custom }
        return made
    }

    @Test func anEmptyParameterActsOnEveryRingingAlarmAndNothingElse() {
        let ringing = record("Wake up", .alerting(since: now, firedFor: now))
        let other = record("Also", .alerting(since: now, firedFor: now))
        let counting = record("Tea", .countdown(startDate: now, fireDate: now + 60, total: 60, previouslyElapsed: 0))
        let waiting = record("Later")
        let alarms = [waiting, ringing, counting, other]
        #expect(RingingAction.stop.targets("", in: alarms) == [ringing.id, other.id])
        #expect(RingingAction.snooze.targets("", in: alarms) == [ringing.id, other.id])
    }

    @Test func anIdNamesThatAlarmInAnyCase() {
        let ringing = record("Wake up", .alerting(since: now, firedFor: now))
        let counting = record("Tea", .countdown(startDate: now, fireDate: now + 60, total: 60, previouslyElapsed: 0))
        let alarms = [ringing, counting]
        #expect(RingingAction.stop.targets(ringing.id.uuidString.lowercased(), in: alarms) == [ringing.id])
        // Stop ends a named countdown too, as `alarmctl stop` does; snooze needs a ring.
        #expect(RingingAction.stop.targets(counting.id.uuidString, in: alarms) == [counting.id])
        #expect(RingingAction.snooze.targets(counting.id.uuidString, in: alarms) == [])
        #expect(RingingAction.stop.targets(UUID().uuidString, in: alarms) == [], "an alarm that is gone")
        #expect(RingingAction.stop.targets("not an id", in: alarms) == [])
        #expect(RingingAction.stop.targets(record("Later").id.uuidString, in: alarms + [record("Later")]) == [], "a scheduled alarm is not stopped")
    }

    @Test func snoozeLeavesAnAppsOwnSecondButtonToTheApp() {
        let custom = record("Call back", .alerting(since: now, firedFor: now), snoozes: false)
        #expect(RingingAction.snooze.targets("", in: [custom]) == [])
        #expect(RingingAction.stop.targets("", in: [custom]) == [custom.id])
        #expect(RingingAction.stop.operation == .stop && RingingAction.snooze.operation == .countdown)
        #expect(RingingAction.allCases.map(\.rawValue) == ["stop-alarm", "snooze-alarm"], "the names the .desktop file lists")
    }
}
