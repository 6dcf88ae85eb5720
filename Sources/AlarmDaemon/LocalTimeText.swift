import Foundation

/// Times and weekdays as the person's locale writes them, for everything alarmd and alarmctl
/// print for people (`--json` keeps numbers). The locale is POSIX's: `LC_ALL`, else
/// `LC_TIME`, else `LANG`; its conventions (12 or 24 hours, AM/PM, weekday names) come from
/// ICU's data for it, so they hold whether or not the system has that locale compiled.
/// The C and POSIX locales (and none) keep the fixed forms: `Mon 06:30`, `Mon 06:30:15`.
public struct LocalTimeText: Sendable {
    /// nil for C/POSIX.
    public let locale: Locale?

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
            locale = nil
            return
        }
        locale = Locale(identifier: String(language))
    }

    /// "Mon 06:30" / "Mon 6:30 AM" / "Mo. 06:30". With `seconds`, the seconds are shown
    /// when they are not zero.
    public func weekdayAndTime(_ date: Date, zone: TimeZone, seconds: Bool) -> String {
        guard let locale else { return "\(Self.fixedWeekday(date, zone: zone)) \(Self.fixedTime(date, zone: zone, seconds: seconds))" }
        return Self.format(date, template: Self.showsSeconds(date, zone: zone, seconds) ? "EEEjmmss" : "EEEjmm", locale: locale, zone: zone)
    }

    /// The same with the date, for instants beyond the coming week: "Mon 2026-06-09 06:30".
    public func weekdayDateAndTime(_ date: Date, zone: TimeZone, seconds: Bool) -> String {
        guard let locale else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            return "\(Self.fixedWeekday(date, zone: zone)) \(day) \(Self.fixedTime(date, zone: zone, seconds: seconds))"
        }
        return Self.format(date, template: Self.showsSeconds(date, zone: zone, seconds) ? "EEEyMMMdjmmss" : "EEEyMMMdjmm", locale: locale, zone: zone)
    }

    /// "06:30" / "6:30 AM".
    public func time(_ date: Date, zone: TimeZone, seconds: Bool) -> String {
        guard let locale else { return Self.fixedTime(date, zone: zone, seconds: seconds) }
        return Self.format(date, template: Self.showsSeconds(date, zone: zone, seconds) ? "jmmss" : "jmm", locale: locale, zone: zone)
    }

    /// A wall-clock time of day (a schedule's), in no particular zone.
    public func time(hour: Int, minute: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2001, month: 1, day: 1, hour: hour, minute: minute)) ?? Date(timeIntervalSinceReferenceDate: 0)
        return time(date, zone: calendar.timeZone, seconds: false)
    }

    /// Short weekday names, Sunday first, as the locale writes them ("Sun" ... in C).
    public var shortWeekdays: [String] {
        guard let locale else { return Self.fixedWeekdays }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return calendar.shortWeekdaySymbols
    }

    private static func showsSeconds(_ date: Date, zone: TimeZone, _ asked: Bool) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return asked && calendar.component(.second, from: date) != 0
    }

    private static let fixedWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    private static func fixedWeekday(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return fixedWeekdays[(calendar.component(.weekday, from: date) - 1 + 7) % 7]
    }

    private static func fixedTime(_ date: Date, zone: TimeZone, seconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let second = parts.second ?? 0
        return seconds && second != 0
            ? String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, second)
            : String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    private static func format(_ date: Date, template: String, locale: Locale, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        formatter.setLocalizedDateFormatFromTemplate(template)
        // ICU puts a narrow no-break space before AM/PM; POSIX's %p convention, and every
        // terminal font, has a plain one.
        return formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
    }
}
