import FoundationEssentials

/// The countdown timer a person starts, as alarmd is asked to hold it: one definition for
/// `alarmctl timer` and the Alarms window's Timers page, so a timer made by either looks and
/// behaves the same in both (Pause on its countdown popup, Resume while paused, and Repeat on
/// its alert when it has a `repeatAfter`). The caller passes the texts, in its language.
package enum TimerRecord {
    package struct Texts: Sendable {
        package var pause: String
        package var resume: String
        package var repeatButton: String
        /// "Tea (paused)" for the title "Tea".
        package var pausedTitle: @Sendable (String) -> String

        package init(pause: String, resume: String, repeatButton: String, pausedTitle: @escaping @Sendable (String) -> String) {
            self.pause = pause
            self.resume = resume
            self.repeatButton = repeatButton
            self.pausedTitle = pausedTitle
        }
    }

    /// A timer of `seconds` titled `title`; schedule it with a `schedule` request.
    package static func make(
        seconds: TimeInterval, title: String, repeatAfter: TimeInterval? = nil, sound: SoundSettings = SoundSettings(),
        appID: String, texts: Texts, id: UUID = UUID()
    ) -> AlarmRecord {
        let repeatButton = repeatAfter.map { _ in AlarmButton(text: .init(texts.repeatButton), textColor: .white, systemImageName: "repeat.circle") }
        let presentation = AlarmPresentation(
            alert: .init(title: .init(title), secondaryButton: repeatButton, secondaryButtonBehavior: repeatAfter == nil ? nil : .countdown),
            countdown: .init(title: .init(title), pauseButton: AlarmButton(text: .init(texts.pause), textColor: .white, systemImageName: "pause.fill")),
            paused: .init(title: .init(texts.pausedTitle(title)), resumeButton: AlarmButton(text: .init(texts.resume), textColor: .white, systemImageName: "play.fill")))
        return AlarmRecord(
            id: id, appID: appID, schedule: nil, countdownDuration: .init(preAlert: seconds, postAlert: repeatAfter),
            presentation: presentation, sound: sound, phase: .scheduled(fireDate: Date()))
    }
}
