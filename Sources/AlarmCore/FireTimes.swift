import FoundationEssentials
import AlarmModel

/// The fires of one schedule after an instant, lazily, each strictly after the one before.
/// A one-shot schedule (`.fixed`, `.relative(repeats: .never)`) yields at most one.
public struct FireTimes: Sequence, IteratorProtocol, Sendable {
    private let calendar: FireTimeCalendar
    private let schedule: Alarm.Schedule
    private var last: Date
    private var exhausted = false
    private var span: LocalTimeResolver.SteadySpan?

    init(calendar: FireTimeCalendar, schedule: Alarm.Schedule, after instant: Date) {
        self.calendar = calendar
        self.schedule = schedule
        self.last = instant
    }

    public mutating func next() -> Date? {
        guard !exhausted, let fire = nextFire() else {
            exhausted = true
            return nil
        }
        last = fire
        if !schedule.firesRepeatedly { exhausted = true }
        return fire
    }

    private mutating func nextFire() -> Date? {
        guard case .relative(let relative) = schedule else { return calendar.nextFire(of: schedule, after: last) }
        return calendar.nextFire(of: relative, after: last, span: &span)
    }
}

extension Alarm.Schedule {
    /// Whether the schedule fires more than once.
    var firesRepeatedly: Bool {
        if case .relative(let relative) = self, case .weekly(let days) = relative.repeats {
            return !days.isEmpty
        }
        return false
    }
}
