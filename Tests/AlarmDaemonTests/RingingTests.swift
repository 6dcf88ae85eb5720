import AlarmStore
import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// Alarms ring: sound reaches the device, the popup has its buttons, the buttons work.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct RingingTests {
    @Test func aTwoSecondTimerRingsWithSoundAndACriticalPopup() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let events = try daemon.connect().watch()
        let timer = makeRecord(title: "Tea", preAlert: 2, postAlert: 1)
        let scheduled = try #require(try daemon.connect().send(.schedule, record: timer).record)
        #expect(scheduled.phase.state == .countdown)
        #expect(daemon.audioBytes == 0)

        try await eventually("the timer to ring", within: 10) { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("audio to reach the device") { daemon.audioBytes > 0 }
        let server = try #require(daemon.notifications)
        let alerts = try await server.waitForCalls { calls in calls.contains { $0.summary == "Tea" && $0.hints["urgency"] == "y:2" } }
            .filter { $0.summary == "Tea" && $0.hints["urgency"] == "y:2" }
        let alert = try #require(alerts.last)
        // Clocks' action keys with the alarm's id, under the Alarms app's desktop entry: what
        // Phosh needs to put the buttons on the lock screen (X-Phosh-Lockscreen-Actions).
        let id = timer.id.uuidString
        #expect(alert.actions == ["app.stop-alarm::\(id)", "Stop", "app.snooze-alarm::\(id)", "Snooze"])
        #expect(alert.hints["desktop-entry"] == "s:org.openalarmkit.Alarms")
        #expect(alert.hints["resident"] == "b:true")
        #expect(alert.hints["suppress-sound"] == "b:true")
        #expect(alert.expireTimeout == 0)

        // The watch stream said when the first frame was written, and it was on time.
        var sounding: AlarmProtocol.Message?
        for await message in events where message.event == .sounding && message.alarm == timer.id {
            sounding = message
            break
        }
        let late = try #require(sounding?.firstFrame).timeIntervalSince(try #require(sounding?.firedFor))
        #expect(late >= 0 && late < 1, "first frame \(late) s after the fire time")
    }

    @Test func snoozeFromThePopupCountsDownPostAlertAndRingsAgainThenStopRemovesIt() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let server = try #require(daemon.notifications)
        let timer = makeRecord(title: "Eggs", preAlert: 1, postAlert: 1.5)
        try daemon.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        let pid = try #require(daemon.pid)
        let ringThreads = soundThreads(of: pid)
        #expect(!ringThreads.isEmpty, "the ring plays on a thread of its own")
        let popup = try #require(try await server.waitForCalls { $0.contains { $0.summary == "Eggs" && $0.hints["urgency"] == "y:2" } }
            .last { $0.summary == "Eggs" && $0.hints["urgency"] == "y:2" })

        try await server.send("invoke \(popup.id) app.snooze-alarm::\(timer.id.uuidString)")
        try await eventually("snooze to count down") { try daemon.record(timer.id)?.phase.state == .countdown }
        let snoozed = try daemon.record(timer.id)?.phase
        guard case .countdown(let start, let fire, let total, _) = snoozed else {
            Issue.record("the snoozed timer is not counting down: \(String(describing: snoozed))")
            return
        }
        #expect(total == 1.5)
        #expect(abs(fire.timeIntervalSince(start) - 1.5) < 0.001)
        let bytesWhenSnoozed = daemon.audioBytes
        // Not a pause: the end of the ring's sound thread, the only writer of its sound (the
        // next ring plays on a new one, prepared just before it is due).
        await eventually("the ring's sound thread to end") { soundThreads(of: pid).isDisjoint(with: ringThreads) }
        #expect(daemon.audioBytes == bytesWhenSnoozed, "the sound stops while snoozed")

        try await eventually("the snoozed timer to ring again") { try daemon.record(timer.id)?.phase.state == .alerting }
        let again = try #require(try await server.waitForCalls { $0.filter { $0.summary == "Eggs" && $0.hints["urgency"] == "y:2" }.count >= 2 }
            .last { $0.summary == "Eggs" && $0.hints["urgency"] == "y:2" })
        try await server.send("invoke \(again.id) app.stop-alarm::\(timer.id.uuidString)")
        try await eventually("stop to remove the one-shot timer") { try daemon.record(timer.id) == nil }
    }

    @Test func dismissingARingingPopupStopsItsSoundButDismissingACountdownDoesNot() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let server = try #require(daemon.notifications)
        let long = makeRecord(title: "Long", preAlert: 600)
        try daemon.connect().send(.schedule, record: long)
        let countdown = try #require(try await server.waitForNotifies(summary: "Long").last)
        try await server.send("close \(countdown.id) 2")

        let short = makeRecord(title: "Short", preAlert: 0.5)
        try daemon.connect().send(.schedule, record: short)
        let alert = try #require(try await server.waitForCalls { $0.contains { $0.summary == "Short" && $0.hints["urgency"] == "y:2" } }
            .last { $0.summary == "Short" && $0.hints["urgency"] == "y:2" })
        try await server.send("close \(alert.id) 2")
        try await eventually("the dismissed alarm to stop") { try daemon.record(short.id) == nil }
        // Not a pause: the server sent the countdown's close before this one, and alarmd handles
        // a server's signals in order, so it has handled that close too.
        #expect(try daemon.record(long.id)?.phase.state == .countdown)
    }

    @Test func aWeeklyAlarmMovesToItsNextDateWhenStopped() async throws {
        // A weekly alarm rings at a minute boundary; rather than wait for one, the test stores
        // the alarm as due in a second, as a daemon would have left it, and starts the daemon.
        let daemon = try DaemonHarness()
        let now = Date()
        var weekly = makeRecord(title: "Gym", schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .thursday]))))
        weekly.phase = .scheduled(fireDate: now.addingTimeInterval(1))
        try FileManager.default.createDirectory(atPath: daemon.paths.stateDirectory, withIntermediateDirectories: true)
        try AlarmStore(at: URL(fileURLWithPath: daemon.paths.database)).save(weekly)
        try daemon.start()
        try await eventually("the weekly alarm to ring") { try daemon.record(weekly.id)?.phase.state == .alerting }
        try daemon.connect().send(.stop, alarm: weekly.id)
        let moved = try #require(try daemon.record(weekly.id))
        guard case .scheduled(let fire) = moved.phase else {
            Issue.record("expected scheduled, got \(moved.phase)")
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: fire)
        #expect([2, 5].contains(parts.weekday), "Monday or Thursday")
        #expect(parts.hour == 6 && parts.minute == 30)
        #expect(fire > now && fire.timeIntervalSince(now) <= 7 * 86400)
    }

    @Test func withoutANotificationServerAlarmsStillRingAndTheTerminalSaysSo() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        #expect(daemon.logText.contains("no desktop notifications"))
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.notifications.contains("terminal"))
        let timer = makeRecord(title: "Headless", preAlert: 0.5)
        try daemon.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("audio to reach the device") { daemon.audioBytes > 0 }
        await eventually("the terminal presenter to show it") { daemon.logText.contains("Headless") }
    }

    @Test func twoAlarmsRingingTogetherAreBothSoundingAndStopIndependently() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let events = try daemon.connect().watch()
        let a = makeRecord(title: "A", preAlert: 0.5), b = makeRecord(title: "B", preAlert: 0.5)
        try daemon.connect().send(.schedule, record: a)
        try daemon.connect().send(.schedule, record: b)
        // Each alarm's own playback reaches the device: one first frame per alarm.
        var sounding: Set<UUID> = []
        for await message in events where message.event == .sounding && message.firstFrame != nil {
            if let id = message.alarm { sounding.insert(id) }
            if sounding.count == 2 { break }
        }
        #expect(sounding == [a.id, b.id])
        try await eventually("both to ring") { try daemon.list().filter { $0.phase.state == .alerting }.count == 2 }
        try daemon.connect().send(.stop, alarm: a.id)
        #expect(try daemon.record(a.id) == nil)
        #expect(try daemon.record(b.id)?.phase.state == .alerting)
    }
}

/// The threads of `pid` that play an alarm's sound (AlarmAudio names them "alarm-sound").
private func soundThreads(of pid: pid_t) -> Set<pid_t> {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return Set(tasks.compactMap { task in
        let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .whitespacesAndNewlines) == "alarm-sound" ? pid_t(task) : nil
    })
}
