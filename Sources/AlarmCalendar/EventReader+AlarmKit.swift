import AlarmModel
import AlarmCore
import FoundationEssentials

/// Events that are AlarmKit schedules: our own alarms as `EventWriter` writes them (weekly on
/// days, a clock time once, a date), and another program's event that happens once with one
/// reminder (an instant). Anything more (a rule other than ours, dates left out or added, a
/// changed occurrence, an all-day event, several reminders or repeats) is a calendar schedule.
extension EventReader {
    /// The AlarmKit schedule the event is, or nil when it needs a calendar schedule. A one-off
    /// whose reminder has passed is refused, or, `keepingPassed` (our own event), given with
    /// that refusal in `passed`.
    func alarmKitSchedule(_ event: ICalComponent, changes: [ICalComponent], dtstart: ICalDateTime, allDay: Bool,
                          valarms: [ICalComponent], zone: EventZone, ours: [String: ContentLine],
                          keepingPassed: Bool = false, passed: inout EventRefusal?) throws(Refusal) -> Alarm.Schedule? {
        let kind = ours["X-OPENALARMKIT-SCHEDULE"]?.value.uppercased()
        guard kind != "CALENDAR", changes.isEmpty, !allDay, valarms.count == 1, valarms[0].first("REPEAT") == nil,
              event.first("EXDATE") == nil, event.first("RDATE") == nil, event.all("RRULE").count <= 1,
              let secondOfDay = dtstart.secondOfDay
        else { return nil }
        let ourWeekly = ours["X-OPENALARMKIT-GAP"] != nil
        let valarm = valarms[0]
        let trigger = valarm.first("TRIGGER")!
        var absolute: Date?
        var offset = 0
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
            absolute = ICalDateTime(trigger.value)!.instant(in: .utc)
        } else {
            offset = CalendarDuration(text: trigger.value)!.approximateSeconds
            if trigger.parameter("RELATED")?.uppercased() == "END" {
                guard let length = length(of: event, start: dtstart, rules: zone.rules) else { return nil }
                offset += length
            }
        }
        if let rrule = event.first("RRULE") {
            guard ourWeekly, absolute == nil, let (time, shift) = wallTime(secondOfDay + offset),
                  let indices = weekdays(rrule.value, start: dtstart.date) else { return nil }
            var days: [Locale.Weekday] = []  // in the rule's order, once each
            for index in indices {
                let day = LocalDate.weekdaysSundayFirst[((index + shift) % 7 + 7) % 7]
                if !days.contains(day) { days.append(day) }
            }
            return .relative(.init(time: time, repeats: .weekly(days)))
        }
        if kind == "NEXT", absolute == nil, let (time, _) = wallTime(secondOfDay + offset) {
            return .relative(.init(time: time, repeats: .never))
        }
        var instant = absolute ?? dtstart.instant(in: zone.rules).addingTimeInterval(Double(offset))
        if let exact = ours["X-OPENALARMKIT-INSTANT"].flatMap({ Double($0.value) }), abs(exact - instant.timeIntervalSince1970) < 1 {
            instant = Date(timeIntervalSince1970: exact)
        }
        // A one-shot alarm snoozed on some machine (RFC 9074) is still on after its time.
        if instant <= now && !Self.snoozedBeyond(now, event) {
            let local = ICalDateTime.local(instant, in: zone.rules)
            let refusal = EventRefusal.passed(EventTime(date: local.date, minuteOfDay: (local.secondOfDay ?? 0) / 60, zone: zone.name ?? (dtstart.isUTC ? "UTC" : nil)))
            guard keepingPassed else { throw Refusal(refusal) }
            passed = refusal
        }
        return .fixed(instant)
    }

    /// Hour and minute of a second of the (nominal) day, and how many days it moved; nil when
    /// it has seconds (an AlarmKit time has none).
    private func wallTime(_ seconds: Int) -> (Alarm.Schedule.Relative.Time, Int)? {
        guard seconds % 60 == 0 else { return nil }
        let shift = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - shift * 86_400
        return (.init(hour: rest / 3600, minute: rest / 60 % 60), shift)
    }

    /// The weekdays (0 = Sunday) of a rule we write (`FREQ=WEEKLY;BYDAY=…`, or daily), or nil.
    private func weekdays(_ text: String, start: LocalDate) -> [Int]? {
        guard let rule = try? AlarmModel.RecurrenceRule(text: text), rule.interval == 1, rule.count == nil, rule.until == nil,
              rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.bySetPosition.isEmpty,
              rule.frequency == .daily || rule.frequency == .weekly, rule.byDay.allSatisfy({ $0.ordinal == 0 })
        else { return nil }
        guard !rule.byDay.isEmpty else { return rule.frequency == .daily ? Array(0...6) : [start.weekdayIndex] }
        return rule.byDay.map(\.weekday)
    }

    /// The event's length in seconds, for a TRIGGER related to its end (a task's: to its
    /// DUE); nil without an end.
    func length(of event: ICalComponent, start: ICalDateTime, rules: ZoneRules) -> Int? {
        if let duration = event.first("DURATION").flatMap({ CalendarDuration(text: $0.value)?.approximateSeconds }) { return duration }
        if let end = event.first(event.endName).flatMap({ ICalDateTime($0.value) }) {
            return Int(clampingFinite: end.instant(in: end.isUTC ? .utc : rules).timeIntervalSince(start.instant(in: rules)))
        }
        return nil
    }
}
