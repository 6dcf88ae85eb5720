import AlarmModel
import AlarmCore
import FoundationEssentials

/// One VEVENT to an alarm, or the reason it cannot be one (docs/ICALENDAR.md, the mapping).
struct EventReader {
    let zones: ZoneLookup
    let now: Date

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

    private struct Refusal: Error { var reason: String; init(_ reason: String) { self.reason = reason } }

    func read(_ event: ICalComponent, resolver: inout ZoneResolver) -> EventResult {
        let uid = event.first("UID").map { ICalText.unescape($0.value) }
        let summary = event.first("SUMMARY").map { ICalText.unescape($0.value) }
        do {
            return .alarm(try alarm(event, uid: uid, summary: summary, resolver: &resolver))
        } catch let refusal as Refusal {
            return .refused(RefusedEvent(uid: uid, summary: summary, line: event.line, reason: refusal.reason))
        } catch {
            return .refused(RefusedEvent(uid: uid, summary: summary, line: event.line, reason: "\(error)"))
        }
    }

    private func alarm(_ event: ICalComponent, uid: String?, summary: String?, resolver: inout ZoneResolver) throws -> ImportedEvent {
        guard let uid, !uid.isEmpty else { throw Refusal("it has no UID, so a second import could not find it again") }
        if event.first("RECURRENCE-ID") != nil { throw Refusal("it changes one occurrence of a repeating event, which an alarm cannot hold") }
        if event.first("STATUS")?.value.uppercased() == "CANCELLED" { throw Refusal("it is cancelled") }
        if event.first("EXDATE") != nil { throw Refusal("it leaves out some dates (EXDATE), which an alarm cannot hold; skip them with `alarmctl skip` instead") }
        if event.first("RDATE") != nil { throw Refusal("it adds single dates (RDATE), which an alarm cannot hold") }
        guard let start = event.first("DTSTART"), let dtstart = ICalDateTime(start.value) else { throw Refusal("it has no start (DTSTART)") }
        guard dtstart.secondOfDay != nil, start.parameter("VALUE")?.uppercased() != "DATE" else {
            throw Refusal("it is an all-day event: there is no time of day to ring at")
        }
        let valarms = event.components("VALARM").filter { !$0.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" } }
        guard let valarm = valarms.first(where: { ["AUDIO", "DISPLAY"].contains($0.first("ACTION")?.value.uppercased() ?? "") }) else {
            throw Refusal(valarms.isEmpty ? "it has no reminder (VALARM): nothing would ring" : "its reminders only send e-mail: nothing would ring")
        }

        // The zone: UTC, a TZID we resolve, or floating (the machine's, like our own alarms).
        var zoneName: String?
        var rules = zones.machine
        if dtstart.isUTC {
            // A repeating or clock-time event in UTC keeps UTC's wall clock; a one-off is an
            // instant, and needs no zone.
            let wallClock = event.first("RRULE") != nil || event.first("X-OPENALARMKIT-SCHEDULE") != nil
            zoneName = wallClock ? "UTC" : nil
            rules = .utc
        } else if let tzid = start.parameter("TZID") {
            guard let name = resolver.resolve(tzid), let found = zones.rules(name) else {
                throw Refusal("its time zone '\(tzid)' matches no zone of this system's tz database")
            }
            zoneName = name
            rules = found
        }

        // When it rings: DTSTART moved by the VALARM's TRIGGER, or the TRIGGER's own instant.
        guard let trigger = valarm.first("TRIGGER") else { throw Refusal("its reminder has no TRIGGER") }
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
            guard absolute == nil else { throw Refusal("its reminder is at a fixed date-time, so it would ring once, not at every occurrence") }
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
                throw Refusal("it rang at \(ICalDateTime.local(instant, in: rules).text)\(zoneName.map { " " + $0 } ?? ""), which has passed")
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
        do { try AlarmBounds.checkRequest(record) } catch { throw Refusal(error.description) }

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

    private func wallTime(_ seconds: Int) throws -> (Alarm.Schedule.Relative.Time, Int) {
        guard seconds % 60 == 0 else { throw Refusal("it rings at seconds past a minute; alarms ring on the minute") }
        let shift = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - shift * 86_400
        return (.init(hour: rest / 3600, minute: rest / 60 % 60), shift)
    }

    /// The weekdays (0 = Sunday) a rule selects, or why it cannot be an alarm.
    private func weekdays(_ rule: RecurrenceRule, start: LocalDate) throws -> [Int] {
        let frequency = rule.parts["FREQ"] ?? ""
        if let interval = rule.parts["INTERVAL"], interval != "1" {
            throw Refusal("it repeats every \(interval) \(frequency == "WEEKLY" ? "weeks" : "days"); alarms repeat every week")
        }
        if rule.parts["COUNT"] != nil { throw Refusal("it ends after a number of times (COUNT); an alarm repeats until you delete it") }
        if rule.parts["UNTIL"] != nil { throw Refusal("it ends on a date (UNTIL); an alarm repeats until you delete it") }
        switch frequency {
        case "DAILY", "WEEKLY":
            break
        case "MONTHLY", "YEARLY":
            throw Refusal("it repeats \(frequency.lowercased()); alarms repeat on days of the week")
        default:
            throw Refusal("it repeats \(frequency.isEmpty ? "without a FREQ" : frequency.lowercased()); alarms repeat on days of the week")
        }
        let unsupported = rule.parts.keys.filter { !["FREQ", "INTERVAL", "BYDAY", "WKST"].contains($0) }.sorted()
        if let part = unsupported.first { throw Refusal("its rule uses \(part), which weekly alarms cannot follow") }
        guard let byday = rule.parts["BYDAY"] else { return frequency == "DAILY" ? Array(0...6) : [start.weekdayIndex] }
        var days: [Int] = []
        for code in byday.split(separator: ",") {
            guard let day = RecurrenceRule.ordinalDay(String(code)), day.ordinal == nil else {
                throw Refusal("its rule picks '\(code)', not a plain day of the week")
            }
            days.append(day.weekday)
        }
        return days
    }

    /// The event's length, for a TRIGGER related to its end.
    private func length(of event: ICalComponent, start: ICalDateTime, rules: ZoneRules) throws -> Int {
        if let duration = event.first("DURATION").flatMap({ ICalDuration.seconds($0.value) }) { return duration }
        if let end = event.first("DTEND").flatMap({ ICalDateTime($0.value) }) {
            return Int(clampingFinite: end.instant(in: end.isUTC ? .utc : rules).timeIntervalSince(start.instant(in: rules)))
        }
        throw Refusal("its reminder is relative to the end, and it has no end")
    }
}
