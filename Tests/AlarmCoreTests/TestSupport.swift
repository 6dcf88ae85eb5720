import Foundation
import OpenAlarmKit

/// An instant written the way the tests reason about it: ISO 8601 with its UTC offset.
/// Parsed by Foundation's formatter, not by the code under test.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("no zone \(identifier)") }
    return zone
}

/// Renders an instant in a zone with Foundation's formatter, so failures read like the expectations.
func rendered(_ date: Date?, in timeZone: TimeZone) -> String {
    guard let date else { return "nil" }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = timeZone
    return formatter.string(from: date)
}

let everyDay: [Locale.Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

func dailyAt(_ hour: Int, _ minute: Int) -> Alarm.Schedule {
    .relative(.init(time: .init(hour: hour, minute: minute), repeats: .weekly(everyDay)))
}

func weeklyAt(_ hour: Int, _ minute: Int, _ days: [Locale.Weekday]) -> Alarm.Schedule {
    .relative(.init(time: .init(hour: hour, minute: minute), repeats: .weekly(days)))
}

func onceAt(_ hour: Int, _ minute: Int) -> Alarm.Schedule {
    .relative(.init(time: .init(hour: hour, minute: minute), repeats: .never))
}
