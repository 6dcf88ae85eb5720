import AlarmCore
import AlarmSystem
import AlarmWords
import FoundationEssentials

/// The days a weekly alarm rings, and how a row says them: "Every day", "Weekdays", "Weekends",
/// or the locale's short names from the locale's first day of the week (`order(startingOn:)`,
/// as the dialog's toggles show them).
package struct WeekdaySet: Hashable, Sendable {
    /// Monday first (index 0) to Sunday (index 6).
    package static let order = AlarmDescription.week
    package static let weekdays: Set<Locale.Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    package static let everyDay = Set(order)

    package var days: Set<Locale.Weekday>

    package init(_ days: some Sequence<Locale.Weekday>) { self.days = Set(days) }

    /// In Monday-first order, as schedules are sent.
    package var ordered: [Locale.Weekday] { Self.order.filter(days.contains) }

    /// The seven days from `first` on: the week as the locale counts it (Sunday first in
    /// en_US, Monday first in de_DE).
    package static func order(startingOn first: Locale.Weekday) -> [Locale.Weekday] { AlarmWords.week(startingOn: first) }

    /// "Every day", "Weekdays", "Weekends", or the locale's short names, as rows and alarmctl
    /// say them (AlarmWords.days).
    package func text(localTime: LocalTimeText) -> String {
        AlarmWords.days(ordered, localTime: localTime)
    }

    /// The index into `LocalTimeText.shortWeekdays` (Sunday first, as C's `ABDAY_1...7`).
    package static func sundayFirstIndex(_ day: Locale.Weekday) -> Int { AlarmWords.sundayFirstIndex(day) }
}
