import FoundationEssentials
import AlarmModel

extension AlarmRecord {
    /// When a snoozed alarm rings again; nil when it is not snoozed. A snooze is a countdown
    /// that is not the countdown before one of its schedule's dates (`--countdown 10m`): that
    /// one ends on a date the schedule selects, a snooze at the moment Snooze was pressed plus
    /// its length. A timer (no schedule) counting down is a timer, whatever made it count.
    /// `calendar`: the wall clock the schedule follows (the record's zone, else the machine's).
    package func snoozedUntil(calendar: FireTimeCalendar) -> Date? {
        guard case .countdown(_, let fire, _, _) = phase, schedule != nil else { return nil }
        guard countdownDuration?.preAlert != nil else { return fire }
        return nextFire(after: fire.addingTimeInterval(-1), on: calendar) == fire ? nil : fire
    }
}
