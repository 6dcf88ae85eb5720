import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The dialog's values: what they make, what is refused, and that editing keeps the rest.
@Suite(.timeLimit(.minutes(2))) struct AlarmFormTests {
    @Test func aNewWeekdayAlarmIsTheRecordAlarmctlAddMakes() {
        var form = AlarmForm(defaultSnooze: 540)
        form.hour = 6
        form.minute = 30
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
        #expect(record.countdownDuration == .init(preAlert: nil, postAlert: 540))
        #expect(record.presentation.countdown?.title.text == "Wake up (snoozed)")
        #expect(record.sound == SoundSettings())
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

    @Test func editingKeepsTheIdTheAppAndWhatTheDialogDoesNotShow() {
        var form = AlarmForm()
        form.title = "Old"
        form.sound = "Chime"
        form.volumePercent = 40
        form.rampSeconds = 30
        var original = form.record()
        original.appID = "com.example.app"
        original.metadata = #"{"k":1}"#
        original.tintColor = .blue
        var edit = AlarmForm(editing: original)
        #expect(edit.title == "Old")
        #expect(edit.sound == "Chime")
        #expect(edit.volumePercent == 40)
        #expect(edit.rampSeconds == 30)
        #expect(edit.snoozeMinutes == 9)
        edit.title = "New"
        edit.hour = 21
        let changed = edit.record(editing: original)
        #expect(changed.id == original.id)
        #expect(changed.appID == "com.example.app")
        #expect(changed.metadata == original.metadata)
        #expect(changed.tintColor == .blue)
        #expect(changed.presentation.alert.title.text == "New")
        #expect(changed.sound == SoundSettings(sound: .named("Chime"), volume: 0.4, rampSeconds: 30))
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

    @Test func theRingTimeoutComesFromConfig() {
        #expect(SharedAlarmSettings.ringTimeoutText(600) == "10 min, then it counts as missed")
        #expect(SharedAlarmSettings.ringTimeoutText(30) == "30 s, then it counts as missed")
    }
}
