import AlarmCore
import CLinux
import FoundationEssentials

/// Times and weekdays as the person's locale writes them, for everything alarmd and alarmctl
/// print for people (`--json` keeps numbers). The locale is POSIX's: `LC_ALL`, else
/// `LC_TIME`, else `LANG`; its conventions (12 or 24 hours, AM/PM, weekday names, date order)
/// come from glibc's compiled locale (`nl_langinfo_l`, `strftime_l`), as for any C program, so
/// no ICU is loaded. The C and POSIX locales, and a locale the system has not compiled
/// (`locale -a` lacks it), keep the fixed forms: `Mon 06:30`, `Mon 06:30:15`.
public struct LocalTimeText: Sendable {
    /// nil for C/POSIX, and for a locale the system lacks.
    public let conventions: Conventions?

    /// What the locale says about writing times, read once.
    public struct Conventions: Sendable, Equatable {
        /// The name glibc opened (`de_DE.UTF-8`), reopened for `strftime_l` of dates.
        public var localeName: String
        /// `T_FMT` uses a 12-hour clock (`%I`, `%l`, `%r`).
        public var twelveHour: Bool
        public var am: String
        public var pm: String
        /// `ABDAY_1...7`, Sunday first.
        public var shortWeekdays: [String]
        /// `DAY_1...7`, Sunday first.
        public var weekdays: [String]
        /// The first day of the week, 0 (Sunday) to 6: glibc's `first_weekday` (`de_DE`
        /// Monday, `en_US` Sunday).
        public var firstWeekday: Int
    }

    public static let current = LocalTimeText(environment: ProcessInfo.processInfo.environment)

    public init(environment: [String: String]) {
        let chosen = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
        self.init(posixName: chosen)
    }

    /// `posixName`: `de_DE.UTF-8`, `en_US`, `C`, ...
    public init(posixName: String?) {
        guard let name = posixName, let language = name.split(separator: ".").first?.split(separator: "@").first,
            !["C", "POSIX"].contains(String(language))
        else {
            conventions = nil
            return
        }
        // `de_DE` is often compiled only as `de_DE.UTF-8`.
        let candidates = [name, String(language) + ".UTF-8", String(language) + ".utf8"]
        conventions = candidates.lazy.compactMap(Self.conventions(of:)).first
    }

    private static func conventions(of name: String) -> Conventions? {
        guard let locale = oak_time_locale(name) else { return nil }
        defer { oak_free_locale(locale) }
        func item(_ index: Int32) -> String { String(cString: oak_time_item(locale, index)) }
        let timeFormat = item(7)
        let twelveHour = ["%I", "%l", "%r"].contains { timeFormat.contains($0) }
        return Conventions(
            localeName: name, twelveHour: twelveHour, am: item(9), pm: item(10), shortWeekdays: (0..<7).map { item(Int32($0)) },
            weekdays: (12..<19).map { item(Int32($0)) }, firstWeekday: Int(oak_time_first_weekday(locale)))
    }

    private init(conventions: Conventions?) { self.conventions = conventions }

    /// The same locale with a 12-hour (`true`) or 24-hour clock, whatever the locale says: the
    /// desktop's own clock setting, where there is one. A locale without AM/PM words (`de_DE`)
    /// writes "AM" and "PM", as GLib does. The C and POSIX locales keep their fixed forms.
    public func withTwelveHourClock(_ twelveHour: Bool) -> LocalTimeText {
        guard var changed = conventions else { return self }
        changed.twelveHour = twelveHour
        if twelveHour, changed.am.isEmpty || changed.pm.isEmpty { (changed.am, changed.pm) = ("AM", "PM") }
        return LocalTimeText(conventions: changed)
    }

    /// The first day of the week, as `Locale.Weekday`: the locale's, Monday in C and POSIX
    /// (ISO 8601, as their fixed forms are).
    public var firstWeekday: Locale.Weekday {
        let sundayFirst: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        guard let conventions, sundayFirst.indices.contains(conventions.firstWeekday) else { return .monday }
        return sundayFirst[conventions.firstWeekday]
    }

    /// The weekday names a time spec takes: English's, and this locale's full names and
    /// abbreviations (`add montag 7:00` under de_DE).
    public var weekdayNames: WeekdayNames {
        guard let conventions else { return .english }
        return WeekdayNames(localeName: conventions.localeName, sundayFirstFull: conventions.weekdays, short: conventions.shortWeekdays)
    }

    /// "Mon 06:30" / "Mon 6:30 PM" / "Mo 18:30". With `seconds`, the seconds are shown
    /// when they are not zero.
    public func weekdayAndTime(_ date: Date, zone: ZoneRules, seconds: Bool) -> String {
        let local = LocalClock(date, zone: zone)
        var text = shortWeekdays[local.date.weekdayIndex]
        text += " "
        text += clock(local, seconds: seconds)
        return text
    }

    /// The same with the date, for instants beyond the coming week: "Mon 2026-06-09 06:30"
    /// (C), "Mon 06/09/2026 6:30 PM" (en_US: the locale's `%x`).
    public func weekdayDateAndTime(_ date: Date, zone: ZoneRules, seconds: Bool) -> String {
        let local = LocalClock(date, zone: zone)
        return "\(shortWeekdays[local.date.weekdayIndex]) \(day(local)) \(clock(local, seconds: seconds))"
    }

    /// A calendar day with its weekday: "Thu 2026-12-24" (C), "Thu 12/24/2026" (en_US),
    /// "Do 24.12.2026" (de_DE).
    public func weekdayAndDate(_ date: LocalDate) -> String {
        "\(shortWeekdays[date.weekdayIndex]) \(day(LocalClock(date: date, hour: 0, minute: 0, second: 0)))"
    }

    /// "06:30" / "6:30 PM".
    public func time(_ date: Date, zone: ZoneRules, seconds: Bool) -> String {
        clock(LocalClock(date, zone: zone), seconds: seconds)
    }

    /// A wall-clock time of day (a schedule's), in no particular zone.
    public func time(hour: Int, minute: Int) -> String {
        clock(LocalClock(date: LocalDate(year: 2001, month: 1, day: 1), hour: hour, minute: minute, second: 0), seconds: false)
    }

    /// Short weekday names, Sunday first, as the locale writes them ("Sun" ... in C).
    public var shortWeekdays: [String] { conventions?.shortWeekdays ?? Self.fixedWeekdays }

    private static let fixedWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// `HH:MM[:SS]`, or `h:MM[:SS] PM` where the locale keeps a 12-hour clock; seconds only
    /// when asked for and not zero.
    private func clock(_ local: LocalClock, seconds: Bool) -> String {
        let second = seconds && local.second != 0 ? local.second : nil
        let twelveHour = conventions?.twelveHour == true
        let hour = twelveHour ? (local.hour % 12 == 0 ? 12 : local.hour % 12) : local.hour
        let digits: String
        if (0...99).contains(hour), (0...99).contains(local.minute), (0...99).contains(second ?? 0) {
            digits = Self.digits(hour, local.minute, second, padHour: !twelveHour)
        } else {  // a schedule's time out of range: as it always read
            digits = (twelveHour ? "\(hour)" : pad2(hour)) + ":" + pad2(local.minute) + (second.map { ":" + pad2($0) } ?? "")
        }
        guard let conventions, twelveHour else { return digits }
        let marker = local.hour < 12 ? conventions.am : conventions.pm
        return digits + (marker.isEmpty ? "" : " " + marker)
    }

    /// `H:MM[:SS]`, `HH:MM[:SS]` with `padHour`, each number 0...99, written as bytes: `list`
    /// writes one a row, and concatenating the pieces as Strings cost more than the rest of it.
    private static func digits(_ hour: Int, _ minute: Int, _ second: Int?, padHour: Bool) -> String {
        String(unsafeUninitializedCapacity: 8) { out in
            var at = 0
            func two(_ value: Int, pad: Bool) {
                if pad || value >= 10 {
                    out[at] = UInt8(ascii: "0") + UInt8(value / 10)
                    at += 1
                }
                out[at] = UInt8(ascii: "0") + UInt8(value % 10)
                at += 1
            }
            two(hour, pad: padHour)
            out[at] = UInt8(ascii: ":")
            at += 1
            two(minute, pad: true)
            if let second {
                out[at] = UInt8(ascii: ":")
                at += 1
                two(second, pad: true)
            }
            return at
        }
    }

    /// The date: ISO 8601 in C, else the locale's `%x` through `strftime_l`.
    private func day(_ local: LocalClock) -> String {
        guard let conventions, let locale = oak_time_locale(conventions.localeName) else { return local.date.description }
        defer { oak_free_locale(locale) }
        var buffer = [CChar](repeating: 0, count: 128)
        let written = oak_strftime(
            &buffer, buffer.count, "%x", locale, Int32(clamping: local.date.year), Int32(local.date.month), Int32(local.date.day),
            Int32(local.date.weekdayIndex), Int32(local.hour), Int32(local.minute), Int32(local.second))
        guard written > 0 else { return local.date.description }
        return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// An instant on a zone's wall clock, from its UTC offset and days-from-civil arithmetic.
private struct LocalClock {
    var date: LocalDate
    var hour: Int
    var minute: Int
    var second: Int

    init(date: LocalDate, hour: Int, minute: Int, second: Int) {
        (self.date, self.hour, self.minute, self.second) = (date, hour, minute, second)
    }

    init(_ instant: Date, zone: ZoneRules) {
        let raw = instant.timeIntervalSince1970
        let seconds = raw.isFinite && abs(raw) < 1e12 ? Int(raw.rounded(.down)) : 0
        let local = seconds + zone.secondsFromGMT(at: seconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        self.init(date: LocalDate(dayNumber: days), hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }
}
