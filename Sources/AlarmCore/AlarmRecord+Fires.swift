import FoundationEssentials
import AlarmModel

extension AlarmRecord {
    /// An event's fire times on `calendar` (the wall clock of the record's zone, else the
    /// machine's; floating without a zone of its own); nil for AlarmKit's schedules and timers.
    package func calendarFires(on calendar: FireTimeCalendar) -> CalendarFires? {
        guard let schedule = self.calendar else { return nil }
        return CalendarFires(schedule: schedule, calendar: calendar, floating: timeZone == nil)
    }

    /// The first instant strictly after `instant` at which the schedule rings on `calendar`:
    /// an event's (`CalendarFires`) or AlarmKit's (`FireTimeCalendar`); nil if never again.
    /// `Lifecycle.nextFire(of:after:)` is the entry that picks the calendar.
    package func nextFire(after instant: Date, on calendar: FireTimeCalendar) -> Date? {
        if let fires = calendarFires(on: calendar) { return fires.nextFire(after: instant) }
        return schedule.flatMap { calendar.nextFire(of: $0, after: instant) }
    }
}
