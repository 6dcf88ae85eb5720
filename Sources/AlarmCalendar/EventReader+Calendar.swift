import AlarmModel
import AlarmCore
import FoundationEssentials

/// An event as a calendar schedule (`CalendarSchedule`): DTSTART as a wall time in the
/// event's zone (a date for an all-day event), its length, its RRULE, its EXDATEs and RDATEs
/// (each read in its own zone and moved to the event's wall clock), the VEVENTs that change
/// one occurrence (RECURRENCE-ID), and every reminder that rings.
extension EventReader {
    func calendarSchedule(_ event: ICalComponent, changes: [ICalComponent], dtstart: ICalDateTime, allDay: Bool,
                          valarms: [ICalComponent], zone: EventZone, resolver: inout ZoneResolver) throws(Refusal) -> CalendarSchedule {
        let start = Self.value(dtstart, allDay: allDay)
        let rules = event.all("RRULE")
        guard rules.count <= 1 else { throw Refusal(.unsupportedRepeat(.severalRules(rules.count))) }
        if event.first("EXRULE") != nil { throw Refusal(.unsupportedRepeat(.exclusionRule)) }
        var rule: AlarmModel.RecurrenceRule?
        if let text = rules.first?.value {
            do throws(AlarmModel.RecurrenceRule.Unsupported) { rule = try AlarmModel.RecurrenceRule(text: text) } catch { throw Refusal(Self.refusal(error)) }
        }
        var schedule = CalendarSchedule(start: start, duration: try duration(of: event, start: dtstart, allDay: allDay, zone: zone, resolver: &resolver),
                                        rule: rule, alerts: try valarms.map(alert))
        schedule.exclusions = try dates(event.all("EXDATE"), allDay: allDay, zone: zone, resolver: &resolver)
        schedule.additions = try dates(event.all("RDATE"), allDay: allDay, zone: zone, resolver: &resolver)
        for change in changes.sorted(by: { $0.line < $1.line }) {
            // One outside the years an alarm can ring in cannot matter.
            if let override = try override(change, master: event, start: start, allDay: allDay, zone: zone, resolver: &resolver) {
                schedule.overrides.append(override)
            }
        }
        return schedule
    }

    /// A VEVENT with RECURRENCE-ID: the occurrence it changes, and how.
    private func override(_ change: ICalComponent, master: ICalComponent, start: CalendarDateTime, allDay: Bool,
                          zone: EventZone, resolver: inout ZoneResolver) throws(Refusal) -> CalendarOverride? {
        let id = change.first("RECURRENCE-ID")!
        if id.parameter("RANGE")?.uppercased() == "THISANDFUTURE" {
            throw Refusal(.unsupportedRepeat(.thisAndFuture))
        }
        guard let occurrence = try dates([id], allDay: allDay, zone: zone, resolver: &resolver).first else { return nil }
        var override = CalendarOverride(occurrence: occurrence)
        // One occurrence of a recurring task done (or cancelled) rings no more.
        override.cancelled = change.first("STATUS")?.value.uppercased() == "CANCELLED" || change.isCompletedTask
        if let line = change.startLine {
            guard let moved = try dates([line], allDay: allDay, zone: zone, resolver: &resolver).first else { return nil }
            if moved != occurrence { override.start = moved }
        }
        if let changeStart = change.startLine.flatMap({ ICalDateTime($0.value) }) {
            override.duration = try duration(of: change, start: changeStart, allDay: allDay, zone: zone, resolver: &resolver)
        }
        let masterTitle = master.first("SUMMARY").map { ICalText.unescape($0.value) }
        if let title = change.first("SUMMARY").map({ ICalText.unescape($0.value) }), title != masterTitle {
            override.title = title
        }
        override.alerts = try Self.ringingAlarms(change).map(alert)
        return override
    }

    /// A VALARM as a reminder: its TRIGGER (relative to the start or the end, or an instant),
    /// REPEAT and DURATION, and its UID.
    private func alert(_ valarm: ICalComponent) throws(Refusal) -> CalendarAlert {
        let trigger = valarm.first("TRIGGER")!
        var alert = CalendarAlert()
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
            alert.trigger = .absolute(ICalDateTime(trigger.value)!.instant(in: .utc))
        } else {
            let offset = CalendarDuration(text: trigger.value)!  // checkSyntax has read it
            alert.trigger = trigger.parameter("RELATED")?.uppercased() == "END" ? .end(offset) : .start(offset)
        }
        // RFC 5545: REPEAT and DURATION come together; one alone is ignored, as clients do.
        if let count = valarm.first("REPEAT").flatMap({ Int($0.value) }), count > 0,
           let every = valarm.first("DURATION").flatMap({ CalendarDuration(text: $0.value) }) {
            alert.repeatCount = count
            alert.repeatInterval = every
        }
        alert.uid = valarm.first("UID").map { ICalText.unescape($0.value) }
        return alert
    }

    /// DURATION as written, else DTEND (a task's DUE) - DTSTART: days for an all-day event,
    /// exact seconds otherwise; nil without either (a task that has only a DUE starts there:
    /// no length).
    private func duration(of event: ICalComponent, start: ICalDateTime, allDay: Bool, zone: EventZone, resolver: inout ZoneResolver) throws(Refusal) -> CalendarDuration? {
        if let text = event.first("DURATION")?.value { return CalendarDuration(text: text) }
        guard let endLine = event.first(event.endName), let end = ICalDateTime(endLine.value) else { return nil }
        if allDay { return CalendarDuration(days: end.date.dayNumber - start.date.dayNumber) }
        let endInstant = try instant(end, line: endLine, zone: zone, resolver: &resolver)
        let startInstant = start.isUTC ? start.instant(in: .utc) : start.instant(in: zone.rules)
        return CalendarDuration(seconds: Int(clampingFinite: endInstant.timeIntervalSince(startInstant)))
    }

    /// EXDATE, RDATE or RECURRENCE-ID values (comma lists, any number of lines) on the
    /// event's wall clock: a UTC value or one in another zone is moved to it; dates stay dates.
    /// An RDATE period (`start/end`) is its start. A value outside the years an alarm can ring
    /// in (`AlarmBounds.calendarYears`) cannot matter and is passed over.
    func dates(_ lines: [ContentLine], allDay: Bool, zone: EventZone, resolver: inout ZoneResolver) throws(Refusal) -> [CalendarDateTime] {
        var values: [CalendarDateTime] = []
        var seen: Set<CalendarDateTime> = []
        for line in lines {
            for item in line.value.split(separator: ",") {
                guard let value = ICalDateTime(String(item.split(separator: "/").first ?? item)) else { continue }
                let converted: CalendarDateTime
                if value.secondOfDay == nil || line.parameter("VALUE")?.uppercased() == "DATE" {
                    converted = CalendarDateTime(year: value.date.year, month: value.date.month, day: value.date.day)
                } else if allDay {
                    // A date-time against an all-day event: its date.
                    converted = CalendarDateTime(year: value.date.year, month: value.date.month, day: value.date.day)
                } else if value.isUTC || (line.parameter("TZID").map { resolver.resolve($0) != zone.name } ?? false) {
                    let local = ICalDateTime.local(try instant(value, line: line, zone: zone, resolver: &resolver), in: zone.rules)
                    converted = Self.value(local, allDay: false)
                } else {
                    converted = Self.value(value, allDay: false)
                }
                if AlarmBounds.calendarYears.contains(converted.year), seen.insert(converted).inserted { values.append(converted) }
            }
        }
        return values
    }

    /// The instant of a value in its own zone (TZID, `Z`), else the event's.
    private func instant(_ value: ICalDateTime, line: ContentLine, zone: EventZone, resolver: inout ZoneResolver) throws(Refusal) -> Date {
        if value.isUTC { return value.instant(in: .utc) }
        if let tzid = line.parameter("TZID") {
            guard let name = resolver.resolve(tzid), let rules = zones.rules(name) else { throw Refusal(.unknownZone(tzid)) }
            return value.instant(in: rules)
        }
        return value.instant(in: zone.rules)
    }

    /// A rule this program cannot follow (more often than daily, numbered weeks or days of the
    /// year), or one that breaks RFC 5545 (damage, in the rule's own English words).
    static func refusal(_ error: AlarmModel.RecurrenceRule.Unsupported) -> EventRefusal {
        switch error.kind {
        case .frequency(let frequency): .unsupportedRepeat(.frequency(frequency.lowercased()))
        case .part(let part): .unsupportedRepeat(.rulePart(part))
        case .invalid: .damaged(error.reason)
        }
    }

    static func value(_ value: ICalDateTime, allDay: Bool) -> CalendarDateTime {
        CalendarDateTime(year: value.date.year, month: value.date.month, day: value.date.day, secondOfDay: allDay ? nil : value.secondOfDay)
    }
}
