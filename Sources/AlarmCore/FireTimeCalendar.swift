import FoundationEssentials
import AlarmModel

/// When alarms fire, in one time zone, by the time policy (docs/TIME.md, "DST"):
/// - `.fixed` is an instant and never moves;
/// - `.relative` fires at its wall-clock time on each selected nominal local date, at most
///   once a date: in a DST gap shifted forward by the gap's length, in an overlap at the
///   first occurrence; the weekday is that of the nominal date;
/// - fires are strictly after the reference instant, so walking `nextFire` from each fire
///   never yields the same instant twice (Apia's 2011-12-30 and -31 share one instant).
///
/// Built on UTC offsets from `ZoneRules` (the system's TZif data, no ICU), not
/// `Calendar.nextDate(after:matching:)` (wrong on Linux around 30-minute, 2-hour and midnight
/// transitions), nor per-date `DateComponents` (slow).
public struct FireTimeCalendar: Sendable {
    public var timeZone: ZoneRules

    public init(timeZone: ZoneRules) { self.timeZone = timeZone }

    /// The first instant strictly after `instant` at which `schedule` fires; nil if never again.
    ///
    /// `.relative(repeats: .never)` answers the next occurrence of its time (the caller
    /// fires it once); `.weekly([])` and times outside 00:00-23:59 never fire.
    public func nextFire(of schedule: Alarm.Schedule, after instant: Date) -> Date? {
        switch schedule {
        case .fixed(let date):
            return date > instant ? date : nil
        case .relative(let relative):
            var span: LocalTimeResolver.SteadySpan?
            return nextFire(of: relative, after: instant, span: &span)
        }
    }

    /// Every fire after `instant`, in order: one at most for `.fixed` and
    /// `.relative(repeats: .never)`, endless for a weekly schedule.
    public func fires(of schedule: Alarm.Schedule, after instant: Date) -> FireTimes {
        FireTimes(calendar: self, schedule: schedule, after: instant)
    }

    /// The instant the policy gives a nominal local date and time (gap: shifted forward,
    /// overlap: first occurrence). Used for specs like `2026-06-09 09:41` and `tomorrow 7:00`.
    /// Fields out of range roll over (hour 24 is the next day's 00:00); years are expected
    /// within a few thousand of today, as `LocalDate`'s arithmetic is plain `Int`.
    public func instant(of date: LocalDate, hour: Int, minute: Int, second: Int = 0) -> Date {
        let local = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(resolver.instant(ofLocal: local)))
    }

    /// The local date `instant` falls on in this zone.
    public func localDate(of instant: Date) -> LocalDate {
        LocalDate(dayNumber: floorDivide(localSeconds(of: instant), 86_400))
    }

    // MARK: - Relative schedules

    private var resolver: LocalTimeResolver { LocalTimeResolver(timeZone: timeZone) }

    /// Instants this far from 1970 (about year ±33,000) are refused rather than risk
    /// overflowing `Int` conversions; no alarm lives there.
    static let supportedSeconds = 1e12

    /// `span` carries the zone's current stretch of constant offset from one call to the
    /// next, so a walk through successive fires (`FireTimes`) rarely asks the zone again.
    func nextFire(of relative: Alarm.Schedule.Relative, after instant: Date,
                  span: inout LocalTimeResolver.SteadySpan?) -> Date? {
        let (hour, minute) = (relative.time.hour, relative.time.minute)
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let selectedDays = WeekdaySet(relative.repeats)
        guard !selectedDays.isEmpty else { return nil }
        let after = instant.timeIntervalSince1970
        guard after.isFinite, abs(after) < Self.supportedSeconds else { return nil }

        let resolver = self.resolver
        let timeOfDay = hour * 3600 + minute * 60
        let localNow: Int
        if let known = span, known.contains(after) {
            localNow = Int(after.rounded(.down)) + known.offset
        } else {
            localNow = localSeconds(of: instant)
        }
        // Start a day early: a time shifted across midnight by a gap (Apia lost a whole day)
        // can land after `instant` though its nominal date is before today's.
        let firstDay = floorDivide(localNow, 86_400) - 1
        let needed = firstDay * 86_400 - LocalTimeResolver.reach
        if span.map({ !$0.contains(Double(needed)) }) ?? true {
            span = resolver.steadySpan(from: needed)
        }
        let steady = span!
        // A week, plus the day before, plus one more for a date lost to a gap.
        for day in firstDay..<(firstDay + 10) where selectedDays.contains(dayNumber: day) {
            let fire = resolver.instant(ofLocal: day * 86_400 + timeOfDay, within: steady)
            if Double(fire) > after { return Date(timeIntervalSince1970: Double(fire)) }
        }
        return nil
    }

    /// Seconds since 1970-01-01 00:00 on this zone's wall clock (fractions dropped).
    func localSeconds(of instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < Self.supportedSeconds else { return 0 }
        return Int(seconds.rounded(.down)) + timeZone.secondsFromGMT(at: Int(seconds.rounded(.down)))
    }
}

/// The selected weekdays as a bit mask (bit 0 = Sunday), so the per-date test is a shift.
struct WeekdaySet {
    private var bits: UInt8

    init(_ recurrence: Alarm.Schedule.Relative.Recurrence) {
        switch recurrence {
        case .never:
            bits = 0x7F
        case .weekly(let days):
            bits = days.reduce(0) { mask, day in
                mask | (1 << UInt8(LocalDate.weekdaysSundayFirst.firstIndex(of: day) ?? 0))
            }
        }
    }

    var isEmpty: Bool { bits == 0 }

    func contains(dayNumber: Int) -> Bool {
        bits & (1 << UInt8(LocalDate.weekdayIndex(ofDayNumber: dayNumber))) != 0
    }
}
