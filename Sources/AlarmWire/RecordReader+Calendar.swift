import FoundationEssentials

/// An event's schedule from the record's JSON (`RecordWriter.calendar`), as JSONDecoder reads
/// `CalendarSchedule`: members in any order, unknown ones skipped, a value that does not
/// parse (a date, a duration, a rule) refused.
extension RecordReader {
    func readCalendar(_ c: inout JSONCursor) throws(JSONMismatch) -> CalendarSchedule {
        var start: CalendarDateTime?, duration: CalendarDuration??, rule: RecurrenceRule??
        var exclusions: [CalendarDateTime]?, additions: [CalendarDateTime]?, overrides: [CalendarOverride]?, alerts: [CalendarAlert]?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "start": try refuseRepeated(start); start = try readDateTime(&c)
            case "duration": try refuseRepeated(duration); duration = .some(c.null() ? nil : try readDuration(&c))
            case "rule":
                try refuseRepeated(rule)
                if c.null() { rule = .some(nil) } else {
                    let text = try c.string()
                    do throws(RecurrenceRule.Unsupported) { rule = .some(try RecurrenceRule(text: text)) } catch {
                        throw JSONMismatch("rule: \(error.reason)")
                    }
                }
            case "exclusions": try refuseRepeated(exclusions); exclusions = try readDateTimes(&c)
            case "additions": try refuseRepeated(additions); additions = try readDateTimes(&c)
            case "alerts": try refuseRepeated(alerts); alerts = try readAlerts(&c)
            case "overrides":
                try refuseRepeated(overrides)
                var list: [CalendarOverride] = []
                try c.array { c throws(JSONMismatch) in list.append(try readOverride(&c)) }
                overrides = list
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let start else { throw JSONMismatch("missing start") }
        return CalendarSchedule(start: start, duration: duration ?? nil, rule: rule ?? nil, exclusions: exclusions ?? [],
                                additions: additions ?? [], overrides: overrides ?? [], alerts: alerts ?? [])
    }

    private func readOverride(_ c: inout JSONCursor) throws(JSONMismatch) -> CalendarOverride {
        var occurrence: CalendarDateTime?, start: CalendarDateTime??, duration: CalendarDuration??, title: String??
        var cancelled: Bool?, alerts: [CalendarAlert]?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "occurrence": try refuseRepeated(occurrence); occurrence = try readDateTime(&c)
            case "start": try refuseRepeated(start); start = .some(c.null() ? nil : try readDateTime(&c))
            case "duration": try refuseRepeated(duration); duration = .some(c.null() ? nil : try readDuration(&c))
            case "title": try refuseRepeated(title); title = .some(c.null() ? nil : try c.string())
            case "cancelled": try refuseRepeated(cancelled); cancelled = try c.bool()
            case "alerts": try refuseRepeated(alerts); alerts = try readAlerts(&c)
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let occurrence else { throw JSONMismatch("missing occurrence") }
        return CalendarOverride(occurrence: occurrence, start: start ?? nil, duration: duration ?? nil, title: title ?? nil,
                                cancelled: cancelled ?? false, alerts: alerts ?? [])
    }

    private func readAlerts(_ c: inout JSONCursor) throws(JSONMismatch) -> [CalendarAlert] {
        var list: [CalendarAlert] = []
        try c.array { c throws(JSONMismatch) in
            var at: Date??, every: CalendarDuration??, related: String??, repeats: Int??, trigger: CalendarDuration?, uid: String??
            try c.object { c, key throws(JSONMismatch) in
                switch key {
                case "at": try refuseRepeated(at); at = .some(c.null() ? nil : try readDate(&c))
                case "every": try refuseRepeated(every); every = .some(c.null() ? nil : try readDuration(&c))
                case "related": try refuseRepeated(related); related = .some(c.null() ? nil : try c.string())
                case "repeat": try refuseRepeated(repeats); repeats = .some(c.null() ? nil : try c.int())
                case "trigger": try refuseRepeated(trigger); trigger = try readDuration(&c)
                case "uid": try refuseRepeated(uid); uid = .some(c.null() ? nil : try c.string())
                default: try c.skipMember(key)  // a newer peer's field
                }
            }
            let kind: CalendarAlert.Trigger
            if let instant = at ?? nil {
                kind = .absolute(instant)
            } else {
                guard let trigger else { throw JSONMismatch("missing trigger") }
                switch related ?? nil {
                case nil: kind = .start(trigger)
                case "end": kind = .end(trigger)
                default: throw JSONMismatch("bad related")
                }
            }
            list.append(CalendarAlert(trigger: kind, repeatCount: (repeats ?? nil) ?? 0, repeatInterval: every ?? nil, uid: uid ?? nil))
        }
        return list
    }

    private func readDateTimes(_ c: inout JSONCursor) throws(JSONMismatch) -> [CalendarDateTime] {
        var list: [CalendarDateTime] = []
        try c.array { c throws(JSONMismatch) in list.append(try readDateTime(&c)) }
        return list
    }

    private func readDateTime(_ c: inout JSONCursor) throws(JSONMismatch) -> CalendarDateTime {
        guard let value = CalendarDateTime(text: try c.string()) else { throw JSONMismatch("not a date") }
        return value
    }

    private func readDuration(_ c: inout JSONCursor) throws(JSONMismatch) -> CalendarDuration {
        guard let value = CalendarDuration(text: try c.string()) else { throw JSONMismatch("not a duration") }
        return value
    }
}
