import FoundationEssentials

/// A schedule as calendars write it: one event (one iCalendar UID, one CalDAV resource, one
/// alarm) with its start, its repeat rule, the dates it leaves out and adds, the occurrences
/// changed one by one, and every reminder. The alarm rings at each reminder of each
/// occurrence: the merged, strictly increasing instants AlarmCore computes (`CalendarFires`).
///
/// Wall times are in the alarm's zone (`AlarmRecord.timeZone`); an all-day event's start is a
/// date and floats with the machine's zone. docs/TIME.md has the rules, docs/ICALENDAR.md
/// the mapping.
package struct CalendarSchedule: Hashable, Sendable, Codable {
    /// DTSTART: the first occurrence (it always is one, RFC 5545), a wall time or a date.
    package var start: CalendarDateTime
    /// The event's length (DTEND - DTSTART, or DURATION), for reminders related to its end.
    package var duration: CalendarDuration?
    /// RRULE; nil for an event that happens once (plus its `additions`).
    package var rule: RecurrenceRule?
    /// EXDATE: occurrences left out (a date alone leaves out that day's). Past ones are harmless.
    package var exclusions: [CalendarDateTime]
    /// RDATE: occurrences added, at their own wall time.
    package var additions: [CalendarDateTime]
    /// RECURRENCE-ID: occurrences moved, retitled or cancelled.
    package var overrides: [CalendarOverride]
    /// Every ringing VALARM (DISPLAY and AUDIO) of the event, in the event's order.
    package var alerts: [CalendarAlert]

    package init(start: CalendarDateTime, duration: CalendarDuration? = nil, rule: RecurrenceRule? = nil,
                 exclusions: [CalendarDateTime] = [], additions: [CalendarDateTime] = [],
                 overrides: [CalendarOverride] = [], alerts: [CalendarAlert] = [CalendarAlert()]) {
        self.start = start
        self.duration = duration
        self.rule = rule
        self.exclusions = exclusions
        self.additions = additions
        self.overrides = overrides
        self.alerts = alerts
    }

    /// An all-day event: its dates float with the machine's zone.
    package var isAllDay: Bool { start.isDate }

    /// Whether it may ring more than once (so Stop moves on rather than ends it).
    package var mayRingAgain: Bool {
        if rule != nil || !additions.isEmpty || !overrides.isEmpty { return true }
        return alerts.reduce(0) { $0 + 1 + max($1.repeatCount, 0) } > 1
    }

    /// The AlarmKit-shaped view (`Alarm.schedule`, for apps and older code paths): the wall
    /// time of the first reminder of an occurrence, weekly on the rule's days where the rule
    /// is plainly daily or weekly, else once. Fire times never come from it.
    package var alarmKitSchedule: Alarm.Schedule {
        let startSecond = start.secondOfDay ?? 0
        var offset = 0
        if case .start(let shift)? = alerts.first?.trigger { offset = shift.approximateSeconds }
        if case .end(let shift)? = alerts.first?.trigger { offset = shift.approximateSeconds + (duration?.approximateSeconds ?? 0) }
        let total = startSecond + offset
        let dayShift = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let second = total - dayShift * 86_400
        let time = Alarm.Schedule.Relative.Time(hour: second / 3600, minute: second / 60 % 60)
        guard let rule, rule.interval == 1, rule.count == nil, rule.until == nil, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty,
              rule.bySetPosition.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == 0 }), alerts.count == 1,
              rule.frequency == .daily || rule.frequency == .weekly
        else { return .relative(.init(time: time, repeats: .never)) }
        let startWeekday = Self.weekdayIndex(year: start.year, month: start.month, day: start.day)
        let indices = rule.byDay.isEmpty ? (rule.frequency == .daily ? Array(0...6) : [startWeekday]) : rule.byDay.map(\.weekday)
        var days: [Locale.Weekday] = []
        for index in indices {
            let day = Self.weekdays[((index + dayShift) % 7 + 7) % 7]
            if !days.contains(day) { days.append(day) }
        }
        return .relative(.init(time: time, repeats: .weekly(days)))
    }

    static let weekdays: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// 0 = Sunday (Zeller-free: days since 1970-01-01, a Thursday).
    package static func weekdayIndex(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days + 4) % 7 + 7) % 7
    }

    // Empty lists and absent values are not written, so a schedule's JSON holds what it has.
    private enum CodingKeys: String, CodingKey { case start, duration, rule, exclusions, additions, overrides, alerts }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(CalendarDateTime.self, forKey: .start)
        duration = try container.decodeIfPresent(CalendarDuration.self, forKey: .duration)
        rule = try container.decodeIfPresent(RecurrenceRule.self, forKey: .rule)
        exclusions = try container.decodeIfPresent([CalendarDateTime].self, forKey: .exclusions) ?? []
        additions = try container.decodeIfPresent([CalendarDateTime].self, forKey: .additions) ?? []
        overrides = try container.decodeIfPresent([CalendarOverride].self, forKey: .overrides) ?? []
        alerts = try container.decodeIfPresent([CalendarAlert].self, forKey: .alerts) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(rule, forKey: .rule)
        if !exclusions.isEmpty { try container.encode(exclusions, forKey: .exclusions) }
        if !additions.isEmpty { try container.encode(additions, forKey: .additions) }
        if !overrides.isEmpty { try container.encode(overrides, forKey: .overrides) }
        if !alerts.isEmpty { try container.encode(alerts, forKey: .alerts) }
    }
}

/// One reminder (a VALARM with ACTION:DISPLAY or AUDIO): when it rings relative to each
/// occurrence's start or end, or at one instant; REPEAT more times, DURATION apart.
package struct CalendarAlert: Hashable, Sendable, Codable {
    package enum Trigger: Hashable, Sendable {
        /// TRIGGER (RELATED=START, the default): this long after the start (negative: before).
        case start(CalendarDuration)
        /// TRIGGER;RELATED=END: this long after the occurrence's end.
        case end(CalendarDuration)
        /// TRIGGER;VALUE=DATE-TIME: once, at this instant, whatever the occurrences.
        case absolute(Date)
    }

    package var trigger: Trigger
    /// REPEAT: how many more times after the first.
    package var repeatCount: Int
    /// DURATION: the time between repeats.
    package var repeatInterval: CalendarDuration?
    /// The VALARM's UID (RFC 9074): the sync acknowledges this reminder by it.
    package var uid: String?

    package init(trigger: Trigger = .start(.zero), repeatCount: Int = 0, repeatInterval: CalendarDuration? = nil, uid: String? = nil) {
        self.trigger = trigger
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.uid = uid
    }

    // `{"trigger":"-PT15M"}`, `{"related":"end","trigger":"PT0S"}`, `{"at":1767600000}`, with
    // `repeat` and `every` for REPEAT and DURATION and `uid`, each only when set.
    private enum CodingKeys: String, CodingKey { case at, every, related, `repeat`, trigger, uid }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let at = try container.decodeIfPresent(Date.self, forKey: .at) {
            trigger = .absolute(at)
        } else {
            let shift = try container.decode(CalendarDuration.self, forKey: .trigger)
            let related = try container.decodeIfPresent(String.self, forKey: .related)
            switch related {
            case nil: trigger = .start(shift)
            case "end": trigger = .end(shift)
            default: throw DecodingError.dataCorruptedError(forKey: .related, in: container, debugDescription: "expected \"end\"")
            }
        }
        repeatCount = try container.decodeIfPresent(Int.self, forKey: .repeat) ?? 0
        repeatInterval = try container.decodeIfPresent(CalendarDuration.self, forKey: .every)
        uid = try container.decodeIfPresent(String.self, forKey: .uid)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch trigger {
        case .absolute(let instant): try container.encode(instant, forKey: .at)
        case .start(let shift): try container.encode(shift, forKey: .trigger)
        case .end(let shift):
            try container.encode("end", forKey: .related)
            try container.encode(shift, forKey: .trigger)
        }
        if repeatCount != 0 { try container.encode(repeatCount, forKey: .repeat) }
        try container.encodeIfPresent(repeatInterval, forKey: .every)
        try container.encodeIfPresent(uid, forKey: .uid)
    }
}

/// One occurrence changed by itself (a VEVENT with RECURRENCE-ID): moved, retitled, given
/// other reminders, or cancelled. RFC 5545: the changed occurrence is described whole, so its
/// reminders are its own (none: it does not ring).
package struct CalendarOverride: Hashable, Sendable, Codable {
    /// RECURRENCE-ID: the occurrence's original start.
    package var occurrence: CalendarDateTime
    /// Its DTSTART, when moved.
    package var start: CalendarDateTime?
    package var duration: CalendarDuration?
    /// Its SUMMARY, when it differs from the event's.
    package var title: String?
    /// STATUS:CANCELLED: this occurrence does not happen.
    package var cancelled: Bool
    package var alerts: [CalendarAlert]

    package init(occurrence: CalendarDateTime, start: CalendarDateTime? = nil, duration: CalendarDuration? = nil,
                 title: String? = nil, cancelled: Bool = false, alerts: [CalendarAlert] = []) {
        self.occurrence = occurrence
        self.start = start
        self.duration = duration
        self.title = title
        self.cancelled = cancelled
        self.alerts = alerts
    }

    private enum CodingKeys: String, CodingKey { case alerts, cancelled, duration, occurrence, start, title }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        occurrence = try container.decode(CalendarDateTime.self, forKey: .occurrence)
        start = try container.decodeIfPresent(CalendarDateTime.self, forKey: .start)
        duration = try container.decodeIfPresent(CalendarDuration.self, forKey: .duration)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        cancelled = try container.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false
        alerts = try container.decodeIfPresent([CalendarAlert].self, forKey: .alerts) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !alerts.isEmpty { try container.encode(alerts, forKey: .alerts) }
        if cancelled { try container.encode(true, forKey: .cancelled) }
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encode(occurrence, forKey: .occurrence)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(title, forKey: .title)
    }
}
