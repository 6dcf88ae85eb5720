import AlarmClient

extension AlarmManager {
    /// Everything needed to schedule an alarm or a timer.
    public struct AlarmConfiguration<Metadata: AlarmMetadata>: Sendable {
        public var countdownDuration: Alarm.CountdownDuration?
        public var schedule: Alarm.Schedule?
        public var attributes: AlarmAttributes<Metadata>
        public var stopIntent: (any LiveActivityIntent)?
        public var secondaryIntent: (any LiveActivityIntent)?
        public var sound: AlertConfiguration.AlertSound

        public init(
            countdownDuration: Alarm.CountdownDuration? = nil, schedule: Alarm.Schedule? = nil,
            attributes: AlarmAttributes<Metadata>, stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) {
            self.countdownDuration = countdownDuration
            self.schedule = schedule
            self.attributes = attributes
            self.stopIntent = stopIntent
            self.secondaryIntent = secondaryIntent
            self.sound = sound
        }

        /// An alarm that alerts on `schedule`.
        public static func alarm(
            schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> Self {
            Self(
                schedule: schedule, attributes: attributes, stopIntent: stopIntent,
                secondaryIntent: secondaryIntent, sound: sound)
        }

        /// A countdown of `duration` seconds that alerts when it ends.
        public static func timer(
            duration: TimeInterval, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> Self {
            Self(
                countdownDuration: .init(preAlert: duration, postAlert: nil),
                attributes: attributes, stopIntent: stopIntent,
                secondaryIntent: secondaryIntent, sound: sound)
        }
    }
}
