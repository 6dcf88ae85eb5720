import FoundationEssentials

/// An alarm that alerts once or on a repeating schedule, or a countdown timer.
///
/// Mirrors AlarmKit's `Alarm`: the daemon owns the alarm, this is a snapshot of it.
public struct Alarm: Identifiable, Codable, Hashable, Sendable {
    public typealias ID = UUID

    public var id: UUID
    /// When the alarm alerts. `nil` for a timer, which starts counting down at once.
    public var schedule: Schedule?
    /// The countdown before the alert (`preAlert`) and after a snooze or repeat (`postAlert`).
    public var countdownDuration: CountdownDuration?
    public var state: State

    public init(id: UUID, schedule: Schedule?, countdownDuration: CountdownDuration?, state: State) {
        self.id = id
        self.schedule = schedule
        self.countdownDuration = countdownDuration
        self.state = state
    }

    public enum State: String, Codable, Hashable, Sendable, CaseIterable {
        case scheduled, countdown, paused, alerting
    }

    public enum Schedule: Codable, Hashable, Sendable {
        /// An instant; it never moves, whatever the time zone does.
        case fixed(Date)
        /// A wall-clock time in the machine's current time zone, once or on chosen weekdays.
        case relative(Relative)

        public struct Relative: Codable, Hashable, Sendable {
            public var time: Time
            public var repeats: Recurrence

            public init(time: Time, repeats: Recurrence = .never) {
                self.time = time
                self.repeats = repeats
            }

            public struct Time: Codable, Hashable, Sendable {
                public var hour: Int
                public var minute: Int

                public init(hour: Int, minute: Int) {
                    self.hour = hour
                    self.minute = minute
                }
            }

            public enum Recurrence: Codable, Hashable, Sendable {
                /// The next occurrence of the time, once.
                case never
                /// Every selected weekday. An empty list means never.
                case weekly([Locale.Weekday])
            }
        }
    }

    public struct CountdownDuration: Codable, Hashable, Sendable {
        /// The countdown before the alarm first alerts (a timer's duration).
        public var preAlert: TimeInterval?
        /// The countdown after a snooze or repeat; `nil` means "use `preAlert`".
        public var postAlert: TimeInterval?

        public init(preAlert: TimeInterval?, postAlert: TimeInterval?) {
            self.preAlert = preAlert
            self.postAlert = postAlert
        }
    }
}
