import AlarmCore
import Foundation
import AlarmModel

/// An instant written the way the tests reason about it: ISO 8601 with its UTC offset.
/// Parsed by Foundation's formatter, not by the code under test.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// The system's TZif file of `identifier`, read by the code under test (`ZoneRules`).
func zone(_ identifier: String) -> ZoneRules {
    let path = zoneInfoFolder + "/" + identifier
    guard let data = FileManager.default.contents(atPath: path) else { fatalError("no zone file \(path) (install tzdata)") }
    do { return try ZoneRules(identifier: identifier, tzif: [UInt8](data)) } catch { fatalError("\(path): \(error)") }
}

let zoneInfoFolder = "/usr/share/zoneinfo"

/// The same zone as Foundation's ICU-backed `TimeZone`: the oracle the tests compare with.
func icuZone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("ICU knows no zone \(identifier)") }
    return zone
}

/// Renders an instant in a zone with Foundation's formatter, so failures read like the expectations.
func rendered(_ date: Date?, in timeZone: ZoneRules) -> String {
    guard let date else { return "nil" }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = icuZone(timeZone.identifier)
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
