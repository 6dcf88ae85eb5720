import FoundationEssentials

/// The live state of an alarm's presentation: alerting, counting down or paused.
public struct AlarmPresentationState: Codable, Hashable, Sendable {
    public var alarmID: UUID
    public var mode: Mode

    public init(alarmID: UUID, mode: Mode) {
        self.alarmID = alarmID
        self.mode = mode
    }

    public enum Mode: Codable, Hashable, Sendable {
        case alert(Alert)
        case countdown(Countdown)
        case paused(Paused)

        public struct Alert: Codable, Hashable, Sendable {
            /// The wall-clock time the alarm alerts at.
            public var time: Alarm.Schedule.Relative.Time

            public init(time: Alarm.Schedule.Relative.Time) { self.time = time }
        }

        public struct Countdown: Codable, Hashable, Sendable {
            public var totalCountdownDuration: TimeInterval
            public var previouslyElapsedDuration: TimeInterval
            /// When this stretch of counting down started (the latest start or resume).
            public var startDate: Date
            public var fireDate: Date

            public init(
                totalCountdownDuration: TimeInterval, previouslyElapsedDuration: TimeInterval,
                startDate: Date, fireDate: Date
            ) {
                self.totalCountdownDuration = totalCountdownDuration
                self.previouslyElapsedDuration = previouslyElapsedDuration
                self.startDate = startDate
                self.fireDate = fireDate
            }
        }

        public struct Paused: Codable, Hashable, Sendable {
            public var totalCountdownDuration: TimeInterval
            public var previouslyElapsedDuration: TimeInterval

            public init(totalCountdownDuration: TimeInterval, previouslyElapsedDuration: TimeInterval) {
                self.totalCountdownDuration = totalCountdownDuration
                self.previouslyElapsedDuration = previouslyElapsedDuration
            }
        }
    }
}
