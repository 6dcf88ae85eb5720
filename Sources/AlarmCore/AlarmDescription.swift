import AlarmModel
import FoundationEssentials

/// What a person is told about an alarm, as values: what it does next (rings, counts down,
/// snoozed, paused, ringing, off), how it repeats (AlarmKit's schedules and an event's rules,
/// `CalendarRepeat`), the time it rings on this machine's clock and, for an alarm that keeps an
/// event's zone, on that zone's, what it skips, how long it counts down and snoozes, which app
/// made it. alarmctl and the window word it in one place (AlarmWords), so they say the same. A
/// new kind of schedule or state is a new case here and its words there.
package struct AlarmDescription: Hashable, Sendable {
    /// What it does next.
    package enum Next: Hashable, Sendable {
        /// Turned off (`disable`): it rings again once turned on.
        case off
        /// A one-off with a date, kept off after that date passed: on again needs a new date.
        case offPastItsDate(Date)
        /// Waits to ring at this instant.
        case rings(Date)
        /// Counts down to this instant (a timer, the countdown before an alarm's date).
        case countsDown(to: Date)
        /// Snoozed: counts down to ring again at this instant (not the countdown before a date).
        case snoozed(until: Date)
        /// A countdown paused with this much left.
        case paused(left: TimeInterval)
        /// Rings now, since this instant.
        case ringing(since: Date)
    }

    /// How it repeats.
    package enum Repeat: Hashable, Sendable {
        /// No schedule: a countdown (`alarmctl timer`, an app's timer).
        case timer
        /// A time of day that rings once.
        case once
        /// Once, at this instant (an alarm with a date).
        case onDate(Date)
        /// A time of day on these days, Monday first.
        case weekly([Locale.Weekday])
        /// An event's schedule (an import, a calendar, `alarmctl add every 2 weeks …`).
        case calendar(CalendarRepeat)
    }

    /// A time of day on some zone's clock.
    package struct ClockTime: Hashable, Sendable {
        package var hour: Int
        package var minute: Int

        package init(hour: Int, minute: Int) {
            self.hour = hour
            self.minute = minute
        }
    }

    /// The zone an alarm keeps (an imported event's `TZID`) when it is not this machine's, and
    /// the time it rings on that zone's clock.
    package struct OwnZone: Hashable, Sendable {
        package var name: String
        package var time: ClockTime
    }

    package var next: Next
    package var repeats: Repeat
    /// The time of day it rings on this machine's clock (for an alarm that keeps another zone,
    /// or an event whose reminders ring at several times, its next ring's); nil for a timer.
    package var localTime: ClockTime?
    package var ownZone: OwnZone?
    /// The occurrence `skip` passes over, while it is still ahead.
    package var skipping: Date?
    /// Counts down this long before it rings (AlarmKit's `preAlert`).
    package var countdownBefore: TimeInterval?
    /// A snooze lasts this long (`postAlert`).
    package var snooze: TimeInterval?
    /// The app that scheduled it ("alarmctl", an app's id, `calendar:<name>`).
    package var app: String

    /// Monday first, as schedules are sent (a list of days is worded from the locale's first
    /// day of the week).
    package static let week: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// - Parameters:
    ///   - zone: this machine's zone.
    ///   - rules: the rules of a zone an alarm keeps, by name (the caller reads them: the core
    ///     reads no file); nil for a zone the system does not know.
    package init(_ record: AlarmRecord, now: Date, zone: ZoneRules, rules: (String) -> ZoneRules?) {
        let ownRules = record.timeZone.flatMap { $0 == zone.identifier ? nil : rules($0) }
        // The wall clock its schedule follows: its own zone's, else this machine's.
        let scheduleClock = FireTimeCalendar(timeZone: ownRules ?? zone)
        let off = record.disabledAt != nil
        let instant: Date?
        switch record.phase {
        case .scheduled(let fire):
            instant = fire
            next = .rings(fire)
        case .countdown(_, let fire, _, _):
            instant = fire
            next = record.snoozedUntil(calendar: scheduleClock).map { .snoozed(until: $0) } ?? .countsDown(to: fire)
        case .paused(let total, let elapsed):
            instant = nil
            next = .paused(left: max(total - elapsed, 0))
        case .alerting(let since, let firedFor):
            instant = firedFor
            next = .ringing(since: since)
        }
        if off {
            if case .fixed(let date) = record.schedule, record.calendar == nil, date <= now { next = .offPastItsDate(date) } else { next = .off }
        }

        var scheduled: ClockTime?
        if let calendar = record.calendar {
            repeats = .calendar(CalendarRepeat(calendar))
        } else {
            switch record.schedule {
            case nil:
                repeats = .timer
            case .fixed(let date):
                repeats = .onDate(date)
            case .relative(let relative):
                scheduled = ClockTime(hour: relative.time.hour, minute: relative.time.minute)
                if case .weekly(let days) = relative.repeats, !days.isEmpty {
                    repeats = .weekly(Self.week.filter(days.contains))
                } else {
                    repeats = .once
                }
            }
        }

        if record.calendar != nil {
            // An event's reminders may ring at several times: the next one's, on this clock.
            localTime = instant.map { Self.clockTime(of: $0, in: zone) }
            if localTime == nil, case .relative(let relative) = record.schedule {
                localTime = ClockTime(hour: relative.time.hour, minute: relative.time.minute)
            }
        } else {
            switch record.schedule {
            case nil: localTime = nil
            case .fixed(let date): localTime = Self.clockTime(of: date, in: zone)
            case .relative:
                // On this machine's clock the schedule's time, unless it keeps another zone's:
                // then the time its next ring reads here.
                localTime = ownRules == nil ? scheduled : instant.map { Self.clockTime(of: $0, in: zone) } ?? scheduled
            }
        }
        if let name = record.timeZone, let ownRules {
            let time = instant.map { Self.clockTime(of: $0, in: ownRules) } ?? scheduled
            ownZone = time.map { OwnZone(name: name, time: $0) }
        }
        if !off, let skipped = record.skippedFire, skipped > now { skipping = skipped }
        countdownBefore = record.countdownDuration?.preAlert
        snooze = record.countdownDuration?.postAlert
        app = record.appID
    }

    /// Whether it is on (not turned off).
    package var isOn: Bool {
        switch next {
        case .off, .offPastItsDate: false
        default: true
        }
    }

    /// The time of day `instant` reads on the clock of `zone`.
    package static func clockTime(of instant: Date, in zone: ZoneRules) -> ClockTime {
        let raw = instant.timeIntervalSince1970
        let seconds = raw.isFinite && abs(raw) < 1e12 ? Int(raw.rounded(.down)) : 0
        let local = seconds + zone.secondsFromGMT(at: seconds)
        let second = (local % 86_400 + 86_400) % 86_400
        return ClockTime(hour: second / 3600, minute: second / 60 % 60)
    }
}
