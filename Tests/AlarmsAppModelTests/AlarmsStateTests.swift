import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The mirror of alarmd the window reads: events in, rows, ringing alarms and health out.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct AlarmsStateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let lacksCapability = AlarmProtocol.WakeStatus(able: false, obstacle: .lacksCapability, install: .sourceBuild, executable: "/src/alarmctl")
    static let diskFull = AlarmProtocol.StorageProblem(kind: .cannotWrite, path: "/home/u/.local/state/openalarmkit/alarms.sqlite", detail: "database or disk is full")

    /// A status as alarmd sends it: typed values, and the older fields with names only.
    func status(
        audio: AlarmProtocol.AudioStatus = .init(device: "default", state: .opens), wake: AlarmProtocol.WakeStatus = .able,
        unsaved: AlarmProtocol.StorageProblem? = nil
    ) -> AlarmProtocol.DaemonStatus {
        var status = AlarmProtocol.DaemonStatus(
            version: "0.3.0", pid: 1, timeZone: "UTC", alarmCount: 0, audioDevice: audio.device, notifications: "terminal", defaultSnooze: 540)
        status.audio = audio
        status.wake = wake
        status.unsaved = unsaved
        status.storageProblem = unsaved.map { "\($0.path ?? ""): \($0.detail)" }
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
        let noDevice = AlarmProtocol.AudioStatus(device: "hw:3", state: .cannotOpen, detail: "No such device")
        state.apply(status: status(audio: noDevice, wake: Self.lacksCapability, unsaved: Self.diskFull))
        #expect(state.healthIssues == [.storage(Self.diskFull), .noSound(device: "hw:3"), .cannotWake(Self.lacksCapability)])
        #expect(state.healthIssues.map(\.message) == [
            "Changes are not being saved: cannot write /home/u/.local/state/openalarmkit/alarms.sqlite (database or disk is full): free disk space or fix the file's permissions",
            "Alarms would ring without sound: the sound device hw:3 cannot be opened.",
            "Alarms cannot wake this computer from suspend: alarmd lacks CAP_WAKE_ALARM: run 'sudo setcap cap_wake_alarm+ep /src/alarmctl' (after every build; alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus), or with systemd 254 or later add AmbientCapabilities=CAP_WAKE_ALARM to the [Service] section of alarmd.service",
        ])
        state.apply(status: status(wake: Self.lacksCapability))
        #expect(state.healthIssue == .cannotWake(Self.lacksCapability))
        #expect(state.healthIssue?.action == .dismiss)
        state.wakeWarningDismissed = true
        #expect(state.healthIssue == nil)
        state.apply(connection: .unreachable(nil))
        #expect(state.healthIssue == .daemonNotRunning(nil))
        #expect(state.healthIssue?.action == .start)
        #expect(state.healthIssue?.message == "Alarms will not ring: the alarm service (alarmd) is not running.")
        #expect(state.status == nil)
    }

    /// A device that plays an alarm now opened fine; a wake-capable daemon raises nothing.
    @Test func aPlayingDeviceAndAWakingDaemonRaiseNoBanner() {
        #expect(HealthIssue.issues(in: status(audio: .init(device: "default", state: .playing))).isEmpty)
    }

    /// An alarmd that predates the typed values: its English sentences are never matched, so
    /// it raises no banner (the window and alarmd come in one package; a restart of alarmd
    /// after an upgrade gives the typed values).
    @Test func aDaemonBeforeTheTypedValuesRaisesNoBanner() {
        var old = AlarmProtocol.DaemonStatus(
            version: "0.2.0", pid: 1, timeZone: "UTC", alarmCount: 0, audioDevice: "hw:3 (cannot open now: No such device)",
            notifications: "terminal (no notification server)", defaultSnooze: 540, wakeFromSuspend: "no: alarmd lacks CAP_WAKE_ALARM")
        old.storageProblem = "disk full"
        #expect(HealthIssue.issues(in: old).isEmpty)
    }

    /// A sync that needs the person (a password, a certificate) raises a banner in their
    /// words; a server that is away for now does not.
    @Test func aSyncFailureThatNeedsThePersonRaisesABanner() {
        var failing = status()
        var sync = AlarmProtocol.SyncStatus(url: "https://dav.example.org/a/", problem: "401 from dav.example.org: check the username and password")
        var failure = AlarmProtocol.SyncFailure(.unauthorized)
        failure.host = "dav.example.org"
        failure.status = 401
        sync.failure = failure
        failing.sync = sync
        #expect(HealthIssue.issues(in: failing) == [.syncFailing("401 from dav.example.org: check the username and password")])
        #expect(HealthIssue.syncFailing("x").message == "Alarms are not kept in step with your other computers: x")
        var offline = AlarmProtocol.SyncFailure(.offline)
        offline.host = "dav.example.org"
        failing.sync?.failure = offline
        #expect(HealthIssue.issues(in: failing).isEmpty)
    }
}
