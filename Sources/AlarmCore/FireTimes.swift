import Foundation
import OpenAlarmKit

/// The fires of one schedule after an instant, lazily, each strictly after the one before.
/// A one-shot schedule (`.fixed`, `.relative(repeats: .never)`) yields at most one.
public struct FireTimes: Sequence, IteratorProtocol, Sendable {
    private let calendar: FireTimeCalendar
    private let schedule: Alarm.Schedule
    private var last: Date
    private var exhausted = false

    init(calendar: FireTimeCalendar, schedule: Alarm.Schedule, after instant: Date) {
        self.calendar = calendar
        self.schedule = schedule
        self.last = instant
    }

    public mutating func next() -> Date? {
        guard !exhausted, let fire = calendar.nextFire(of: schedule, after: last) else {
            exhausted = true
            return nil
        }
        last = fire
        if !schedule.firesRepeatedly { exhausted = true }
        return fire
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
