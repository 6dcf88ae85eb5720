import AlarmModel
import AlarmCore
import FoundationEssentials

/// One VEVENT to an alarm, or the reason it cannot be one (docs/ICALENDAR.md, the mapping).
struct EventReader {
    let zones: ZoneLookup
    let now: Date
    /// The calendar's zone for floating times (X-WR-TIMEZONE, as Google writes it); nil: the
    /// machine's.
    var calendarZone: (name: String, rules: ZoneRules)?

    /// A value that does not parse is damage, not something we cannot represent: the whole
    /// file is refused, with the line.
    static func checkSyntax(_ event: ICalComponent) throws(ICalendarError) {
        let dated = ["DTSTART", "DTEND", "LAST-MODIFIED", "DTSTAMP", "CREATED", "RECURRENCE-ID"]
        for property in event.properties where dated.contains(property.name) {
            guard ICalDateTime(property.value) != nil else { throw ICalendarError(line: property.line, "\(property.name) '\(String(property.value.prefix(40)))' is not a date (YYYYMMDD or YYYYMMDDTHHMMSS[Z])") }
        }
        if let duration = event.first("DURATION"), ICalDuration.seconds(duration.value) == nil {
            throw ICalendarError(line: duration.line, "DURATION '\(String(duration.value.prefix(40)))' is not a duration (e.g. PT1H)")
        }
        if let sequence = event.first("SEQUENCE"), Int(sequence.value) == nil {
            throw ICalendarError(line: sequence.line, "SEQUENCE '\(String(sequence.value.prefix(40)))' is not a number")
        }
        for alarm in event.components("VALARM") {
            if let trigger = alarm.first("TRIGGER") {
                let ok = trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" ? ICalDateTime(trigger.value)?.isUTC == true : ICalDuration.seconds(trigger.value) != nil
                guard ok else { throw ICalendarError(line: trigger.line, "TRIGGER '\(String(trigger.value.prefix(40)))' is neither a duration (-PT10M) nor a UTC date-time") }
            }
            if let acknowledged = alarm.first("ACKNOWLEDGED"), ICalDateTime(acknowledged.value) == nil {
                throw ICalendarError(line: acknowledged.line, "ACKNOWLEDGED '\(String(acknowledged.value.prefix(40)))' is not a date-time")
            }
        }
    }

    private struct Refusal: Error {
        var reason: EventRefusal
        init(_ reason: EventRefusal) { self.reason = reason }
    }

    func read(_ event: ICalComponent, resolver: inout ZoneResolver) -> EventResult {
        let uid = event.first("UID").map { ICalText.unescape($0.value) }
        let summary = event.first("SUMMARY").map { ICalText.unescape($0.value) }
        do {
            return .alarm(try alarm(event, uid: uid, summary: summary, resolver: &resolver))
        } catch {
            return .refused(RefusedEvent(uid: uid, summary: summary, line: event.line, reason: error.reason, start: start(of: event, resolver: &resolver)))
        }
    }

    /// When the event starts, as it says, for a person to recognise it in a list of refusals.
    func start(of event: ICalComponent, resolver: inout ZoneResolver) -> EventTime? {
        guard let property = event.first("DTSTART"), let value = ICalDateTime(property.value) else { return nil }
        let minute = value.secondOfDay.map { $0 / 60 }
        var zone: String?
        if value.isUTC {
            zone = "UTC"
        } else if minute != nil {
            zone = property.parameter("TZID").map { resolver.resolve($0) ?? $0 } ?? calendarZone?.name
        }
        return EventTime(date: value.date, minuteOfDay: minute, zone: zone)
    }

    private func alarm(_ event: ICalComponent, uid: String?, summary: String?, resolver: inout ZoneResolver) throws(Refusal) -> ImportedEvent {
        // What the event is comes first (cancelled, no reminder, ended), then what an alarm
        // here cannot follow.
        if event.first("STATUS")?.value.uppercased() == "CANCELLED" { throw Refusal(.cancelled) }
        guard let start = event.first("DTSTART"), let dtstart = ICalDateTime(start.value) else { throw Refusal(.noStart) }
        let allDay = dtstart.secondOfDay == nil || start.parameter("VALUE")?.uppercased() == "DATE"
        let valarms = event.components("VALARM").filter { !$0.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" } }
        let actions = valarms.map { $0.first("ACTION")?.value.uppercased() ?? "" }
        guard let valarm = valarms.first(where: { ["AUDIO", "DISPLAY"].contains($0.first("ACTION")?.value.uppercased() ?? "") }) else {
            // ACTION:NONE is Apple's "no alert": no reminder, not an e-mail.
            if actions.contains("EMAIL") { throw Refusal(.emailOnly) }
            throw Refusal(allDay ? .allDayWithoutReminder : .noReminder)
        }
        if let until = event.first("RRULE").map({ RecurrenceRule($0.value) })?.parts["UNTIL"].flatMap(ICalDateTime.init), Self.ended(until, now: now) {
            throw Refusal(.ended(until.date))
        }
        guard let uid, !uid.isEmpty else { throw Refusal(.noUID) }
        if event.first("RECURRENCE-ID") != nil { throw Refusal(.unsupportedRepeat(.changedOccurrence)) }
        if event.first("EXDATE") != nil { throw Refusal(.unsupportedRepeat(.excludedDates)) }
        if event.first("RDATE") != nil { throw Refusal(.unsupportedRepeat(.addedDates)) }
        guard !allDay else { throw Refusal(.allDay) }

        // The zone: UTC, a TZID we resolve, or floating: the calendar's (X-WR-TIMEZONE), else
        // the machine's, like our own alarms.
        var zoneName: String?
        var rules = zones.machine
        if dtstart.isUTC {
            // A repeating or clock-time event in UTC keeps UTC's wall clock; a one-off is an
            // instant, and needs no zone.
            let wallClock = event.first("RRULE") != nil || event.first("X-OPENALARMKIT-SCHEDULE") != nil
            zoneName = wallClock ? "UTC" : nil
            rules = .utc
        } else if let tzid = start.parameter("TZID") {
            guard let name = resolver.resolve(tzid), let found = zones.rules(name) else { throw Refusal(.unknownZone(tzid)) }
            zoneName = name
            rules = found
        } else if let calendarZone {
            zoneName = calendarZone.name
            rules = calendarZone.rules
        }

        // When it rings: DTSTART moved by the VALARM's TRIGGER, or the TRIGGER's own instant.
        guard let trigger = valarm.first("TRIGGER") else { throw Refusal(.noTrigger) }
        var absolute: Date?
        var offset = 0
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
            absolute = ICalDateTime(trigger.value)!.instant(in: .utc)
        } else {
            offset = ICalDuration.seconds(trigger.value)!
            if trigger.parameter("RELATED")?.uppercased() == "END" { offset += try length(of: event, start: dtstart, rules: rules) }
        }

        let schedule: Alarm.Schedule
        let ours = Dictionary(event.properties.filter { $0.name.hasPrefix("X-OPENALARMKIT-") }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        if let rrule = event.first("RRULE") {
            guard absolute == nil else { throw Refusal(.fixedReminderOnSeries) }
            let (time, shift) = try wallTime(dtstart.secondOfDay! + offset)
            var days: [Locale.Weekday] = []  // in the rule's order, once each
            for index in try weekdays(RecurrenceRule(rrule.value), start: dtstart.date) {
                let day = LocalDate.weekdaysSundayFirst[((index + shift) % 7 + 7) % 7]
                if !days.contains(day) { days.append(day) }
            }
            schedule = .relative(.init(time: time, repeats: .weekly(days)))
        } else if ours["X-OPENALARMKIT-SCHEDULE"]?.value.uppercased() == "NEXT", absolute == nil {
            let (time, _) = try wallTime(dtstart.secondOfDay! + offset)
            schedule = .relative(.init(time: time, repeats: .never))
        } else {
            var instant = absolute ?? dtstart.instant(in: rules).addingTimeInterval(Double(offset))
            if let exact = ours["X-OPENALARMKIT-INSTANT"].flatMap({ Double($0.value) }), abs(exact - instant.timeIntervalSince1970) < 1 {
                instant = Date(timeIntervalSince1970: exact)
            }
            // A one-shot alarm snoozed on some machine (RFC 9074) is still on after its time.
            guard instant > now || Self.snoozedBeyond(now, event) else {
                let local = ICalDateTime.local(instant, in: rules)
                throw Refusal(.passed(EventTime(date: local.date, minuteOfDay: (local.secondOfDay ?? 0) / 60, zone: zoneName ?? (dtstart.isUTC ? "UTC" : nil))))
            }
            schedule = .fixed(instant)
        }

        var record = OurProperties.record(
            ours, title: summary ?? "Alarm", schedule: schedule, sound: OurProperties.sound(valarm.first("ATTACH")?.value))
        record.timeZone = zoneName
        if ours.isEmpty {
            // Someone else's event (none of our properties): its popup says where and when it starts.
            let startsAfter = absolute.map { dtstart.instant(in: rules).timeIntervalSince($0) } ?? Double(-offset)
            record.metadata = EventReminder(location: event.first("LOCATION").map { ICalText.unescape($0.value) }, startsAfter: startsAfter).metadata
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
            acknowledged: valarm.first("ACKNOWLEDGED").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) },
            snoozedUntil: snooze?.first("TRIGGER").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) },
            line: event.line)
    }

    /// Hour and minute of a second of the (nominal) day, and how many days it moved.
    private static func snoozedBeyond(_ now: Date, _ event: ICalComponent) -> Bool {
        event.components("VALARM").contains { alarm in
            alarm.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }
                && alarm.first("TRIGGER").flatMap { ICalDateTime($0.value) }.map { $0.instant(in: .utc) > now } == true
        }
    }

    /// Whether a series' UNTIL has surely passed: a local or date UNTIL in any zone (at most
    /// 14 hours from UTC) ended by the end of its day there.
    static func ended(_ until: ICalDateTime, now: Date) -> Bool {
        if until.isUTC { return until.instant(in: .utc) < now }
        let endOfDay = until.secondOfDay == nil ? 86_400 : 0
        return until.instant(in: .utc).addingTimeInterval(Double(endOfDay + 14 * 3600)) < now
    }

    private func wallTime(_ seconds: Int) throws(Refusal) -> (Alarm.Schedule.Relative.Time, Int) {
        guard seconds % 60 == 0 else { throw Refusal(.secondsPastMinute) }
        let shift = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - shift * 86_400
        return (.init(hour: rest / 3600, minute: rest / 60 % 60), shift)
    }

    /// The weekdays (0 = Sunday) a rule selects, or why it cannot be an alarm.
    private func weekdays(_ rule: RecurrenceRule, start: LocalDate) throws(Refusal) -> [Int] {
        let frequency = rule.parts["FREQ"] ?? ""
        switch frequency {
        case "DAILY", "WEEKLY":
            break
        default:
            throw Refusal(.unsupportedRepeat(.frequency(frequency.lowercased())))
        }
        if let interval = rule.parts["INTERVAL"], interval != "1" {
            throw Refusal(.unsupportedRepeat(.interval(Int(interval) ?? 0, weeks: frequency == "WEEKLY")))
        }
        if let count = rule.parts["COUNT"] { throw Refusal(.unsupportedRepeat(.count(Int(count) ?? 0))) }
        if let until = rule.parts["UNTIL"] { throw Refusal(.unsupportedRepeat(.until(ICalDateTime(until)?.date ?? start))) }
        let unsupported = rule.parts.keys.filter { !["FREQ", "INTERVAL", "BYDAY", "WKST"].contains($0) }.sorted()
        if let part = unsupported.first { throw Refusal(.unsupportedRepeat(.rulePart(part))) }
        guard let byday = rule.parts["BYDAY"] else { return frequency == "DAILY" ? Array(0...6) : [start.weekdayIndex] }
        var days: [Int] = []
        for code in byday.split(separator: ",") {
            guard let day = RecurrenceRule.ordinalDay(String(code)), day.ordinal == nil else {
                throw Refusal(.unsupportedRepeat(.ordinalDay(String(code))))
            }
            days.append(day.weekday)
        }
        return days
    }

    /// The event's length, for a TRIGGER related to its end.
    private func length(of event: ICalComponent, start: ICalDateTime, rules: ZoneRules) throws(Refusal) -> Int {
        if let duration = event.first("DURATION").flatMap({ ICalDuration.seconds($0.value) }) { return duration }
        if let end = event.first("DTEND").flatMap({ ICalDateTime($0.value) }) {
            return Int(clampingFinite: end.instant(in: end.isUTC ? .utc : rules).timeIntervalSince(start.instant(in: rules)))
        }
        throw Refusal(.noEnd)
    }
}
