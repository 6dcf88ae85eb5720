// Every documented AlarmKit declaration (iOS 26), in its documented shape, through
// `import OpenAlarmKit` alone: no Foundation import, as AlarmKit code has none. If this file
// stops compiling, AlarmKit code no longer ports by changing its import line.
import OpenAlarmKit
import Testing

struct APIMetadata: AlarmMetadata {
    var label: String
    var createdAt: Date = .now
}

// An intent as App Intents declares them (Swift 6 wants `static let` for stored titles).
struct SnoozeIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Snooze"
    static let description = IntentDescription("Snooze an alarm", categoryName: "Alarms", searchKeywords: ["later"])
    static var openAppWhenRun: Bool { false }

    @Parameter(title: "alarmID")
    var alarmID: String

    @Parameter(title: "minutes", description: "How long", default: 9)
    var minutes: Int

    @Parameter(title: "note")
    var note: String?

    init(alarmID: String) { self.alarmID = alarmID }
    init() { self.alarmID = "" }

    func perform() async throws -> some IntentResult { .result() }
}

struct RequiredIntent: AppIntent {
    static let title: LocalizedStringResource = "Required"
    @Parameter(title: "name") var name: String
    func perform() async throws -> some IntentResult { .result() }
}

struct CountIntent: AppIntent {
    static var title: LocalizedStringResource { "Count" }
    func perform() throws -> some IntentResult & ReturnsValue<Int> { .result(value: 3) }
}

enum APIUsage {
    static func everything(manager: AlarmManager = .shared) async throws {
        // AlarmManager: authorization
        let state: AlarmManager.AuthorizationState = manager.authorizationState
        switch state {
        case .notDetermined, .denied, .authorized: break
        }
        let requested: AlarmManager.AuthorizationState = try await manager.requestAuthorization()
        _ = requested
        let authorizationUpdates: AlarmManager.AlarmAuthorizationStateUpdates = manager.authorizationUpdates
        var authorizationIterator: AlarmManager.AlarmAuthorizationStateUpdates.Iterator = authorizationUpdates.makeAsyncIterator()
        let _: AlarmManager.AlarmAuthorizationStateUpdates.Element? = await authorizationIterator.next()

        // Schedules
        let time = Alarm.Schedule.Relative.Time(hour: 7, minute: 30)
        let once = Alarm.Schedule.Relative(time: time)  // repeats: .never
        let weekly = Alarm.Schedule.Relative(time: time, repeats: .weekly([.monday, .wednesday, .friday]))
        let schedules: [Alarm.Schedule] = [.relative(once), .relative(weekly), .fixed(Date.now.addingTimeInterval(60))]
        let _: Alarm.Schedule.Relative.Recurrence = once.repeats
        let _: Int = once.time.hour + once.time.minute

        // Presentation
        let stop = AlarmButton(text: "Done", textColor: .white, systemImageName: "checkmark")
        let snooze = AlarmButton(text: "Snooze", textColor: .white, systemImageName: "repeat.circle.fill")
        let alert = AlarmPresentation.Alert(title: "Wake Up", stopButton: stop, secondaryButton: snooze, secondaryButtonBehavior: .countdown)
        let simpleAlert = AlarmPresentation.Alert(title: "Wake Up", secondaryButton: snooze, secondaryButtonBehavior: .custom)
        let countdown = AlarmPresentation.Countdown(title: "Eggs", pauseButton: AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause"))
        let paused = AlarmPresentation.Paused(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))
        let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
        _ = AlarmPresentation(alert: simpleAlert)
        let attributes = AlarmAttributes<APIMetadata>(presentation: presentation, metadata: APIMetadata(label: "x"), tintColor: .blue)
        let _: AlarmAttributes<APIMetadata>.ContentState? = nil
        let _: Color = attributes.tintColor
        let _: APIMetadata? = attributes.metadata
        let _: AlarmPresentation = attributes.presentation
        let _: (LocalizedStringResource, Color, String) = (stop.text, stop.textColor, stop.systemImageName)
        let _: (LocalizedStringResource, AlarmButton, AlarmButton?) = (alert.title, alert.stopButton, alert.secondaryButton)
        let _: AlarmPresentation.Alert.SecondaryButtonBehavior? = alert.secondaryButtonBehavior
        let _: (AlarmPresentation.Alert, AlarmPresentation.Countdown?, AlarmPresentation.Paused?) = (presentation.alert, presentation.countdown, presentation.paused)
        let _: (LocalizedStringResource, AlarmButton?) = (countdown.title, countdown.pauseButton)
        let _: (LocalizedStringResource, AlarmButton) = (paused.title, paused.resumeButton)

        // Configurations
        let id = Alarm.ID()
        let full = AlarmManager.AlarmConfiguration(
            countdownDuration: Alarm.CountdownDuration(preAlert: 10, postAlert: 10), schedule: nil,
            attributes: attributes, stopIntent: SnoozeIntent(alarmID: id.uuidString),
            secondaryIntent: SnoozeIntent(alarmID: id.uuidString), sound: .default)
        let alarmConfiguration = AlarmManager.AlarmConfiguration.alarm(schedule: schedules[0], attributes: attributes, sound: .named("Chime"))
        let timerConfiguration = AlarmManager.AlarmConfiguration.timer(duration: 300, attributes: attributes, secondaryIntent: SnoozeIntent())
        let sound: AlertConfiguration.AlertSound = timerConfiguration.sound
        _ = (alarmConfiguration, sound)

        // Scheduling and the lifecycle
        let alarm: Alarm = try await manager.schedule(id: id, configuration: full)
        let _: Alarm.State = alarm.state
        let _: Alarm.Schedule? = alarm.schedule
        let _: Alarm.CountdownDuration? = alarm.countdownDuration
        let _: TimeInterval? = alarm.countdownDuration?.preAlert
        let _: TimeInterval? = alarm.countdownDuration?.postAlert
        let _: Alarm.ID = alarm.id
        try manager.pause(id: id)
        try manager.resume(id: id)
        try manager.countdown(id: id)
        try manager.stop(id: id)
        try manager.cancel(id: id)
        let alarms: [Alarm] = try manager.alarms
        _ = alarms

        let updates: AlarmManager.AlarmUpdates = manager.alarmUpdates
        var iterator: AlarmManager.AlarmUpdates.Iterator = updates.makeAsyncIterator()
        let _: AlarmManager.AlarmUpdates.Element? = await iterator.next()
        for await list in manager.alarmUpdates {
            for alarm in list where alarm.state == .alerting { _ = alarm.id }
            break
        }

        // Live state
        let live = AlarmPresentationState(alarmID: id, mode: .countdown(.init(totalCountdownDuration: 60, previouslyElapsedDuration: 0, startDate: .now, fireDate: .now)))
        let _: Alarm.ID = live.alarmID
        switch live.mode {
        case .alert(let alert): _ = alert.time.hour + alert.time.minute
        case .countdown(let countdown): _ = (countdown.fireDate, countdown.startDate, countdown.totalCountdownDuration, countdown.previouslyElapsedDuration)
        case .paused(let paused): _ = paused.totalCountdownDuration - paused.previouslyElapsedDuration
        @unknown default: break
        }

        // Errors
        do { _ = try await manager.schedule(id: UUID(), configuration: full) } catch AlarmManager.AlarmError.maximumLimitReached {}
    }
}

@Suite(.timeLimit(.minutes(1))) struct AlarmKitAPITests {
    @Test func relativeSchedulesDefaultToNeverRepeating() {
        #expect(Alarm.Schedule.Relative(time: .init(hour: 6, minute: 0)).repeats == .never)
    }

    @Test func intentsKeepAppIntentsShapeAndDefaults() async throws {
        #expect(SnoozeIntent.title == "Snooze")
        #expect(CountIntent.description == nil && CountIntent.openAppWhenRun == false && CountIntent.isDiscoverable)
        let intent = SnoozeIntent(alarmID: "A")
        #expect(intent.alarmID == "A" && intent.minutes == 9 && intent.note == nil)
        #expect(intent.$alarmID.title == "alarmID")
        let result = try CountIntent().perform()
        #expect(result.value == 3)
    }

    @Test func anIntentTravelsAsItsTypeAndParameters() throws {
        let intent = SnoozeIntent(alarmID: "B")
        intent.note = "tea"
        let encoded = try EncodedIntent(intent)
        #expect(encoded.typeName.hasSuffix("SnoozeIntent"))
        #expect(encoded.parameters == ["alarmID": "\"B\"", "minutes": "9", "note": "\"tea\""])
        let decoded = try #require(try encoded.decode() as? SnoozeIntent)
        #expect(decoded.alarmID == "B" && decoded.minutes == 9 && decoded.note == "tea")

        // A parameter that init() leaves unset must travel with the alarm.
        let required = RequiredIntent()
        required.name = "n"
        var missing = try EncodedIntent(required)
        #expect(try (missing.decode() as? RequiredIntent)?.name == "n")
        missing.parameters["name"] = nil
        #expect(throws: IntentCodingError.missingParameters(type: missing.typeName, ["name"])) { try missing.decode() }
        var unknown = encoded
        unknown.mangledTypeName = "no such type"
        #expect(throws: IntentCodingError.unknownType(encoded.typeName)) { try unknown.decode() }
    }
}
