import FoundationEssentials
import AlarmSystem
import LinuxSupport

/// The days a weekly alarm rings, and how a row says them: "Every day", "Weekdays", "Weekends",
/// or the locale's short names from the locale's first day of the week (`order(startingOn:)`,
/// as the dialog's toggles show them).
package struct WeekdaySet: Hashable, Sendable {
    /// Monday first (index 0) to Sunday (index 6).
    package static let order: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
    package static let weekdays: Set<Locale.Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    package static let everyDay = Set(order)

    package var days: Set<Locale.Weekday>

    package init(_ days: some Sequence<Locale.Weekday>) { self.days = Set(days) }

    /// In Monday-first order, as schedules are sent.
    package var ordered: [Locale.Weekday] { Self.order.filter(days.contains) }

    /// The seven days from `first` on: the week as the locale counts it (Sunday first in
    /// en_US, Monday first in de_DE).
    package static func order(startingOn first: Locale.Weekday) -> [Locale.Weekday] {
        let start = order.firstIndex(of: first) ?? 0
        return Array(order[start...] + order[..<start])
    }

    package func text(localTime: LocalTimeText) -> String {
        if days == Self.everyDay { return tr("Every day") }
        if days == Self.weekdays { return tr("Weekdays") }
        if days == [.saturday, .sunday] { return tr("Weekends") }
        return Self.order(startingOn: localTime.firstWeekday).filter(days.contains).map {
            localTime.shortWeekdays[Self.sundayFirstIndex($0)]
        }.joined(separator: ", ")
    }

    /// The index into `LocalTimeText.shortWeekdays` (Sunday first, as C's `ABDAY_1...7`).
    package static func sundayFirstIndex(_ day: Locale.Weekday) -> Int {
        switch day {
        case .sunday: 0
        case .monday: 1
        case .tuesday: 2
        case .wednesday: 3
        case .thursday: 4
        case .friday: 5
        case .saturday: 6
        @unknown default: 0
        }
    }
}
