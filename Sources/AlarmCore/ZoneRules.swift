import FoundationEssentials
import AlarmModel

/// A time zone's rules, read from the system's TZif data (RFC 8536) or a POSIX TZ string,
/// with no ICU: the UTC offset at any instant and the instants where it changes.
///
/// Pure: it is built from bytes (the daemon reads the files, see `SystemTimeZone`). Instants
/// are whole seconds since 1970 (UTC). The transition table of the file is extended at load
/// with its POSIX footer rule up to `tableHorizon`; beyond, the rule is evaluated per year.
public struct ZoneRules: Sendable, Equatable, CustomStringConvertible {
    /// `Europe/Berlin`, `UTC`, or the TZ string it was made from.
    public let identifier: String
    /// Instants (seconds since 1970) at which the local time type changes, ascending.
    let transitions: [Int]
    /// `types[typeIndices[i]]` is in force from `transitions[i]` on.
    let typeIndices: [UInt8]
    let types: [LocalTimeType]
    /// In force before the first transition.
    let initialType: UInt8
    /// After the table: the file's footer, or the TZ string itself.
    let rule: PosixZoneRule?
    /// Made from a TZ string: before the table, the rule still applies.
    let isRuleOnly: Bool

    /// One row of a zone's local time types.
    struct LocalTimeType: Sendable, Equatable {
        var offset: Int
        var isDaylightSaving: Bool
        var abbreviation: String
    }

    /// The table is filled from the footer rule up to the start of this year (UTC), so that
    /// every realistic alarm is a binary search; later instants compute the rule's year.
    static let tableHorizon = LocalDate(year: 2200, month: 1, day: 1).dayNumber * 86_400
    /// A zone made from a TZ string alone starts its table here; before it, the rule is
    /// evaluated per year.
    static let tableStart = LocalDate(year: 1900, month: 1, day: 1).dayNumber * 86_400

    init(identifier: String, transitions: [Int], typeIndices: [UInt8], types: [LocalTimeType],
         initialType: UInt8, rule: PosixZoneRule?, isRuleOnly: Bool = false) {
        var transitions = transitions
        var typeIndices = typeIndices
        var types = types
        if let rule, rule.daylight != nil {
            let last = transitions.last ?? Int.min
            let standard = Self.typeIndex(rule.standard, in: &types)
            let daylight = Self.typeIndex(rule.daylight!, in: &types)
            for change in rule.transitions(from: max(last, Self.tableStart), to: Self.tableHorizon) where change.instant > last {
                transitions.append(change.instant)
                typeIndices.append(change.toDaylight ? daylight : standard)
            }
        }
        self.identifier = identifier
        self.transitions = transitions
        self.typeIndices = typeIndices
        self.types = types
        self.initialType = initialType
        self.rule = rule
        self.isRuleOnly = isRuleOnly
    }

    /// The TZif reader admits at most 254 types, so the rule's two always fit in a byte.
    private static func typeIndex(_ type: LocalTimeType, in types: inout [LocalTimeType]) -> UInt8 {
        if let index = types.firstIndex(of: type) { return UInt8(index) }
        types.append(type)
        return UInt8(types.count - 1)
    }

    /// UTC itself.
    public static let utc = ZoneRules.fixed(secondsFromGMT: 0, identifier: "UTC")

    /// A zone whose offset never changes (`Etc/GMT-3`, a `TZ` of `JST-9`).
    public static func fixed(secondsFromGMT offset: Int, identifier: String, abbreviation: String? = nil) -> ZoneRules {
        let type = LocalTimeType(offset: offset, isDaylightSaving: false, abbreviation: abbreviation ?? identifier)
        return ZoneRules(identifier: identifier, transitions: [], typeIndices: [], types: [type], initialType: 0, rule: nil)
    }

    /// From a POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3` (the form glibc accepts
    /// in `TZ`); its identifier is the string.
    public init(posixTZ text: String) throws(ZoneRulesError) {
        let rule = try PosixZoneRule(parsing: text)
        self.init(identifier: text, transitions: [], typeIndices: [], types: [rule.standard], initialType: 0, rule: rule, isRuleOnly: true)
    }

    // MARK: - Queries

    /// The UTC offset in force at `instant` (seconds since 1970, UTC).
    public func secondsFromGMT(at instant: Int) -> Int { type(at: Self.clamped(instant)).offset }

    public func secondsFromGMT(for date: Date) -> Int { secondsFromGMT(at: Self.seconds(date)) }

    /// The zone's abbreviation at `instant` (`CEST`, `+1030`).
    public func abbreviation(at instant: Int) -> String { type(at: Self.clamped(instant)).abbreviation }

    public func isDaylightSavingTime(at instant: Int) -> Bool { type(at: Self.clamped(instant)).isDaylightSaving }

    /// Queries beyond ±2^40 s (about 35,000 years) answer as at the limit, so that no rule
    /// arithmetic can overflow; TZif times are refused beyond ±2^59 (RFC 8536's "big bang").
    static let queryLimit = 1 << 40

    private static func clamped(_ instant: Int) -> Int { min(max(instant, -queryLimit), queryLimit) }

    /// The first instant strictly after `instant` at which the UTC offset changes; nil if it
    /// never changes again. Changes of name or DST flag alone are not transitions here: the
    /// fire-time policy depends on the offset only.
    public func nextTransition(after instant: Int) -> Int? {
        guard instant < Self.queryLimit else { return nil }
        let instant = max(instant, -Self.queryLimit)
        var offset = secondsFromGMT(at: instant)
        var index = firstTransition(after: instant)
        while index < transitions.count {
            let next = types[Int(typeIndices[index])].offset
            if next != offset { return transitions[index] }
            offset = next
            index += 1
        }
        guard let rule, rule.daylight != nil, (transitions.last ?? instant) < Self.queryLimit else { return nil }
        var from = max(instant, transitions.last ?? instant)
        // A rule that changes the offset does so at least once within two years unless it
        // is all-year daylight time (`EST5EDT4,0/0,J365/25`), which never changes.
        for _ in 0..<3 {
            let to = from + 400 * 86_400
            for change in rule.transitions(from: from, to: to) where change.instant > instant {
                let after = change.toDaylight ? rule.daylight!.offset : rule.standard.offset
                if after != offset { return change.instant }
                offset = after
            }
            from = to
        }
        return nil
    }

    public func nextTransition(after date: Date) -> Date? {
        nextTransition(after: Self.seconds(date)).map { Date(timeIntervalSince1970: Double($0)) }
    }

    public var description: String { identifier }

    // MARK: - Lookup

    private func type(at instant: Int) -> LocalTimeType {
        let index = firstTransition(after: instant)
        if index == 0 {
            if isRuleOnly, let rule {
                return rule.type(at: instant)
            }
            return types[Int(initialType)]
        }
        if index == transitions.count, let rule, instant >= Self.tableHorizon || transitions.isEmpty {
            return rule.type(at: instant)
        }
        return types[Int(typeIndices[index - 1])]
    }

    /// The index of the first transition strictly after `instant` (binary search).
    private func firstTransition(after instant: Int) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whole seconds, rounded down; instants beyond ±1e12 s (about year ±33,000) are clamped.
    static func seconds(_ date: Date) -> Int {
        let value = date.timeIntervalSince1970
        guard value.isFinite else { return 0 }
        return Int(max(-1e12, min(1e12, value)).rounded(.down))
    }
}

extension AlarmRecord {
    /// The live state of the presentation in `zone`; nil while merely scheduled.
    public func presentationState(in zone: ZoneRules) -> AlarmPresentationState? {
        presentationState(secondsFromGMT: zone.secondsFromGMT(for:))
    }
}
