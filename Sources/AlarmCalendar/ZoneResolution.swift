import AlarmModel
import AlarmCore
import FoundationEssentials

/// What the codec knows of time zones, handed in by its caller (the codec reads no file):
/// rules by IANA name, the names to match a VTIMEZONE's rules against, and the machine's zone
/// (what floating times and alarms without a zone follow).
package struct ZoneLookup: Sendable {
    package var rules: @Sendable (String) -> ZoneRules?
    /// Candidate IANA names for a zone known only by its VTIMEZONE rules (zone1970.tab's).
    package var names: [String]
    package var machine: ZoneRules

    /// `names` has no default: a codec without them cannot match a VTIMEZONE-only zone, and
    /// an event alarmctl imports would then be refused by alarmd's sync. The system's lookup
    /// is AlarmSystem's `ZoneLookup.system(machine:)`.
    package init(machine: ZoneRules, names: [String], rules: @escaping @Sendable (String) -> ZoneRules?) {
        self.machine = machine
        self.names = names
        self.rules = rules
    }
}

/// Finds the IANA zone a TZID means: the name itself (`America/New_York`), the tail of a
/// prefixed one (`/mozilla.org/20050126_1/Europe/Berlin`, `/citadel.org/.../Europe/Berlin`),
/// a Windows name as CLDR maps it (Outlook's `W. Europe Standard Time`: Europe/Berlin), the
/// VTIMEZONE's `X-LIC-LOCATION`, or a zone whose offsets agree with the VTIMEZONE's rules
/// around their transitions (custom names).
struct ZoneResolver {
    let lookup: ZoneLookup
    let timezones: [String: ICalComponent]
    let now: Date
    private var cache: [String: String?] = [:]
    /// The most STANDARD and DAYLIGHT parts a VTIMEZONE may have to be matched by its rules
    /// (the tz database's busiest zones have under 300 transitions in all).
    static let maxObservances = 1000

    init(lookup: ZoneLookup, timezones: [ICalComponent], now: Date) {
        self.lookup = lookup
        self.now = now
        var byID: [String: ICalComponent] = [:]
        for zone in timezones { if let id = zone.first("TZID")?.value { byID[id] = zone } }
        self.timezones = byID
    }

    /// The IANA name for `tzid`, or nil if no zone can be found for it.
    mutating func resolve(_ tzid: String) -> String? {
        if let known = cache[tzid] { return known }
        let found = find(tzid)
        cache[tzid] = found
        return found
    }

    private func find(_ tzid: String) -> String? {
        if let name = byName(tzid) { return name }
        if let name = byWindowsName(tzid) { return name }
        guard let vtimezone = timezones[tzid] else { return nil }
        if let location = vtimezone.first("X-LIC-LOCATION")?.value, let name = byName(location) { return name }
        return byRules(vtimezone, tzid: tzid)
    }

    /// The name, or its last one, two or three path components, as a tz name.
    private func byName(_ text: String) -> String? {
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, trimmed.utf8.count <= 200 else { return nil }
        let parts = trimmed.split(separator: "/").map(String.init)
        guard !parts.contains("..") else { return nil }
        var tries = [trimmed.hasPrefix("/") ? "" : trimmed]
        for count in [3, 2, 1] where parts.count >= count { tries.append(parts.suffix(count).joined(separator: "/")) }
        for name in tries where !name.isEmpty && !name.hasPrefix("/") {
            if lookup.rules(name) != nil { return name }
        }
        return nil
    }

    /// CLDR's zone for a Windows name or display name (`WindowsZones`, generated from CLDR):
    /// of its names, one the tz database lists in zone1970.tab (today's name, Asia/Kolkata
    /// rather than CLDR's Asia/Calcutta), else the first this system has.
    private func byWindowsName(_ tzid: String) -> String? {
        let trimmed = String(tzid.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let candidates = WindowsZones.byName[trimmed] ?? WindowsZones.byName[ICalText.unescape(trimmed)] else { return nil }
        return candidates.first { lookup.names.contains($0) && lookup.rules($0) != nil } ?? candidates.first { lookup.rules($0) != nil }
    }

    /// A candidate zone whose UTC offset agrees with the VTIMEZONE's an hour before and after
    /// each of its onsets this year and next, and in mid-January and mid-July; a name whose
    /// city appears in the TZID is preferred.
    private func byRules(_ vtimezone: ICalComponent, tzid: String) -> String? {
        let year = LocalDate(dayNumber: Int(clampingFinite: now.timeIntervalSince1970 / 86_400)).year
        // A real zone has a few dozen observances; one of thousands (a hostile calendar) is
        // not matched, and its events are refused as in an unknown zone.
        guard vtimezone.children.count <= Self.maxObservances else { return nil }
        let observances = vtimezone.children.compactMap(Observance.init)
        guard !observances.isEmpty else { return nil }
        var onsets: [(instant: Int, offset: Int)] = []
        for observance in observances { onsets += observance.onsets(years: (year - 1)...(year + 1)) }
        onsets.sort { $0.instant < $1.instant }
        guard let first = onsets.first else { return nil }
        let earliestFrom = observances.first { $0.offsetTo == first.offset }?.offsetFrom ?? first.offset
        func offset(at instant: Int) -> Int { onsets.last { $0.instant <= instant }?.offset ?? earliestFrom }
        var samples: [Int] = []
        for onset in onsets where LocalDate(dayNumber: onset.instant / 86_400).year >= year {
            samples += [onset.instant - 3600, onset.instant + 3600]
        }
        for y in [year, year + 1] {
            samples += [LocalDate(year: y, month: 1, day: 15).dayNumber * 86_400, LocalDate(year: y, month: 7, day: 15).dayNumber * 86_400]
        }
        let expected = samples.map(offset(at:))
        let lowered = tzid.lowercased()
        var match: String?
        for name in lookup.names {
            guard let rules = lookup.rules(name), samples.indices.allSatisfy({ rules.secondsFromGMT(at: samples[$0]) == expected[$0] }) else { continue }
            let city = String((name.split(separator: "/").last.map(String.init) ?? name).map { $0 == "_" ? " " : $0 }).lowercased()
            if lowered.contains(city) { return name }
            if match == nil { match = name }
        }
        return match
    }
}

/// A VTIMEZONE's STANDARD or DAYLIGHT: from its DTSTART (local, in the offset before), the
/// offset becomes `offsetTo`, once or yearly by `RRULE:FREQ=YEARLY;BYMONTH=m;BYDAY=nDD`.
struct Observance {
    var start: ICalDateTime
    var offsetFrom: Int
    var offsetTo: Int
    var month: Int?
    var weekday: Int?
    var ordinal: Int?

    init?(_ component: ICalComponent) {
        guard component.name == "STANDARD" || component.name == "DAYLIGHT",
              let start = component.first("DTSTART").flatMap({ ICalDateTime($0.value) }),
              let from = component.first("TZOFFSETFROM").flatMap({ Observance.offset($0.value) }),
              let to = component.first("TZOFFSETTO").flatMap({ Observance.offset($0.value) }) else { return nil }
        self.start = start
        offsetFrom = from
        offsetTo = to
        if let rule = component.first("RRULE").map({ RecurrenceRule($0.value) }), rule.parts["FREQ"] == "YEARLY",
           let month = rule.parts["BYMONTH"].flatMap({ Int($0) }), let byday = rule.parts["BYDAY"],
           let day = RecurrenceRule.ordinalDay(byday) {
            self.month = month
            self.ordinal = day.ordinal
            self.weekday = day.weekday
        }
    }

    /// `+0100`, `-0500`, `+053000`.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)), let minutes = Int(String(decoding: bytes[3..<5], as: UTF8.self)) else { return nil }
        let seconds = bytes.count == 7 ? Int(String(decoding: bytes[5..<7], as: UTF8.self)) ?? 0 : 0
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }

    /// The UTC instants of its onsets in `years` (its DTSTART alone when it does not recur).
    func onsets(years: ClosedRange<Int>) -> [(instant: Int, offset: Int)] {
        let second = start.secondOfDay ?? 0
        guard let month, let weekday, let ordinal, (1...12).contains(month) else {
            return [(start.date.dayNumber * 86_400 + second - offsetFrom, offsetTo)]
        }
        return years.compactMap { year in
            guard year >= start.date.year, let day = RecurrenceRule.nthWeekday(ordinal, weekday, month: month, year: year) else { return nil }
            return (day.dayNumber * 86_400 + second - offsetFrom, offsetTo)
        }
    }
}
