import FoundationEssentials
import AlarmModel

/// When an event's schedule rings (`CalendarSchedule`): every reminder of every occurrence,
/// merged into one strictly increasing set of instants (two reminders at one instant ring
/// once). Occurrences are DTSTART and the rule's dates (`RuleDates`) up to UNTIL or COUNT,
/// plus RDATEs, less EXDATEs; a RECURRENCE-ID override replaces its occurrence (moved,
/// retitled, its own reminders, or cancelled).
///
/// Wall times become instants in the alarm's zone by the time policy of docs/TIME.md (a gap shifts
/// forward by its length, an overlap takes the first). A reminder's offset follows RFC 5545
/// §3.3.6: days and weeks are nominal (the wall clock moves by whole days), hours, minutes
/// and seconds exact (elapsed time). A floating event (no zone: all-day events, and timed ones
/// without TZID) is the same wall clock anywhere, so its offsets move the wall clock, and the
/// result is read in the machine's zone: an all-day birthday's `-PT15H` rings at 09:00 the day
/// before, whatever that day's DST change.
///
/// The next fire is found without walking the series: the rule jumps to the period of the
/// instant asked about (a COUNT still counts from the start), and only the occurrences whose
/// reminders can reach that instant are looked at.
package struct CalendarFires: Sendable {
    package let schedule: CalendarSchedule
    package let calendar: FireTimeCalendar
    /// No zone of its own: offsets move the wall clock (see above).
    package let floating: Bool

    package init(schedule: CalendarSchedule, calendar: FireTimeCalendar, floating: Bool) {
        self.schedule = schedule
        self.calendar = calendar
        self.floating = floating
        var after = 0, before = 0
        for alert in schedule.alerts + schedule.overrides.flatMap(\.alerts) {
            guard let span = Self.span(of: alert, duration: schedule.duration, allDay: schedule.isAllDay) else { continue }
            after = max(after, span.upperBound)
            before = max(before, -span.lowerBound)
        }
        for override in schedule.overrides {
            for alert in override.alerts {
                guard let span = Self.span(of: alert, duration: override.duration, allDay: schedule.isAllDay) else { continue }
                after = max(after, span.upperBound)
            }
        }
        // Two days of slack: a day's length may differ from 24 h by a DST change or a lost
        // date (Apia), and a nominal day is resolved on the wall clock.
        reachAfter = after + 2 * 86_400
        reachBefore = before + 2 * 86_400
    }

    /// How far after (before) an occurrence's start its reminders may ring, in seconds.
    private let reachAfter: Int
    private let reachBefore: Int

    /// The first instant strictly after `instant` at which a reminder rings; nil if none does.
    package func nextFire(after instant: Date) -> Date? {
        let after = instant.timeIntervalSince1970
        guard after.isFinite, abs(after) < FireTimeCalendar.supportedSeconds else { return nil }
        var best: Double?
        func consider(_ fire: Double) {
            if fire > after, best.map({ fire < $0 }) ?? true { best = fire }
        }
        for fire in absoluteFires() { consider(fire.instant) }
        // Without a reminder relative to the occurrences only the overrides' can ring.
        let masterRings = schedule.alerts.contains { if case .absolute = $0.trigger { false } else { true } }
        var occurrences = Occurrences(fires: self, fromLocal: localSeconds(after) - reachAfter)
        while let occurrence = occurrences.next() {
            if !masterRings, occurrence.override == nil {
                if occurrences.extrasDone { break }
                continue
            }
            if let best, Double(occurrence.startLocal - reachBefore) - 86_400 > best + Double(calendar.timeZone.secondsFromGMT(at: Int(best))) { break }
            for fire in relativeFires(of: occurrence) { consider(fire.instant) }
        }
        return best.map { Date(timeIntervalSince1970: $0) }
    }

    /// Every fire after `instant`, in order.
    package func fires(after instant: Date) -> AnyIterator<Date> {
        var last = instant
        return AnyIterator {
            guard let next = nextFire(after: last) else { return nil }
            last = next
            return next
        }
    }

    /// Which reminders of which occurrences ring at `instant` (a fire of this schedule): what
    /// the sync acknowledges (RFC 9074, the VALARM's UID) and the title a moved or retitled
    /// occurrence rings with. Empty if nothing rings then.
    package func sources(at instant: Date) -> [FireSource] {
        let target = instant.timeIntervalSince1970
        guard target.isFinite, abs(target) < FireTimeCalendar.supportedSeconds else { return [] }
        var found = absoluteFires().filter { $0.instant == target }.map(\.source)
        let local = localSeconds(target)
        var occurrences = Occurrences(fires: self, fromLocal: local - reachAfter)
        while let occurrence = occurrences.next(), occurrence.startLocal <= local + reachBefore {
            found += relativeFires(of: occurrence).filter { $0.instant == target }.map(\.source)
        }
        return found
    }

    /// The last occurrence's start, for a series that ends (COUNT, UNTIL) or an event that
    /// happens once: what a refusal says ("ended on 2025-07-01"). Nil for an endless series.
    package func lastOccurrence(before limit: Date) -> CalendarDateTime? {
        if let rule = schedule.rule, rule.count == nil, rule.until == nil { return nil }
        var occurrences = Occurrences(fires: self, fromLocal: Int.min / 4)
        var last: Occurrence?
        let end = localSeconds(limit.timeIntervalSince1970)
        while let occurrence = occurrences.next(), occurrence.startLocal <= end { last = occurrence }
        return last.map { schedule.start.isDate ? $0.id.date : $0.id }
    }

    // MARK: Occurrences

    /// One occurrence: its RECURRENCE-ID (the original start), its start on the wall clock
    /// (seconds since 1970-01-01 00:00 local), and what rings for it.
    struct Occurrence {
        var id: CalendarDateTime
        var startLocal: Int
        var duration: CalendarDuration?
        var alerts: [CalendarAlert]
        var override: Int?
    }

    /// Occurrences from a wall time on, in order of start: the rule's (or DTSTART alone),
    /// RDATEs and moved overrides merged; EXDATEs, cancelled and moved ones left out.
    struct Occurrences: IteratorProtocol {
        let fires: CalendarFires
        private var rule: RuleDates?
        private var ruleDone = false
        private var nextRuleLocal: Int?
        private var extras: [(local: Int, id: CalendarDateTime, override: Int?)]
        private var extraIndex = 0
        private var lastLocal = Int.min
        private var untilLocal: Int?
        private var untilInstant: Double?

        init(fires: CalendarFires, fromLocal: Int) {
            self.fires = fires
            let schedule = fires.schedule
            let start = schedule.start
            let startDate = LocalDate(year: start.year, month: start.month, day: start.day)
            if let rule = schedule.rule {
                let fromDay = floorDivide(max(fromLocal, Int.min / 4), 86_400) - 1
                self.rule = RuleDates(rule: rule, start: startDate, from: max(fromDay, startDate.dayNumber - 1))
                if let until = rule.until {
                    if until.isUTC {
                        untilInstant = Double(LocalDate(year: until.year, month: until.month, day: until.day).dayNumber * 86_400 + (until.secondOfDay ?? 0))
                    } else {
                        untilLocal = LocalDate(year: until.year, month: until.month, day: until.day).dayNumber * 86_400 + (until.secondOfDay ?? 86_399)
                    }
                }
            } else {
                rule = nil
            }
            // RDATEs and moved overrides: few, sorted once per query.
            var extras: [(local: Int, id: CalendarDateTime, override: Int?)] = []
            for addition in schedule.additions { extras.append((CalendarFires.local(addition, default: start), addition, nil)) }
            for (index, override) in schedule.overrides.enumerated() where !override.cancelled {
                extras.append((CalendarFires.local(override.start ?? override.occurrence, default: start), override.occurrence, index))
            }
            extras.sort { ($0.local, $0.override ?? -1) < ($1.local, $1.override ?? -1) }
            self.extras = extras
            while extraIndex < extras.count, extras[extraIndex].local < fromLocal { extraIndex += 1 }
            if schedule.rule == nil {
                let local = CalendarFires.local(start, default: start)
                nextRuleLocal = local >= fromLocal ? local : nil
                ruleDone = true
            }
            lastLocal = fromLocal - 1
        }

        /// No RDATE or override is left to give.
        var extrasDone: Bool { extraIndex >= extras.count }

        mutating func next() -> Occurrence? {
            while true {
                if nextRuleLocal == nil, !ruleDone { advanceRule() }
                let ruleLocal = nextRuleLocal
                let extraLocal = extraIndex < extras.count ? extras[extraIndex].local : nil
                let candidate: (local: Int, id: CalendarDateTime, override: Int?)
                if let ruleLocal, extraLocal.map({ ruleLocal <= $0 }) ?? true {
                    nextRuleLocal = nil
                    candidate = (ruleLocal, fires.wallTime(ofLocal: ruleLocal), nil)
                } else if extraLocal != nil {
                    candidate = extras[extraIndex]
                    extraIndex += 1
                } else {
                    return nil
                }
                guard let occurrence = fires.occurrence(candidate.id, local: candidate.local, override: candidate.override) else { continue }
                // A date given twice (an RDATE on a rule date) is one occurrence.
                if occurrence.startLocal == lastLocal, candidate.override == nil { continue }
                lastLocal = occurrence.startLocal
                return occurrence
            }
        }

        private mutating func advanceRule() {
            guard var dates = rule, let day = dates.next() else {
                ruleDone = true
                return
            }
            rule = dates
            let local = day * 86_400 + (fires.schedule.start.secondOfDay ?? 0)
            if let untilLocal, local > untilLocal { ruleDone = true; return }
            if let untilInstant, fires.resolve(local) > untilInstant { ruleDone = true; return }
            nextRuleLocal = local
        }
    }

    /// The occurrence `id` at `local`, unless left out: an EXDATE, an override's original
    /// (it is given by the override), a cancelled one.
    func occurrence(_ id: CalendarDateTime, local: Int, override: Int?) -> Occurrence? {
        if let override {
            let changed = schedule.overrides[override]
            return Occurrence(id: id, startLocal: local, duration: changed.duration ?? schedule.duration, alerts: changed.alerts, override: override)
        }
        if schedule.exclusions.contains(where: { $0 == id || ($0.isDate && $0.year == id.year && $0.month == id.month && $0.day == id.day) }) { return nil }
        if schedule.overrides.contains(where: { $0.occurrence == id || ($0.occurrence.isDate != id.isDate && $0.occurrence.date == id.date) }) { return nil }
        return Occurrence(id: id, startLocal: local, duration: schedule.duration, alerts: schedule.alerts, override: nil)
    }

    // MARK: Reminders

    package struct FireSource: Hashable, Sendable {
        /// The occurrence's RECURRENCE-ID (its original start); nil for a reminder at a fixed instant.
        package var occurrence: CalendarDateTime?
        /// The reminder's index in the event's (or the override's) alerts, and which of its repeats.
        package var alert: Int
        package var repetition: Int
        /// The override's index in `CalendarSchedule.overrides`, when the occurrence was changed.
        package var override: Int?
        /// The VALARM's UID, when it has one.
        package var alertUID: String?
        /// When the occurrence starts (where it was moved to); nil for a reminder at a fixed
        /// instant. A popup says it: "Starts at 14:00".
        package var start: Date?
    }

    private struct Fire {
        var instant: Double
        var source: FireSource
    }

    /// The reminders at fixed instants (TRIGGER;VALUE=DATE-TIME): each rings once.
    private func absoluteFires() -> [Fire] {
        var fires: [Fire] = []
        func add(_ alerts: [CalendarAlert], override: Int?, occurrence: CalendarDateTime?) {
            for (index, alert) in alerts.enumerated() {
                guard case .absolute(let at) = alert.trigger, at.timeIntervalSince1970.isFinite else { continue }
                var point = Point(local: localSeconds(at.timeIntervalSince1970.rounded(.down)), instant: at.timeIntervalSince1970.rounded(.down))
                for repetition in 0...max(alert.repeatCount, 0) {
                    if repetition > 0 { point = shift(point, by: alert.repeatInterval ?? .zero) }
                    fires.append(Fire(instant: point.instant, source: FireSource(occurrence: occurrence, alert: index, repetition: repetition, override: override, alertUID: alert.uid)))
                }
            }
        }
        add(schedule.alerts, override: nil, occurrence: nil)
        for (index, override) in schedule.overrides.enumerated() where !override.cancelled {
            add(override.alerts, override: index, occurrence: override.occurrence)
        }
        return fires
    }

    private func relativeFires(of occurrence: Occurrence) -> [Fire] {
        var fires: [Fire] = []
        let start = Point(local: occurrence.startLocal, instant: resolve(occurrence.startLocal))
        for (index, alert) in occurrence.alerts.enumerated() {
            var point: Point
            switch alert.trigger {
            case .absolute: continue
            case .start(let offset): point = shift(start, by: offset)
            case .end(let offset):
                let length = occurrence.duration ?? (schedule.isAllDay ? CalendarDuration(days: 1) : .zero)
                point = shift(shift(start, by: length), by: offset)
            }
            for repetition in 0...max(alert.repeatCount, 0) {
                if repetition > 0 { point = shift(point, by: alert.repeatInterval ?? .zero) }
                fires.append(Fire(instant: point.instant, source: FireSource(
                    occurrence: occurrence.id, alert: index, repetition: repetition, override: occurrence.override, alertUID: alert.uid,
                    start: Date(timeIntervalSince1970: start.instant))))
            }
        }
        return fires
    }

    /// A moment both as a wall time and as an instant (they differ from `resolve` after an
    /// exact shift into an overlap's second hour).
    private struct Point {
        var local: Int
        var instant: Double
    }

    /// RFC 5545 §3.3.6 (see the type's comment): nominal days on the wall clock, exact
    /// seconds elapsed; floating events move the wall clock by both.
    private func shift(_ point: Point, by duration: CalendarDuration) -> Point {
        if floating {
            let local = point.local + duration.days * 86_400 + duration.seconds
            return Point(local: local, instant: resolve(local))
        }
        var moved = point
        if duration.days != 0 {
            moved.local += duration.days * 86_400
            moved.instant = resolve(moved.local)
        }
        if duration.seconds != 0 {
            moved.instant += Double(duration.seconds)
            moved.local = localSeconds(moved.instant)
        }
        return moved
    }

    // MARK: Wall clock

    /// The instant of a wall time, by the policy (gap: forward by its length; overlap: first).
    func resolve(_ local: Int) -> Double {
        Double(LocalTimeResolver(timeZone: calendar.timeZone).instant(ofLocal: local))
    }

    private func localSeconds(_ instant: Double) -> Int {
        let whole = Int(instant.rounded(.down))
        return whole + calendar.timeZone.secondsFromGMT(at: whole)
    }

    /// Seconds since 1970-01-01 00:00 on the wall clock of a date or date-time (a date is its
    /// midnight; `default` gives its time when a date stands for a timed event's occurrence).
    static func local(_ value: CalendarDateTime, default start: CalendarDateTime) -> Int {
        let day = LocalDate(year: value.year, month: value.month, day: value.day).dayNumber
        return day * 86_400 + (value.secondOfDay ?? (start.isDate ? 0 : start.secondOfDay ?? 0))
    }

    /// The RECURRENCE-ID of a rule occurrence at `local`: a date for an all-day event.
    func wallTime(ofLocal local: Int) -> CalendarDateTime {
        let day = floorDivide(local, 86_400)
        let date = LocalDate(dayNumber: day)
        return CalendarDateTime(year: date.year, month: date.month, day: date.day,
                                secondOfDay: schedule.start.isDate ? nil : local - day * 86_400)
    }

    /// The least and greatest offset (seconds, approximate) of a reminder's rings from its
    /// occurrence's start; nil for one at a fixed instant.
    private static func span(of alert: CalendarAlert, duration: CalendarDuration?, allDay: Bool) -> ClosedRange<Int>? {
        let base: Int
        switch alert.trigger {
        case .absolute: return nil
        case .start(let offset): base = offset.approximateSeconds
        case .end(let offset): base = offset.approximateSeconds + (duration ?? (allDay ? CalendarDuration(days: 1) : .zero)).approximateSeconds
        }
        let last = base + max(alert.repeatCount, 0) * (alert.repeatInterval?.approximateSeconds ?? 0)
        return min(base, last)...max(base, last)
    }
}
