import AlarmCore
import FoundationEssentials
import LinuxSupport

/// How the editor offers repeats, as GNOME Calendar's event editor does: a kind (the Repeat
/// row), the details that kind needs (days, weeks apart, a day of the month, a weekday of the
/// month, a date of the year) and an end (the Ends row). Everything else an event's rule may
/// say is shown in words and kept (`asInCalendar`).
package enum RepeatKind: Int, CaseIterable, Hashable, Sendable {
    /// Once: at the next such time, or on a date.
    case never
    /// Every week on the chosen days (GNOME Clocks' day toggles).
    case weekly
    /// Every 2 or more weeks on the chosen days.
    case everyFewWeeks
    /// Monthly on a day of the month (the 15th, the last day).
    case monthlyByDate
    /// Monthly on a weekday of the month (the first Monday, the last Friday).
    case monthlyByWeekday
    /// Yearly on a date (3 May).
    case yearly
    /// The schedule the alarm has, which the kinds above cannot show (an imported event's
    /// BYSETPOS, its changed occurrences, its own reminders): said in words, and kept.
    case asInCalendar

    /// The Repeat row's choices, in its order; `asInCalendar` only for an alarm that has one.
    package static let offered: [RepeatKind] = [.never, .weekly, .everyFewWeeks, .monthlyByDate, .monthlyByWeekday, .yearly]

    package var label: String {
        switch self {
        case .never: tr("Never")
        case .weekly: tr("Weekly")
        case .everyFewWeeks: tr("Every Few Weeks")
        case .monthlyByDate: tr("Monthly by Date")
        case .monthlyByWeekday: tr("Monthly by Weekday")
        case .yearly: tr("Yearly")
        case .asInCalendar: tr("As in the Calendar")
        }
    }

    /// Whether the day toggles belong to it (or may turn it into a weekly repeat).
    package var hasDays: Bool { self == .never || self == .weekly || self == .everyFewWeeks }
    /// Whether it repeats with an end of the editor's (the Ends row).
    package var hasEnd: Bool { self != .never && self != .asInCalendar }
}

/// When a repeat stops: never, after the last day of a date, or after a number of times
/// (counted from the first time it rings).
package enum RepeatEnd: Hashable, Sendable {
    case never
    case until(LocalDate)
    case count(Int)

    /// The Ends row's choices, in its order (`index`).
    package static var labels: [String] { [tr("Never"), tr("On a Date"), tr("After a Number of Times")] }
    package static let untilIndex = 1
    package static let countIndex = 2

    package var index: Int {
        switch self {
        case .never: 0
        case .until: Self.untilIndex
        case .count: Self.countIndex
        }
    }
}

/// The words of the details' choices, as the rows list them.
package enum RepeatWords {
    /// "First" ... "Fifth", "Last": the weekday of the month (`AlarmForm.weekdayOrdinal`).
    package static var ordinals: [(ordinal: Int, label: String)] {
        [(1, tr("First")), (2, tr("Second")), (3, tr("Third")), (4, tr("Fourth")), (5, tr("Fifth")), (-1, tr("Last"))]
    }

    /// The months, January first.
    package static var months: [String] {
        [tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"),
         tr("July"), tr("August"), tr("September"), tr("October"), tr("November"), tr("December")]
    }

    /// "1" ... "31", and "Last Day" for a monthly repeat (`AlarmForm.monthDay` -1).
    package static func monthDays(lastDay: Bool) -> [String] {
        (1...31).map { String($0) } + (lastDay ? [tr("Last Day")] : [])
    }
}
