import AlarmModel
import AlarmCore
import FoundationEssentials

/// Another program's event in a synced calendar (a meeting with its reminder, made in
/// Thunderbird, GNOME Calendar, a phone): this machine writes only what is its own into it
/// and leaves every other byte as the server had it (docs/SYNC.md, "Other programs' events").
///
/// - A Stop adds RFC 9074's `ACKNOWLEDGED` to each VALARM that rings; a Snooze also a snooze
///   VALARM related to the first (and a `UID` to that VALARM when it has none, which the relation needs).
/// - A skip, on/off and this machine's settings (snooze length, volume…) are
///   `X-OPENALARMKIT-*` properties, which other programs keep and ignore: an EXDATE would
///   cancel the meeting for everyone.
/// - A new title is the event's SUMMARY; a new time moves DTSTART and DTEND together, as the
///   event's owner sees it. What cannot be said that way (other days of a series, another
///   kind of schedule, another sound for someone's reminder) is refused, with the reason.
/// - Each change updates DTSTAMP and LAST-MODIFIED; SEQUENCE goes up only as RFC 5545 asks,
///   for a new time (the caller's `SyncMarks` carry it).
package enum ForeignEvent {
    /// What our writer puts in PRODID (`ICalendar.export`).
    static let productPrefix = "-//OpenAlarmKit//"

    /// Whether `text` was written by OpenAlarmKit's codec, which then writes it whole again;
    /// any other program's event is changed in place (`patch`).
    package static func isOurs(_ text: String) -> Bool {
        let prodid = Array("PRODID:".utf8), event = Array("BEGIN:VEVENT".utf8), task = Array("BEGIN:VTODO".utf8), ours = Array(productPrefix.utf8)
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.starts(with: event) || line.starts(with: task) { return false }  // PRODID comes before the components
            if line.count >= prodid.count, line.prefix(prodid.count).map({ $0 & 0xDF }) == prodid.map({ $0 & 0xDF }) {
                return line.dropFirst(prodid.count).starts(with: ours)
            }
        }
        return false
    }

    /// The positions of an event's VALARMs that ring (`EventReader.rings`) among all its
    /// VALARMs, in order: the alarm is made of the first, and rings for each.
    static func ringing(_ valarms: [ICalComponent]) -> [Int] {
        valarms.indices.filter { EventReader.rings(valarms[$0]) }
    }

    /// The server's text with this machine's state written in, and what could not be.
    package struct Patched: Sendable {
        package var text: String
        /// Changes that cannot be written into another program's event, in words.
        package var refused: [String]
        /// Whether anything changed.
        package var changed: Bool
    }

    /// `serverText` with `record` (the alarm as it is here; nil once it ended here) and
    /// `marks` (its version, acknowledgement and snooze) written in place.
    package static func patch(_ serverText: String, uid: String, record: AlarmRecord?, marks: SyncMarks?, zones: ZoneLookup, now: Date) throws(ICalendarError) -> Patched {
        var editor = try Editor(serverText, uid: uid, zones: zones, now: now)
        if let record, let old = editor.base { editor.write(record, over: old) }
        if let marks { editor.write(marks, record: record) }
        editor.stamp(marks, now: now)
        return Patched(text: editor.raw.text, refused: editor.refused, changed: editor.changed)
    }

    /// Why `record` cannot be written into the event `serverText` holds (an edit made here);
    /// nil when it can.
    package static func refusal(of record: AlarmRecord, in serverText: String, uid: String, zones: ZoneLookup, now: Date) -> String? {
        guard let patched = try? patch(serverText, uid: uid, record: record, marks: nil, zones: zones, now: now) else {
            return "the calendar's copy of this event cannot be read"
        }
        return patched.refused.first
    }
}

/// One patch: the raw text, the event in it, and what was changed or refused.
private struct Editor {
    var raw: RawCalendar
    let uid: String
    let zones: ZoneLookup
    let now: Date
    /// The event as the reader makes it an alarm; nil when it no longer is one (it passed).
    let base: ImportedEvent?
    var refused: [String] = []
    var changed = false

    init(_ text: String, uid: String, zones: ZoneLookup, now: Date) throws(ICalendarError) {
        raw = try RawCalendar(text)
        self.uid = uid
        self.zones = zones
        self.now = now
        let results = try ICalendar.parse(text, zones: zones, now: now)
        base = results.lazy.compactMap { result -> ImportedEvent? in
            if case .alarm(let event) = result, event.uid == uid { return event } else { return nil }
        }.first
        guard master() != nil else { throw ICalendarError(line: 0, "no VEVENT or VTODO with UID \(uid)") }
    }

    /// The event (or task) itself (not an override of one occurrence): raw, and as the reader
    /// sees it.
    func master() -> (raw: RawCalendar.Component, parsed: ICalComponent)? {
        guard let tree = try? ICalComponent.tree(raw.lines.compactMap(\.content)) else { return nil }
        for (calendar, parsedCalendar) in zip(raw.components(), tree) where calendar.name == "VCALENDAR" {
            for (event, parsed) in zip(calendar.children, parsedCalendar.children) where ICalComponent.ringingKinds.contains(event.name) {
                guard parsed.first("RECURRENCE-ID") == nil, parsed.first("UID").map({ ICalText.unescape($0.value) }) == uid else { continue }
                return (event, parsed)
            }
        }
        return nil
    }

    /// Every VEVENT (VTODO) of the text with this UID (the event and its overrides).
    func occurrences() -> Int {
        (try? ICalComponent.tree(raw.lines.compactMap(\.content)))?.flatMap(\.items)
            .filter { $0.first("UID").map { ICalText.unescape($0.value) } == uid }.count ?? 0
    }

    // MARK: Lines of the event

    /// Sets the event's (or its `child`-th VALARM's) property `name` to `value`: in place when
    /// it has one, else a new line after `after` (the first of those names found) or at the end.
    mutating func set(_ name: String, _ value: String, _ parameters: [(String, String)] = [], valarm: Int? = nil, after: [String] = []) {
        guard let component = component(valarm) else { return }
        if let index = raw.first(name, in: component) {
            let current = raw.lines[index].content!
            let sameParameters = parameters.allSatisfy { current.parameter($0.0) == $0.1 }
            guard current.value != value || !sameParameters else { return }
            if sameParameters {
                raw.replaceValue(at: index, with: value)  // its parameters kept as written
            } else {
                raw.replace(at: index, with: raw.written(name, value, parameters))
            }
        } else {
            let lines = raw
            let anchor = after.lazy.compactMap { lines.first($0, in: component) }.first.map { $0 + 1 }
            raw.insert([raw.written(name, value, parameters)], at: anchor ?? endOfProperties(component))
        }
        changed = true
    }

    mutating func remove(_ name: String, valarm: Int? = nil) {
        guard let component = component(valarm), let index = raw.first(name, in: component) else { return }
        raw.remove(index...index)
        changed = true
    }

    func component(_ valarm: Int?) -> RawCalendar.Component? {
        guard let event = master()?.raw else { return nil }
        guard let valarm else { return event }
        let alarms = event.children.filter { $0.name == "VALARM" }
        return valarm < alarms.count ? alarms[valarm] : nil
    }

    /// Where a new property of `component` goes: before its first child component, or its END.
    func endOfProperties(_ component: RawCalendar.Component) -> Int { component.children.first?.begin ?? component.end }

    // MARK: What this machine changed

    /// Title, time and our own settings: what differs between `old` (as the server's text
    /// makes the alarm) and `record` (as it is here).
    mutating func write(_ record: AlarmRecord, over old: ImportedEvent) {
        let title = record.presentation.alert.title.text
        if title != old.record.presentation.alert.title.text {
            set("SUMMARY", ICalText.escape(title), after: ["UID"])
        }
        if record.sound.sound != old.record.sound.sound {
            refused.append("the sound of a reminder from another calendar program is chosen in that program")
        }
        if record.schedule != old.record.schedule || record.timeZone != old.record.timeZone {
            if let why = move(from: old.record, to: record) { refused.append(why) }
        }
        let before = Self.ourProperties(old.record), after = Self.ourProperties(record)
        for (name, line) in after where before[name]?.value != line.value {
            set(name, line.value, line.parameters)
        }
        for name in before.keys.sorted() where after[name] == nil { remove(name) }
    }

    /// Our `X-OPENALARMKIT-*` lines for `record`, by name. A reminder's place and start
    /// (`EventReminder`, in its metadata) are read from the event's own lines, never written;
    /// nor is the app: `X-OPENALARMKIT-APP` marks an event we wrote whole
    /// (`OurProperties.isOwnEvent`), which another program's event never becomes.
    static func ourProperties(_ record: AlarmRecord) -> [String: ContentLine] {
        var record = record
        if EventReminder(metadata: record.metadata) != nil { record.metadata = nil }
        var writer = ICalWriter()
        OurProperties.write(record, to: &writer)
        let lines = (try? ContentLineReader.lines(Array(writer.text.utf8))) ?? []
        var properties = Dictionary(lines.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        properties[OurProperties.prefix + "APP"] = nil
        return properties
    }

    /// DTSTART and DTEND moved together by what the alarm's time moved; the reason when the
    /// event cannot say the new time.
    mutating func move(from old: AlarmRecord, to new: AlarmRecord) -> String? {
        guard old.timeZone == new.timeZone else { return "the time zone of another calendar program's event is set in that program" }
        guard let event = master() else { return nil }
        if ["EXDATE", "RDATE"].contains(where: { event.parsed.first($0) != nil }) || occurrences() > 1 {
            return "it has dates left out or moved in its calendar program (EXDATE, RDATE, changed occurrences): move it there"
        }
        let valarms = event.parsed.components("VALARM")
        if ForeignEvent.ringing(valarms).contains(where: { valarms[$0].first("TRIGGER")?.parameter("VALUE")?.uppercased() == "DATE-TIME" }) {
            return "its reminder is at a set date and time, not before the event: change it in its calendar program"
        }
        enum Shift { case instant(Double), wallClock(Int) }
        let shift: Shift
        switch (old.schedule, new.schedule) {
        case (.fixed(let before)?, .fixed(let after)?):
            shift = .instant(after.timeIntervalSince(before))
        case (.relative(let before)?, .relative(let after)?):
            guard before.repeats == after.repeats else {
                return "the days of another calendar program's repeating event are changed in that program"
            }
            shift = .wallClock((after.time.hour - before.time.hour) * 3600 + (after.time.minute - before.time.minute) * 60)
        default:
            return "another calendar program's event keeps its kind of schedule (once or repeating): change it in that program"
        }
        var resolver = ZoneResolver(lookup: zones, timezones: (try? ICalComponent.tree(raw.lines.compactMap(\.content)))?.flatMap { $0.components("VTIMEZONE") } ?? [], now: now)
        var moved: [(String, String)] = []
        // A task's start and DUE move together, as an event's start and end.
        for name in ["DTSTART", event.parsed.endName] {
            guard let line = event.parsed.first(name), let value = ICalDateTime(line.value) else { continue }
            guard let second = value.secondOfDay, line.parameter("VALUE")?.uppercased() != "DATE" else {
                return "it is an all-day event: its time is set in its calendar program"
            }
            switch shift {
            case .instant(let seconds):
                let rules: ZoneRules
                if value.isUTC { rules = .utc } else if let tzid = line.parameter("TZID") {
                    guard let zone = resolver.resolve(tzid).flatMap(zones.rules) else { return "its time zone '\(tzid)' is unknown here" }
                    rules = zone
                } else {
                    rules = zones.machine
                }
                let instant = value.instant(in: rules).addingTimeInterval(seconds)
                moved.append((name, (value.isUTC ? ICalDateTime.utc(instant) : ICalDateTime.local(instant, in: rules)).text))
            case .wallClock(let seconds):
                let total = second + seconds
                if name == "DTSTART", total < 0 || total >= 86_400 {
                    return "the new time would move its repeating event to other days: move it in its calendar program"
                }
                let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
                moved.append((name, ICalDateTime(date: value.date.adding(days: days), secondOfDay: total - days * 86_400, isUTC: value.isUTC).text))
            }
        }
        for (name, value) in moved { set(name, value) }
        return nil
    }

    /// The RFC 9074 marks: ACKNOWLEDGED in every reminder that rings (a Stop answers all that
    /// were due; a client compares the mark with each reminder's time, so one due later still
    /// rings), and the snooze VALARM, related to the first (the one the alarm is made of).
    mutating func write(_ marks: SyncMarks, record: AlarmRecord?) {
        guard let event = master() else { return }
        let valarms = event.parsed.components("VALARM")
        let ringing = ForeignEvent.ringing(valarms)
        guard let rung = ringing.first else { return }
        let alarm = valarms[rung]
        if let acknowledged = marks.acknowledged {
            let text = ICalDateTime.utc(acknowledged).text
            for index in ringing where valarms[index].first("ACKNOWLEDGED")?.value != text {
                set("ACKNOWLEDGED", text, valarm: index, after: ["TRIGGER"])
            }
        }
        let alarmUID = alarm.first("UID").map { ICalText.unescape($0.value) }
        let snoozeIndex = valarms.firstIndex { other in
            other.all("RELATED-TO").contains { $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" && ICalText.unescape($0.value) == alarmUID }
        }
        if let until = marks.snoozedUntil {
            let trigger = ICalDateTime.utc(until).text
            if let snoozeIndex {
                if valarms[snoozeIndex].first("TRIGGER")?.value != trigger { set("TRIGGER", trigger, [("VALUE", "DATE-TIME")], valarm: snoozeIndex) }
                return
            }
            var relatedUID = alarmUID
            if relatedUID == nil {
                relatedUID = UUID().uuidString
                set("UID", relatedUID!, valarm: rung, after: ["ACTION"])
            }
            guard let rungRaw = component(rung) else { return }
            let title = base?.record.presentation.alert.title.text ?? record?.presentation.alert.title.text ?? "Alarm"
            raw.insert([
                raw.written("BEGIN", "VALARM"), raw.written("UID", UUID().uuidString), raw.written("ACTION", "DISPLAY"),
                raw.written("DESCRIPTION", ICalText.escape(title)), raw.written("TRIGGER", trigger, [("VALUE", "DATE-TIME")]),
                raw.written("RELATED-TO", relatedUID!, [("RELTYPE", "SNOOZE")]), raw.written("END", "VALARM"),
            ], at: rungRaw.end + 1)
            changed = true
        } else if let snoozeIndex, let snooze = component(snoozeIndex) {
            // The snooze ended (a Stop after it): RFC 9074 drops its VALARM.
            raw.remove(snooze.begin...snooze.end)
            changed = true
        }
    }

    /// DTSTAMP and LAST-MODIFIED now (RFC 5545: the object changed), SEQUENCE as `marks` say.
    mutating func stamp(_ marks: SyncMarks?, now: Date) {
        guard changed else { return }
        let modified = ICalDateTime.utc(max(marks?.lastModified ?? now, base?.lastModified ?? .distantPast)).text
        set("DTSTAMP", ICalDateTime.utc(now).text, after: ["UID"])
        set("LAST-MODIFIED", modified, after: ["DTSTAMP"])
        if let marks, marks.sequence > (base?.sequence ?? 0) {
            set("SEQUENCE", "\(marks.sequence)", after: ["LAST-MODIFIED"])
        }
    }
}
