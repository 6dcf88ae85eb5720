/// What a person sees of an alarm in each of its states.
public struct AlarmPresentation: Codable, Hashable, Sendable {
    public var alert: Alert
    public var countdown: Countdown?
    public var paused: Paused?

    public init(alert: Alert, countdown: Countdown? = nil, paused: Paused? = nil) {
        self.alert = alert
        self.countdown = countdown
        self.paused = paused
    }

    public struct Alert: Codable, Hashable, Sendable {
        public var title: LocalizedStringResource
        public var stopButton: AlarmButton
        public var secondaryButton: AlarmButton?
        public var secondaryButtonBehavior: SecondaryButtonBehavior?

        public static let defaultStopButton = AlarmButton(
            text: "Stop", textColor: .white, systemImageName: "stop.circle")

        public init(
            title: LocalizedStringResource, secondaryButton: AlarmButton? = nil,
            secondaryButtonBehavior: SecondaryButtonBehavior? = nil
        ) {
            self.init(
                title: title, stopButton: Self.defaultStopButton, secondaryButton: secondaryButton,
                secondaryButtonBehavior: secondaryButtonBehavior)
        }

        /// AlarmKit's first form, with an explicit Stop button.
        public init(
            title: LocalizedStringResource, stopButton: AlarmButton,
            secondaryButton: AlarmButton? = nil,
            secondaryButtonBehavior: SecondaryButtonBehavior? = nil
        ) {
            self.title = title
            self.stopButton = stopButton
            self.secondaryButton = secondaryButton
            self.secondaryButtonBehavior = secondaryButtonBehavior
        }

        public enum SecondaryButtonBehavior: String, Codable, Hashable, Sendable {
            /// The secondary button snoozes or repeats: the alarm counts down `postAlert` again.
            case countdown
            /// The secondary button runs the app's secondary intent and ends the alert.
            case custom
        }
    }

    public struct Countdown: Codable, Hashable, Sendable {
        public var title: LocalizedStringResource
        public var pauseButton: AlarmButton?

        public init(title: LocalizedStringResource, pauseButton: AlarmButton? = nil) {
            self.title = title
            self.pauseButton = pauseButton
        }
    }

    public struct Paused: Codable, Hashable, Sendable {
        public var title: LocalizedStringResource
        public var resumeButton: AlarmButton

        public init(title: LocalizedStringResource, resumeButton: AlarmButton) {
            self.title = title
            self.resumeButton = resumeButton
        }
    }
}
