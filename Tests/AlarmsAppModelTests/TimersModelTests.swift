@testable import AlarmsAppModel
import AlarmClient
import FoundationEssentials
import Testing

/// The Timers page and ringing view without GTK: which alarms are timers, how their time reads,
/// when the page must tick, and what the buttons send.
@Suite(.timeLimit(.minutes(2))) struct TimersModelTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func timer(_ seconds: TimeInterval, _ phase: AlarmRecord.Phase, title: String = "Tea") -> AlarmRecord {
        var record = TimersModel.timer(seconds: seconds, title: title)
        record.phase = phase
        return record
    }

    @Test func clockTextRoundsUpSoItReadsZeroOnlyWhenDue() {
        #expect(TimersModel.clock(299.2) == "05:00")
        #expect(TimersModel.clock(299) == "04:59")
        #expect(TimersModel.clock(0.01) == "00:01")
        #expect(TimersModel.clock(0) == "00:00")
        #expect(TimersModel.clock(-3) == "00:00")
        #expect(TimersModel.clock(3600) == "1:00:00")
        #expect(TimersModel.clock(3 * 3600 + 4 * 60 + 5) == "3:04:05")
        #expect(TimersModel.clock(.nan) == "00:00")
        #expect(TimersModel.clock(.infinity) == "00:00")  // never a trap
        #expect(TimersModel.clock(1e12) == "277777:46:40", "clamped")
    }

    @Test func spokenDurationSaysUnitsAScreenReaderCanRead() {
        #expect(TimersModel.spokenDuration(299) == "4 minutes 59 seconds")
        #expect(TimersModel.spokenDuration(60) == "1 minute")
        #expect(TimersModel.spokenDuration(3601) == "1 hour 1 second")
        #expect(TimersModel.spokenDuration(0) == "0 seconds")
    }

    @Test func presetsAreClocksAndTheirNamesSayTheUnit() {
        #expect(TimersModel.presetMinutes == [1, 3, 5, 10, 15, 25])
        #expect(TimersModel.presetAccessibleName(minutes: 1) == "1 minute")
        #expect(TimersModel.presetAccessibleName(minutes: 5) == "5 minutes")
        #expect(TimersModel.presetLabel(minutes: 25) == "25 min")
    }

    @Test func everyCountdownIsATimerRowRunningFirstThenPausedThenRinging() {
        let running = timer(300, .countdown(startDate: now - 10, fireDate: now + 290, total: 300, previouslyElapsed: 0), title: "Tea")
        let sooner = timer(60, .countdown(startDate: now, fireDate: now + 60, total: 60, previouslyElapsed: 0), title: "Eggs")
        let paused = timer(600, .paused(total: 600, previouslyElapsed: 100), title: "Pasta")
        let ringing = timer(5, .alerting(since: now, firedFor: now), title: "Done")
        // An alarm's countdown before its date counts down too (shown, not restartable); a
        // snoozed alarm is the Alarms page's ("Snoozed until …"); a waiting or ringing
        // clock-time alarm is not a timer.
        var before = timer(500, .countdown(startDate: now - 10, fireDate: now + 490, total: 500, previouslyElapsed: 0), title: "Flight")
        before.schedule = .fixed(now + 490)
        var snoozed = timer(540, .countdown(startDate: now, fireDate: now + 540, total: 540, previouslyElapsed: 0), title: "Wake")
        snoozed.schedule = .relative(.init(time: .init(hour: 6, minute: 30), repeats: .never))
        var waiting = snoozed
        waiting.id = UUID()
        waiting.phase = .scheduled(fireDate: now + 3600)
        var ringingAlarm = snoozed
        ringingAlarm.id = UUID()
        ringingAlarm.phase = .alerting(since: now, firedFor: now)

        let rows = TimersModel.rows([ringing, paused, running, waiting, snoozed, before, sooner, ringingAlarm], zone: .utc)
        #expect(rows.map(\.title) == ["Eggs", "Tea", "Flight", "Pasta", "Done"])
        #expect(rows[1].clockText(at: now) == "04:50")
        #expect(rows[3].clockText(at: now) == "08:20")
        #expect(rows[3].remaining(at: now + 1000) == 500, "a paused timer does not count")
        #expect(rows[4].clockText(at: now) == "00:00")
        #expect(rows.map(\.restartable) == [true, true, false, true, true])
        #expect(rows[1].accessibleText(at: now) == "Tea, 5 minutes left", "whole minutes: the name changes once a minute")
        #expect(rows[0].accessibleText(at: now + 30) == "Eggs, less than a minute left")
        #expect(rows[3].accessibleText(at: now) == "Pasta, 9 minutes left, paused")
        #expect(rows[4].accessibleText(at: now) == "Done, ringing")
    }

    @Test func titlesAreEscaped() {
        let rows = TimersModel.rows([timer(60, .paused(total: 60, previouslyElapsed: 0), title: "Tea\u{1B}[2J\nnow")])
        #expect(!rows[0].title.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    /// Zero wake-ups idle: the page ticks only while a countdown runs, and each tick lands
    /// just after a label changes.
    @Test func itTicksOnlyWhileACountdownRunsAlignedToTheLabel() {
        let paused = TimersModel.rows([timer(60, .paused(total: 60, previouslyElapsed: 1))])
        #expect(!TimersModel.needsTick(paused))
        #expect(TimersModel.millisecondsToNextChange(paused, now: now) == nil)
        #expect(!TimersModel.needsTick([]))
        let running = TimersModel.rows([timer(60, .countdown(startDate: now, fireDate: now + 59.25, total: 60, previouslyElapsed: 0))])
        #expect(TimersModel.needsTick(running))
        // 59.25 s left reads "01:00"; it reads "00:59" from 59.0 s left, 250 ms from now.
        #expect(TimersModel.millisecondsToNextChange(running, now: now) == 255)
        let whole = TimersModel.rows([timer(60, .countdown(startDate: now, fireDate: now + 30, total: 60, previouslyElapsed: 0))])
        #expect(TimersModel.millisecondsToNextChange(whole, now: now) == 1005)
    }

    @Test func customDurationNeedsSomeTimeAndIsBounded() {
        #expect(TimersModel.customSeconds(hours: 0, minutes: 0, seconds: 0) == nil)
        #expect(TimersModel.customSeconds(hours: 1, minutes: 2, seconds: 3) == 3723)
        #expect(TimersModel.customSeconds(hours: -1, minutes: 0, seconds: 5) == 5)
        #expect(TimersModel.customSeconds(hours: 999, minutes: 0, seconds: 0) == TimeInterval(360_000))
    }

    /// The window's timers are alarmctl's: a countdown with Pause, Resume and its title.
    @Test func aNewTimerIsTheRecordAlarmctlTimerSends() {
        let record = TimersModel.timer(seconds: 300)
        #expect(record.appID == "org.openalarmkit.Alarms")
        #expect(record.schedule == nil)
        #expect(record.countdownDuration?.preAlert == 300)
        #expect(record.presentation.alert.title.text == "5 min timer")
        #expect(record.presentation.countdown?.pauseButton?.text.text == "Pause")
        #expect(record.presentation.paused?.resumeButton.text.text == "Resume")
        #expect(record.presentation.paused?.title.text == "5 min timer (paused)")
        #expect(TimersModel.defaultTitle(seconds: 5400) == "1 h 30 min timer")
        #expect(TimersModel.defaultTitle(seconds: 5) == "5 s timer")
    }

    @Test func restartIsAnEditOfTheSameTimerAndOnlyForTimers() throws {
        let running = timer(300, .countdown(startDate: now, fireDate: now + 200, total: 300, previouslyElapsed: 100))
        let restarted = try #require(TimersModel.restarted(running))
        #expect(restarted.id == running.id && restarted.countdownDuration?.preAlert == 300)
        var alarm = running
        alarm.schedule = .relative(.init(time: .init(hour: 6, minute: 30), repeats: .never))
        #expect(TimersModel.restarted(alarm) == nil)
    }

    @Test func theRingingViewSendsWhatThePopupSends() {
        let plain = timer(5, .alerting(since: now, firedFor: now), title: "Plain")
        var repeating = TimersModel.timer(seconds: 5, title: "Laps")
        repeating.countdownDuration?.postAlert = 60
        repeating.presentation.alert.secondaryButton = AlarmButton(text: "Repeat", textColor: .white, systemImageName: "repeat.circle")
        repeating.presentation.alert.secondaryButtonBehavior = .countdown
        repeating.phase = .alerting(since: now - 5, firedFor: now - 5)
        var custom = plain
        custom.id = UUID()
        custom.presentation.alert.title = "Call \u{7}back"
        custom.presentation.alert.stopButton = AlarmButton(text: "Done", textColor: .white, systemImageName: "checkmark")
        custom.presentation.alert.secondaryButton = AlarmButton(text: "Open app", textColor: .white, systemImageName: "app")
        custom.presentation.alert.secondaryButtonBehavior = .custom
        custom.phase = .alerting(since: now + 1, firedFor: now)
        var counting = plain
        counting.id = UUID()
        counting.phase = .countdown(startDate: now, fireDate: now + 5, total: 5, previouslyElapsed: 0)

        let alerts = [custom, plain, counting, repeating].compactMap(RingingAlarm.init).sorted { $0.since < $1.since }
        #expect(alerts.map(\.id) == [repeating.id, plain.id, custom.id], "not what counts down")
        #expect(alerts[0].secondaryText == "Repeat" && alerts[0].secondaryRequest == .countdown)
        #expect(alerts[1].secondaryText == nil && alerts[1].secondaryRequest == nil && alerts[1].stopText == "Stop")
        #expect(alerts[1].detail == "Timer finished")
        #expect(alerts[2].stopText == "Done")
        #expect(alerts[2].secondaryText == "Open app" && alerts[2].secondaryRequest == .custom)
    }
}
