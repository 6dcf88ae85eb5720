import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The dialog's values: what they make, what is refused, and that editing keeps the rest.
@Suite(.timeLimit(.minutes(2))) struct AlarmFormTests {
    @Test func aNewWeekdayAlarmIsTheRecordAlarmctlAddMakes() {
        var form = AlarmForm(defaultSnooze: 540)
        form.hour = 6
        form.minute = 30
        form.repeatKind = .weekly
        form.days = WeekdaySet(WeekdaySet.weekdays)
        form.title = "Wake up"
        #expect(form.problems.isEmpty)
        let record = form.record()
        #expect(record.appID == AlarmForm.appID)
        #expect(record.schedule == .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))))
        #expect(record.presentation.alert.title.text == "Wake up")
        #expect(record.presentation.alert.stopButton.text.text == "Stop")
        #expect(record.presentation.alert.secondaryButton?.text.text == "Snooze")
        #expect(record.presentation.alert.secondaryButtonBehavior == .countdown)
        #expect(record.countdownDuration == nil, "alarmd's snooze, read when it snoozes: none copied in")
        #expect(record.presentation.countdown?.title.text == "Wake up (snoozed)")
        #expect(record.sound == SoundSettings())
    }

    /// The snooze default lives in alarmd (`alarms.snooze`): an alarm at that length carries
    /// none, so a changed setting reaches it; one the person set differently keeps its own.
    @Test func theSnoozeDefaultIsAlarmdsNotCopiedIntoTheAlarm() {
        var form = AlarmForm(defaultSnooze: 600)
        #expect(form.snoozeMinutes == 10)
        form.snoozeMinutes = 5
        let own = form.record()
        #expect(own.countdownDuration == .init(preAlert: nil, postAlert: 300))
        let following = AlarmForm(defaultSnooze: 600).record()
        #expect(following.countdownDuration == nil)
        // Opened again while alarmd's setting is 15 minutes: that is what its snooze lasts.
        #expect(AlarmForm(editing: following, defaultSnooze: 900).snoozeMinutes == 15)
        #expect(AlarmForm(editing: own, defaultSnooze: 900).snoozeMinutes == 5)
        // Set back to alarmd's length in the editor: it follows the setting again.
        let shown = AlarmForm(editing: own, defaultSnooze: 900)
        var edit = shown
        edit.snoozeMinutes = 15
        let (changed, fields) = edit.change(of: own, shown: shown)
        #expect(fields == [.snooze] && changed.countdownDuration == nil)
        #expect(changed.presentation.alert.secondaryButtonBehavior == .countdown, "the Snooze button stays")
    }

    @Test func noSnoozeMeansNoSnoozeButton() {
        var form = AlarmForm()
        form.snoozeMinutes = 0
        let record = form.record()
        #expect(record.presentation.alert.secondaryButton == nil)
        #expect(record.countdownDuration == nil)
        #expect(record.presentation.countdown == nil)
        #expect(record.presentation.alert.title.text == "Alarm")  // an empty title
    }

    @Test func editingSendsOnlyWhatChanged() {
        var form = AlarmForm()
        form.title = "Old"
        form.sound = "Chime"
        form.volumePercent = 40
        form.rampSeconds = 30
        var original = form.record()
        original.appID = "com.example.app"
        original.metadata = #"{"k":1}"#
        original.tintColor = .blue
        let shown = AlarmForm(editing: original)
        #expect(shown.title == "Old")
        #expect(shown.sound == "Chime")
        #expect(shown.volumePercent == 40)
        #expect(shown.rampSeconds == 30)
        #expect(shown.snoozeMinutes == 9)
        #expect(shown.change(of: original, shown: shown).fields.isEmpty, "Save unchanged sends nothing")
        var edit = shown
        edit.title = "New"
        edit.hour = 21
        let (changed, fields) = edit.change(of: original, shown: shown)
        #expect(Set(fields) == [.title, .schedule])
        #expect(changed.id == original.id)
        #expect(changed.appID == "com.example.app")
        #expect(changed.metadata == original.metadata)
        #expect(changed.tintColor == .blue)
        #expect(changed.presentation.alert.title.text == "New")
        #expect(changed.sound == SoundSettings(sound: .named("Chime"), volume: 0.4, rampSeconds: 30))
    }

    @Test func aDatedAlarmOpensOnItsDateAndTimeAndKeepsThem() throws {
        let berlin = try #require(ZoneRules.named("Europe/Berlin"))
        let christmas = FireTimeCalendar(timeZone: berlin).instant(of: LocalDate(year: 2026, month: 12, day: 24), hour: 18, minute: 0)
        var original = AlarmForm().record()
        original.schedule = .fixed(christmas)
        original.disabledAt = christmas - 86400 * 30
        let now = christmas - 86400 * 20
        let shown = AlarmForm(editing: original, zone: berlin, now: now)
        #expect(shown.date == LocalDate(year: 2026, month: 12, day: 24))
        #expect((shown.hour, shown.minute) == (18, 0))
        #expect(shown.repeatKind == .never)
        #expect(!shown.enabled)
        #expect(shown.schedule(now: now, zone: berlin) == .alarmKit(.fixed(christmas)), "unchanged, the same instant")
        #expect(shown.change(of: original, shown: shown, now: now, zone: berlin).fields.isEmpty)
        #expect(shown.dateText(localTime: LocalTimeText(posixName: "C")) == "Thu 2026-12-24")
        // A new day keeps the time and the zone's wall clock; turned on, it says so.
        var moved = shown
        moved.day = (2026, 12, 31)
        moved.enabled = true
        let (record, fields) = moved.change(of: original, shown: shown, now: now, zone: berlin)
        #expect(Set(fields) == [.schedule, .enabled])
        #expect(record.schedule == .fixed(christmas + 7 * 86400))
        #expect(record.disabledAt == nil)
        // No date: the next 18:00.
        moved.day = nil
        #expect(moved.schedule(now: now, zone: berlin) == .alarmKit(.relative(.init(time: .init(hour: 18, minute: 0), repeats: .never))))
        #expect(moved.dateText(localTime: LocalTimeText(posixName: "C")) == "None: it rings at the next 18:00")
    }

    @Test func anImportedAlarmKeepsItsZoneAndTheFormItsSkip() throws {
        let newYork = try #require(ZoneRules.named("America/New_York"))
        let nine = FireTimeCalendar(timeZone: newYork).instant(of: LocalDate(year: 2026, month: 6, day: 9), hour: 9, minute: 0)
        var original = AlarmForm().record()
        original.schedule = .fixed(nine)
        original.timeZone = "America/New_York"
        let shown = AlarmForm(editing: original, zone: .utc, now: nine - 86400)
        #expect(shown.timeZone == "America/New_York")
        #expect((shown.hour, shown.minute) == (9, 0), "on the event's own clock")
        var later = shown
        later.hour = 10
        #expect(later.change(of: original, shown: shown, zone: .utc).record.schedule == .fixed(nine + 3600))

        var weekly = AlarmForm()
        weekly.repeatKind = .weekly
        weekly.days = WeekdaySet(WeekdaySet.weekdays)
        var skipping = weekly.record()
        skipping.skippedFire = nine
        let form = AlarmForm(editing: skipping, now: nine - 60)
        #expect(form.skipping == nine)
        #expect(AlarmForm(editing: skipping, now: nine + 60).skipping == nil, "a skip behind it is not shown")
        var ringAfterAll = form
        ringAfterAll.skipping = nil
        let (unskipped, fields) = ringAfterAll.change(of: skipping, shown: form)
        #expect(fields == [.skip])
        #expect(unskipped.skippedFire == nil)
    }

    @Test func aPastDateIsRefusedForAnAlarmThatIsOn() {
        var form = AlarmForm()
        form.day = (2020, 1, 1)
        #expect(form.problems(now: Date(), zone: .utc).contains { if case .time = $0 { true } else { false } })
        form.enabled = false
        #expect(form.problems(now: Date(), zone: .utc).isEmpty)
    }

    @Test func problemsAreSaidUnderTheirField() {
        var form = AlarmForm()
        form.hour = 24
        form.title = "Bad\u{7}title"
        form.snoozeMinutes = 61
        form.volumePercent = 101
        form.rampSeconds = 3601
        let problems = form.problems
        #expect(problems.count == 5)
        #expect(problems.contains { if case .time = $0 { true } else { false } })
        #expect(problems.contains { if case .title = $0 { true } else { false } })
        #expect(problems.contains { if case .snooze = $0 { true } else { false } })
        #expect(problems.filter { if case .sound = $0 { true } else { false } }.count == 2)
        form.title = String(repeating: "x", count: 1025)
        #expect(form.problems.contains(.title("The title is too long; shorten it.")))
    }

    /// alarmd's setting, as its `status` reports it: the window reads no config.toml.
    @Test func theRingTimeoutIsWhatAlarmdReports() {
        var status = AlarmProtocol.DaemonStatus(
            version: "0.3.0", pid: 1, timeZone: "UTC", alarmCount: 0, audioDevice: "default", notifications: "terminal", defaultSnooze: 540)
        #expect(SharedAlarmSettings.ringTimeoutText(status) == "", "an alarmd that does not say")
        status.ringTimeout = 600
        #expect(SharedAlarmSettings.ringTimeoutText(status) == "10 min, then it counts as missed")
        #expect(SharedAlarmSettings.ringTimeoutText(30) == "30 s, then it counts as missed")
    }
}
