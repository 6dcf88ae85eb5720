import OpenAlarmKit  // AlarmKit code: this line is the only change from `import AlarmKit`.

// The cooking timer of WWDC25 "Wake up to the AlarmKit API", as written against AlarmKit's
// documented API. Its SwiftUI views are replaced by the small command line in main.swift.

struct CookingData: AlarmMetadata {
    let method: Method

    enum Method: String, Codable {
        case frying = "frying.pan"
        case grilling = "flame"
    }
}

enum CookingTimer {
    /// Ten minutes of cooking, then five more each time a person presses Repeat.
    static func configuration(id: UUID, preAlert: TimeInterval = 10 * 60, postAlert: TimeInterval = 5 * 60) -> AlarmManager.AlarmConfiguration<CookingData> {
        // Alert
        let stopButton = AlarmButton(text: "Dismiss", textColor: .white, systemImageName: "stop.circle")
        let repeatButton = AlarmButton(text: "Repeat", textColor: .white, systemImageName: "repeat.circle")
        let alertPresentation = AlarmPresentation.Alert(
            title: "Food Ready!", stopButton: stopButton, secondaryButton: repeatButton,
            secondaryButtonBehavior: .countdown)

        // Countdown
        let pauseButton = AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause")
        let countdownPresentation = AlarmPresentation.Countdown(title: "Cooking", pauseButton: pauseButton)

        // Paused
        let resumeButton = AlarmButton(text: "Resume", textColor: .green, systemImageName: "play")
        let pausedPresentation = AlarmPresentation.Paused(title: "Paused", resumeButton: resumeButton)

        let attributes = AlarmAttributes(
            presentation: AlarmPresentation(alert: alertPresentation, countdown: countdownPresentation, paused: pausedPresentation),
            metadata: CookingData(method: .frying),
            tintColor: Color.green)

        let countdownDuration = Alarm.CountdownDuration(preAlert: preAlert, postAlert: postAlert)

        return AlarmManager.AlarmConfiguration(
            countdownDuration: countdownDuration,
            attributes: attributes,
            stopIntent: StopIntent(alarmID: id.uuidString),
            secondaryIntent: RepeatIntent(alarmID: id.uuidString),
            sound: .named("Chime"))
    }

    static func start(preAlert: TimeInterval = 10 * 60, postAlert: TimeInterval = 5 * 60) async throws -> Alarm {
        switch AlarmManager.shared.authorizationState {
        case .notDetermined:
            guard try await AlarmManager.shared.requestAuthorization() == .authorized else { throw NotAllowed() }
        case .denied:
            throw NotAllowed()
        case .authorized:
            break
        @unknown default:
            throw NotAllowed()
        }
        let id = UUID()
        return try await AlarmManager.shared.schedule(id: id, configuration: configuration(id: id, preAlert: preAlert, postAlert: postAlert))
    }

    struct NotAllowed: Error, CustomStringConvertible {
        var description: String { "alarms are not allowed for this app" }
    }
}
