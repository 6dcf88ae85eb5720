import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The mirror of alarmd the window reads: events in, rows, ringing alarms and health out.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct AlarmsStateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func status(audio: String = "default (opens now)", wake: String? = "yes (CAP_WAKE_ALARM)", storage: String? = nil) -> AlarmProtocol.DaemonStatus {
        var status = AlarmProtocol.DaemonStatus(
            version: "0.3.0", pid: 1, timeZone: "UTC", alarmCount: 0, audioDevice: audio, notifications: "none", defaultSnooze: 540,
            wakeFromSuspend: wake)
        status.storageProblem = storage
        return status
    }

    @Test func anAlarmsEventReplacesTheListAndTellsObservers() {
        let state = AlarmsState()
        var calls = 0
        state.observe { _ in calls += 1 }
        var form = AlarmForm()
        form.title = "Wake up"
        var event = AlarmProtocol.Message(event: .alarms)
        event.alarms = [form.record(now: now)]
        state.apply(event)
        #expect(state.records.count == 1)
        #expect(state.connection == .connected)
        #expect(calls == 1)
        event.alarms = []
        state.apply(event)
        #expect(state.records.isEmpty)
        #expect(calls == 2)
    }

    @Test func ringingAlarmsComeFromTheAlertingPhase() {
        let state = AlarmsState()
        var form = AlarmForm()
        form.title = "Wake up"
        var ringing = form.record(now: now)
        ringing.phase = .alerting(since: now, firedFor: now)
        form.title = "Later"
        let waiting = form.record(now: now)
        var event = AlarmProtocol.Message(event: .alarms)
        event.alarms = [waiting, ringing]
        state.apply(event)
        #expect(state.ringing.map(\.title) == ["Wake up"])
        #expect(state.ringing.first?.stopLabel == "Stop")
        #expect(state.ringing.first?.secondaryLabel == "Snooze")
        #expect(state.ringing.first?.secondaryBehavior == .countdown)
        #expect(state.ringing.first?.isTimer == false)
    }

    @Test func healthMostSeriousFirst() {
        let state = AlarmsState()
        #expect(state.healthIssue == nil)
        state.apply(status: status(audio: "hw:3 (cannot open now: No such device)", wake: "no: run setcap", storage: "disk full"))
        #expect(state.healthIssues == [.storage("disk full"), .noSound("hw:3"), .cannotWake("run setcap")])
        state.apply(status: status(wake: "no: run setcap"))
        #expect(state.healthIssue == .cannotWake("run setcap"))
        #expect(state.healthIssue?.action == .dismiss)
        state.wakeWarningDismissed = true
        #expect(state.healthIssue == nil)
        state.apply(connection: .unreachable(nil))
        #expect(state.healthIssue == .daemonNotRunning(nil))
        #expect(state.healthIssue?.action == .start)
        #expect(state.healthIssue?.message == "Alarms will not ring: the alarm service (alarmd) is not running.")
        #expect(state.status == nil)
    }

    @Test func aDaemonBeforeWakeReportingRaisesNoBanner() {
        #expect(HealthIssue.issues(in: status(wake: nil)).isEmpty)
    }
}
