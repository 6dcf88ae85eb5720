import AlarmModel
import AlarmCore
import FoundationEssentials

/// One event (a VEVENT and the VEVENTs with its UID and a RECURRENCE-ID) to an alarm, or the
/// reason it cannot be one (docs/ICALENDAR.md, the mapping).
///
/// Our own alarms come back as the AlarmKit schedules they were (`EventReader+AlarmKit`), and
/// so does another program's event that happens once with one reminder; everything else keeps
/// the event's own schedule (`CalendarSchedule`: its rule, dates, changed occurrences and every
/// reminder), whose fire times AlarmCore computes.
struct EventReader {
    let zones: ZoneLookup
    let now: Date
    /// The calendar's zone for floating times (X-WR-TIMEZONE, as Google writes it); nil: the
    /// machine's.
    var calendarZone: (name: String, rules: ZoneRules)?

    /// A value that does not parse is damage, not something we cannot represent: the whole
    /// file is refused, with the line.
    static func checkSyntax(_ event: ICalComponent) throws(ICalendarError) {
        let dated = ["DTSTART", "DTEND", "DUE", "LAST-MODIFIED", "DTSTAMP", "CREATED", "RECURRENCE-ID"]
        for property in event.properties where dated.contains(property.name) {
            guard ICalDateTime(property.value) != nil else { throw ICalendarError(line: property.line, "\(property.name) '\(String(property.value.prefix(40)))' is not a date (YYYYMMDD or YYYYMMDDTHHMMSS[Z])") }
        }
        for property in event.properties where property.name == "EXDATE" || property.name == "RDATE" {
            for item in property.value.split(separator: ",") where ICalDateTime(String(item.split(separator: "/").first ?? item)) == nil {
                throw ICalendarError(line: property.line, "\(property.name) '\(String(item.prefix(40)))' is not a date (YYYYMMDD or YYYYMMDDTHHMMSS[Z])")
            }
        }
        if let duration = event.first("DURATION"), CalendarDuration(text: duration.value) == nil {
            throw ICalendarError(line: duration.line, "DURATION '\(String(duration.value.prefix(40)))' is not a duration of 100 years or less (e.g. PT1H)")
        }
        if let sequence = event.first("SEQUENCE"), Int(sequence.value) == nil {
            throw ICalendarError(line: sequence.line, "SEQUENCE '\(String(sequence.value.prefix(40)))' is not a number")
        }
        for alarm in event.components("VALARM") {
            if let trigger = alarm.first("TRIGGER") {
                let ok = trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" ? ICalDateTime(trigger.value)?.isUTC == true : CalendarDuration(text: trigger.value) != nil
                guard ok else { throw ICalendarError(line: trigger.line, "TRIGGER '\(String(trigger.value.prefix(40)))' is neither a duration of 100 years or less (-PT10M) nor a UTC date-time") }
            }
            if let acknowledged = alarm.first("ACKNOWLEDGED"), ICalDateTime(acknowledged.value) == nil {
                throw ICalendarError(line: acknowledged.line, "ACKNOWLEDGED '\(String(acknowledged.value.prefix(40)))' is not a date-time")
            }
        }
    }

    /// Why an event gives no alarm (`EventRefusal`, worded by the clients), the real reason
    /// first ("all-day event without a reminder").
    struct Refusal: Error {
        var reason: EventRefusal
        init(_ reason: EventRefusal) { self.reason = reason }
    }

    /// `event` (a VEVENT or a VTODO: one path, the component says which), and `changes`: the
    /// components of the same UID that change one occurrence each.
    func read(_ event: ICalComponent, changes: [ICalComponent] = [], resolver: inout ZoneResolver) -> EventResult {
        let uid = event.first("UID").map { ICalText.unescape($0.value) }
        let summary = event.first("SUMMARY").map { ICalText.unescape($0.value) }
        do {
            return .alarm(try alarm(event, changes: changes, uid: uid, summary: summary, resolver: &resolver))
        } catch {
            return .refused(RefusedEvent(uid: uid, summary: summary, line: event.line, reason: error.reason, start: start(of: event, resolver: &resolver)))
        }
    }

    /// When the event starts, as it says, for a person to recognise it in a list of refusals.
    func start(of event: ICalComponent, resolver: inout ZoneResolver) -> EventTime? {
        guard let property = event.startLine, let value = ICalDateTime(property.value) else { return nil }
        let minute = value.secondOfDay.map { $0 / 60 }
        var zone: String?
        if value.isUTC {
            zone = "UTC"
        } else if minute != nil {
            zone = property.parameter("TZID").map { resolver.resolve($0) ?? $0 } ?? calendarZone?.name
        }
        return EventTime(date: value.date, minuteOfDay: minute, zone: zone)
    }

    /// The event's zone: a TZID we resolve, UTC (`Z`), the calendar's (X-WR-TIMEZONE), or
    /// none (floating: the machine's).
    struct EventZone {
        var name: String?
        var rules: ZoneRules
    }

    private func alarm(_ event: ICalComponent, changes: [ICalComponent], uid: String?, summary: String?, resolver: inout ZoneResolver) throws(Refusal) -> ImportedEvent {
        // What the event is comes first (cancelled, no reminder, ended), then what an alarm
        // here cannot follow.
        if event.first("STATUS")?.value.uppercased() == "CANCELLED" { throw Refusal(.cancelled) }
        if event.isCompletedTask { throw Refusal(.completed) }
        var event = event
        if event.isTask, event.startLine == nil {
            // A task with neither DTSTART nor DUE rings only at set instants: they are its
            // start. A reminder before it has nothing to be before.
            let triggers = Self.ringingAlarms(event).compactMap { $0.first("TRIGGER") }
            if !triggers.isEmpty {
                guard let first = triggers.first(where: { $0.parameter("VALUE")?.uppercased() == "DATE-TIME" }),
                      triggers.allSatisfy({ $0.parameter("VALUE")?.uppercased() == "DATE-TIME" }) else { throw Refusal(.taskWithoutDates) }
                event.properties.append(ContentLine(name: "DTSTART", parameters: [], value: first.value, line: first.line))
            }
        }
        guard let start = event.startLine, let dtstart = ICalDateTime(start.value) else {
            throw Refusal(event.isTask ? Self.silentReason(event, allDay: false) : .noStart)
        }
        let allDay = dtstart.secondOfDay == nil || start.parameter("VALUE")?.uppercased() == "DATE"
        let valarms = Self.ringingAlarms(event)
        guard let valarm = valarms.first else { throw Refusal(Self.silentReason(event, allDay: allDay)) }
        try Self.checkCounts(event, changes: changes, valarms: valarms)
        let ours = Dictionary(event.properties.filter { $0.name.hasPrefix("X-OPENALARMKIT-") }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Our own event that rings no more (a one-off that rang, a series that ended) is read
        // back as it was written, turned off: refused, it would look deleted on the server to
        // a machine that did not press Stop, and be lost to an import or a machine that joins
        // later. Another program's stays refused: a person's old calendar must not flood the
        // list.
        let ownEvent = OurProperties.isOwnEvent(ours)
        var ended: EventRefusal?
        if let day = Self.endedByUntil(event, changes: changes, valarms: valarms, now: now) {
            guard ownEvent else { throw Refusal(.ended(day)) }
            ended = .ended(day)
        }
        guard let uid, !uid.isEmpty else { throw Refusal(.noUID) }

        let zone = try eventZone(start, dtstart, event: event, allDay: allDay, resolver: &resolver)
        let sound = OurProperties.sound(valarms.first { $0.first("ACTION")?.value.uppercased() == "AUDIO" }?.first("ATTACH")?.value)
        let location = event.first("LOCATION").map { ICalText.unescape($0.value) }

        var record: AlarmRecord
        var passed: EventRefusal?
        if let schedule = try alarmKitSchedule(event, changes: changes, dtstart: dtstart, allDay: allDay, valarms: valarms, zone: zone, ours: ours,
                                               keepingPassed: ownEvent, passed: &passed) {
            record = OurProperties.record(ours, title: summary ?? "Alarm", schedule: schedule, sound: sound)
            if let passed, case .fixed(let instant) = schedule {
                // Off since it rang, unless the event says when it was turned off.
                ended = ended ?? passed
                record.disabledAt = record.disabledAt ?? instant
            }
            record.timeZone = zone.name
            if ours.isEmpty, case .fixed(let instant) = schedule {
                // Someone else's event (none of our properties): its popup says where and when it
                // starts; a task's, when it is due (DUE, or DTSTART + DURATION).
                let due = event.isTask ? length(of: event, start: dtstart, rules: zone.rules) ?? 0 : 0
                let startsAfter = dtstart.instant(in: zone.rules).addingTimeInterval(Double(due)).timeIntervalSince(instant)
                record.metadata = EventReminder(location: location, startsAfter: startsAfter, task: event.isTask).metadata
            }
        } else {
            // A schedule's wall times need a zone: a UTC start keeps UTC's.
            let zone = EventZone(name: zone.name ?? (dtstart.isUTC && !allDay ? "UTC" : nil), rules: zone.rules)
            let schedule = try calendarSchedule(event, changes: changes, dtstart: dtstart, allDay: allDay, valarms: valarms, zone: zone, resolver: &resolver)
            record = OurProperties.record(ours, title: summary ?? "Alarm", schedule: nil, sound: sound)
            record.calendar = schedule
            record.timeZone = zone.name
            if ours.isEmpty {
                // Each occurrence starts when its schedule says: the popup asks it (`startsFromSchedule`).
                record.metadata = EventReminder(location: location, startsFromSchedule: true, task: event.isTask).metadata
            }
            do { try checkRings(record, event: event, zone: zone) } catch {
                guard ownEvent else { throw error }
                ended = ended ?? error.reason
            }
            if ended != nil { record.disabledAt = record.disabledAt ?? now }
        }
        // Our own alarms' UIDs are their ids as we write them; any other UID (a lowercase
        // UUID from Thunderbird included) is kept as it is, for re-import and sync to match.
        if let id = UUID(uuidString: uid), id.uuidString == uid {
            record.id = id
        } else {
            record.calendarUID = uid
        }
        do { try AlarmBounds.checkRequest(record) } catch { throw Refusal(.outOfBounds(error.description)) }

        let alarmUID = valarm.first("UID").map { ICalText.unescape($0.value) }
        let snooze = event.components("VALARM").first { other in
            other.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" && ICalText.unescape($0.value) == alarmUID }
        }
        return ImportedEvent(
            record: record, uid: uid, sequence: event.first("SEQUENCE").flatMap { Int($0.value) },
            lastModified: event.first("LAST-MODIFIED").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) },
            alarmUID: alarmUID,
            // A Stop acknowledges every reminder (ForeignEvent.write); another client may mark
            // only the one it showed: the latest mark of any is when the person last answered.
            acknowledged: valarms.compactMap { $0.first("ACKNOWLEDGED").flatMap { ICalDateTime($0.value) }?.instant(in: .utc) }.max(),
            snoozedUntil: snooze?.first("TRIGGER").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) },
            ended: ended.map { RefusedEvent(uid: uid, summary: summary, line: event.line, reason: $0, start: self.start(of: event, resolver: &resolver)) },
            line: event.line)
    }

    /// The lists AlarmBounds caps (reminders, EXDATE and RDATE values, changed occurrences),
    /// counted before any work that grows with them: a calendar's 100,000 reminders or dates
    /// are refused in the time it takes to count them, in the words the full check uses.
    static func checkCounts(_ event: ICalComponent, changes: [ICalComponent], valarms: [ICalComponent]) throws(Refusal) {
        func values(_ name: String) -> Int { event.all(name).reduce(0) { $0 + $1.value.utf8.count(where: { $0 == UInt8(ascii: ",") }) + 1 } }
        do {
            try AlarmBounds.checkCalendarCounts(alerts: valarms.count, exclusions: values("EXDATE"), additions: values("RDATE"), overrides: changes.count)
        } catch {
            throw Refusal(.outOfBounds(error.description))
        }
    }

    /// The VALARMs that ring: DISPLAY and AUDIO (not e-mail, not Apple's `ACTION:NONE`
    /// placeholder, not an RFC 9074 snooze, which the sync reads), with a TRIGGER.
    static func ringingAlarms(_ component: ICalComponent) -> [ICalComponent] {
        component.components("VALARM").filter(rings)
    }

    static func rings(_ alarm: ICalComponent) -> Bool {
        !alarm.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }
            && ["AUDIO", "DISPLAY"].contains(alarm.first("ACTION")?.value.uppercased() ?? "")
            && alarm.first("TRIGGER") != nil
    }

    /// Why an event without a ringing VALARM gives no alarm. ACTION:NONE is Apple's "no
    /// alert": no reminder, not an e-mail.
    static func silentReason(_ event: ICalComponent, allDay: Bool) -> EventRefusal {
        let actions = event.components("VALARM").filter { !$0.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" } }
            .map { $0.first("ACTION")?.value.uppercased() ?? "" }
        if actions.contains("EMAIL") { return .emailOnly }
        if actions.contains(where: { ["AUDIO", "DISPLAY"].contains($0) }) { return .noTrigger }
        return allDay ? .allDayWithoutReminder : .noReminder
    }

    private func eventZone(_ start: ContentLine, _ dtstart: ICalDateTime, event: ICalComponent, allDay: Bool, resolver: inout ZoneResolver) throws(Refusal) -> EventZone {
        // An all-day event floats: its dates are the same days wherever the machine is.
        if allDay { return EventZone(name: nil, rules: zones.machine) }
        if dtstart.isUTC {
            // A repeating or clock-time event in UTC keeps UTC's wall clock; a one-off is an
            // instant, and needs no zone.
            let wallClock = event.first("RRULE") != nil || event.first("RDATE") != nil || event.first("X-OPENALARMKIT-SCHEDULE") != nil
            return EventZone(name: wallClock ? "UTC" : nil, rules: .utc)
        }
        if let tzid = start.parameter("TZID") {
            guard let name = resolver.resolve(tzid), let found = zones.rules(name) else { throw Refusal(.unknownZone(tzid)) }
            return EventZone(name: name, rules: found)
        }
        // Floating: the calendar's zone when it names one (Google), else the machine's, like
        // our own alarms.
        if let calendarZone { return EventZone(name: calendarZone.name, rules: calendarZone.rules) }
        return EventZone(name: nil, rules: zones.machine)
    }

    /// A calendar schedule that rings no more: say when it ended, or when it was.
    private func checkRings(_ record: AlarmRecord, event: ICalComponent, zone: EventZone) throws(Refusal) {
        guard let schedule = record.calendar else { return }
        let fires = CalendarFires(schedule: schedule, calendar: FireTimeCalendar(timeZone: zone.rules), floating: zone.name == nil)
        guard fires.nextFire(after: now) == nil, !Self.snoozedBeyond(now, event) else { return }
        let last = fires.lastOccurrence(before: now) ?? schedule.start
        let day = LocalDate(year: last.year, month: last.month, day: last.day)
        if schedule.rule != nil { throw Refusal(.ended(day)) }
        // An event that happens once (and its added dates): when its last reminder rang.
        var lastFire: Date?
        let earliest = LocalDate(year: AlarmBounds.calendarYears.lowerBound - 1, month: 1, day: 1).dayNumber * 86_400
        for fire in fires.fires(after: Date(timeIntervalSince1970: Double(earliest))) { lastFire = fire }
        guard let lastFire else { throw Refusal(.passed(EventTime(date: day))) }
        let local = ICalDateTime.local(lastFire, in: zone.rules)
        throw Refusal(.passed(EventTime(date: local.date, minuteOfDay: (local.secondOfDay ?? 0) / 60, zone: zone.name)))
    }

    /// A one-shot alarm snoozed on some machine (RFC 9074) is still on after its time.
    static func snoozedBeyond(_ now: Date, _ event: ICalComponent) -> Bool {
        event.components("VALARM").contains { alarm in
            alarm.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }
                && alarm.first("TRIGGER").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) > now } == true
        }
    }

    /// The day a series ended, when its UNTIL has surely passed and nothing but its rule gives
    /// occurrences (no RDATE, no changed occurrence, no reminder at a fixed instant): a local
    /// or date UNTIL in any zone (at most 14 hours from UTC) ended by the end of its day
    /// there. Told before anything an alarm here could not follow; `checkRings` finds the
    /// other ends (COUNT, the last date left).
    static func endedByUntil(_ event: ICalComponent, changes: [ICalComponent], valarms: [ICalComponent], now: Date) -> LocalDate? {
        guard changes.isEmpty, event.first("RDATE") == nil,
              !valarms.contains(where: { $0.first("TRIGGER")?.parameter("VALUE")?.uppercased() == "DATE-TIME" }),
              let until = event.first("RRULE").map({ RecurrenceRule($0.value) })?.parts["UNTIL"].flatMap(ICalDateTime.init)
        else { return nil }
        if until.isUTC { return until.instant(in: .utc) < now ? until.date : nil }
        let endOfDay = until.secondOfDay == nil ? 86_400 : 0
        return until.instant(in: .utc).addingTimeInterval(Double(endOfDay + 14 * 3600)) < now ? until.date : nil
    }
}
