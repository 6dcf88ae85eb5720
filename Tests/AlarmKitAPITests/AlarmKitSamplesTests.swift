// AlarmKit documentation-style code, unchanged but for the import: if these stop compiling,
// AlarmKit code no longer ports by changing `import AlarmKit` to `import OpenAlarmKit`.
import Foundation
import OpenAlarmKit
import Testing

struct CookingData: AlarmMetadata {
    let createdAt: Date
    let method: Method

    init(method: Method) {
        self.createdAt = Date.now
        self.method = method
    }

    enum Method: String, Codable {
        case frying = "frying.pan"
        case grilling = "flame"
    }
}

struct RepeatIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Repeat"
    static let description = IntentDescription("Repeat a countdown")

    @Parameter(title: "alarmID")
    var alarmID: String

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult { .result() }
}

enum Samples {
    static func cookingTimer() -> AlarmManager.AlarmConfiguration<CookingData> {
        let stopButton = AlarmButton(text: "Dismiss", textColor: .white, systemImageName: "stop.circle")
        let repeatButton = AlarmButton(text: "Repeat", textColor: .white, systemImageName: "repeat.circle")
        let alertPresentation = AlarmPresentation.Alert(
            title: "Food Ready!", stopButton: stopButton, secondaryButton: repeatButton,
            secondaryButtonBehavior: .countdown)

        let pauseButton = AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause")
        let countdownPresentation = AlarmPresentation.Countdown(title: "Cooking", pauseButton: pauseButton)

        let resumeButton = AlarmButton(text: "Resume", textColor: .green, systemImageName: "play")
        let pausedPresentation = AlarmPresentation.Paused(title: "Paused", resumeButton: resumeButton)

        let attributes = AlarmAttributes(
            presentation: AlarmPresentation(alert: alertPresentation, countdown: countdownPresentation, paused: pausedPresentation),
            metadata: CookingData(method: .frying),
            tintColor: Color.green)

        let id = UUID()
        return AlarmManager.AlarmConfiguration(
            countdownDuration: Alarm.CountdownDuration(preAlert: 600, postAlert: 300),
            attributes: attributes,
            secondaryIntent: RepeatIntent(alarmID: id.uuidString),
            sound: .named("Chime"))
    }

    static func eggTimer() -> AlarmManager.AlarmConfiguration<CookingData> {
        let alert = AlarmPresentation.Alert(
            title: "Eggs are ready!",
            secondaryButton: AlarmButton(text: "Repeat", textColor: .blue, systemImageName: "repeat"),
            secondaryButtonBehavior: .countdown)
        let countdown = AlarmPresentation.Countdown(title: "Eggs are cooking")
        let paused = AlarmPresentation.Paused(
            title: "Timer paused",
            resumeButton: AlarmButton(text: "Resume", textColor: .blue, systemImageName: "play.circle"))
        let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
        let attributes = AlarmAttributes<CookingData>(presentation: presentation, tintColor: .orange)
        return .timer(duration: 10, attributes: attributes)
    }

    static func weekdayAlarm() -> AlarmManager.AlarmConfiguration<CookingData> {
        let time = Alarm.Schedule.Relative.Time(hour: 7, minute: 0)
        let schedule = Alarm.Schedule.Relative(
            time: time, repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))
        let alert = AlarmPresentation.Alert(
            title: "Wake Up", secondaryButton: AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz"),
            secondaryButtonBehavior: .countdown)
        let attributes = AlarmAttributes<CookingData>(presentation: AlarmPresentation(alert: alert), tintColor: .blue)
        return AlarmManager.AlarmConfiguration(
            countdownDuration: Alarm.CountdownDuration(preAlert: nil, postAlert: 9 * 60),
            schedule: .relative(schedule), attributes: attributes, sound: .default)
    }

    static func fixedAlarm() -> AlarmManager.AlarmConfiguration<CookingData> {
        let alert = AlarmPresentation.Alert(title: "Dentist")
        let attributes = AlarmAttributes<CookingData>(presentation: AlarmPresentation(alert: alert), tintColor: .accentColor)
        return .alarm(schedule: .fixed(Date(timeIntervalSince1970: 1_780_000_000)), attributes: attributes)
    }

    static func presentationStateDescription(_ state: AlarmPresentationState) -> String {
        switch state.mode {
        case .alert(let alert): "ringing for \(alert.time.hour):\(alert.time.minute)"
        case .countdown(let countdown): "fires at \(countdown.fireDate)"
        case .paused(let paused): "paused, \(paused.totalCountdownDuration - paused.previouslyElapsedDuration) s left"
        @unknown default: "unknown"
        }
    }

    static func describe(_ alarm: Alarm) -> String {
        switch alarm.state {
        case .scheduled: "scheduled"
        case .countdown: "counting down"
        case .paused: "paused"
        case .alerting: "alerting"
        @unknown default: "unknown"
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct AlarmKitSamplesTests {
    @Test func cookingTimerCarriesItsDurationsButtonsAndSound() {
        let configuration = Samples.cookingTimer()
        #expect(configuration.countdownDuration == Alarm.CountdownDuration(preAlert: 600, postAlert: 300))
        #expect(configuration.schedule == nil)
        #expect(configuration.sound == .named("Chime"))
        #expect(configuration.attributes.presentation.alert.stopButton.text == "Dismiss")
        #expect(configuration.attributes.presentation.alert.secondaryButtonBehavior == .countdown)
        #expect(configuration.attributes.presentation.paused?.resumeButton.systemImageName == "play")
        #expect(configuration.attributes.metadata?.method == .frying)
        #expect(configuration.secondaryIntent != nil)
    }

    @Test func timerAndAlarmFactoriesFillTheRightFields() {
        #expect(Samples.eggTimer().countdownDuration == .init(preAlert: 10, postAlert: nil))
        #expect(Samples.eggTimer().attributes.presentation.alert.stopButton == AlarmPresentation.Alert.defaultStopButton)
        #expect(Samples.fixedAlarm().countdownDuration == nil)
        guard case .relative(let relative) = Samples.weekdayAlarm().schedule else {
            Issue.record("expected a relative schedule")
            return
        }
        #expect(relative.repeats == .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))
    }

    @Test func metadataRoundTripsThroughTheAttributes() throws {
        let attributes = Samples.cookingTimer().attributes
        let decoded = try JSONDecoder().decode(AlarmAttributes<CookingData>.self, from: JSONEncoder().encode(attributes))
        #expect(decoded == attributes)
    }
}
