import AlarmModel
import FoundationEssentials

/// What a person is told about an alarm, as values: when it rings next (on this machine's
/// clock and, for an alarm that keeps an event's zone, on that zone's), how it repeats, what
/// it skips, how long it counts down and snoozes, which app made it. alarmctl and the window
/// word it in one place (AlarmWords), so they say the same. A new kind of schedule or state is
/// a new case here and its words there.
package struct AlarmDescription: Hashable, Sendable {
    /// What it does next.
    package enum Next: Hashable, Sendable {
        /// Turned off (`disable`): it rings again once turned on.
        case off
        /// Waits to ring at this instant.
        case rings(Date)
        /// Counts down to this instant (a timer, a countdown before the alarm, a snooze).
        case countsDown(to: Date)
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
    /// its next ring's); nil for a timer.
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

    /// Monday first, as people read a week here and as schedules are sent.
    package static let week: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// - Parameters:
    ///   - zone: this machine's zone.
    ///   - rules: the rules of a zone an alarm keeps, by name (the caller reads them: the core
    ///     reads no file); nil for a zone the system does not know.
    package init(_ record: AlarmRecord, now: Date, zone: ZoneRules, rules: (String) -> ZoneRules?) {
        let instant: Date?
        switch record.phase {
        case .scheduled(let fire):
            instant = fire
            next = record.disabledAt != nil ? .off : .rings(fire)
        case .countdown(_, let fire, _, _):
            instant = fire
            next = record.disabledAt != nil ? .off : .countsDown(to: fire)
        case .paused(let total, let elapsed):
            instant = nil
            next = record.disabledAt != nil ? .off : .paused(left: max(total - elapsed, 0))
        case .alerting(let since, let firedFor):
            instant = firedFor
            next = record.disabledAt != nil ? .off : .ringing(since: since)
        }

        var scheduled: ClockTime?
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

        let ownRules = record.timeZone.flatMap { $0 == zone.identifier ? nil : rules($0) }
        switch record.schedule {
        case nil: localTime = nil
        case .fixed(let date): localTime = Self.clockTime(of: date, in: zone)
        case .relative:
            // On this machine's clock the schedule's time, unless it keeps another zone's: then
            // the time its next ring reads here.
            localTime = ownRules == nil ? scheduled : instant.map { Self.clockTime(of: $0, in: zone) } ?? scheduled
        }
        if let name = record.timeZone, let ownRules {
            let time = instant.map { Self.clockTime(of: $0, in: ownRules) } ?? scheduled
            ownZone = time.map { OwnZone(name: name, time: $0) }
        }
        if record.disabledAt == nil, let skipped = record.skippedFire, skipped > now { skipping = skipped }
        countdownBefore = record.countdownDuration?.preAlert
        snooze = record.countdownDuration?.postAlert
        app = record.appID
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
