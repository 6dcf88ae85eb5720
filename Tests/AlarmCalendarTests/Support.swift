import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmSystem
import Foundation

/// The system's zones, as alarmctl hands them to the codec.
let zones = ZoneLookup.system(machine: ZoneRules.named("Europe/Berlin")!)

func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/icalendar/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

extension EventResult {
    var imported: ImportedEvent? { if case .alarm(let event) = self { event } else { nil } }
    var refused: RefusedEvent? { if case .refused(let refusal) = self { refusal } else { nil } }
}

/// What an import must give back: the configuration (the daemon sets the phase).
func configuration(_ record: AlarmRecord) -> AlarmRecord {
    var copy = record
    copy.phase = .scheduled(fireDate: Date(timeIntervalSince1970: 0))
    return copy
}

/// The next fires of an imported alarm, as AlarmCore computes them for the daemon (its
/// lifecycle: an event's schedule or an AlarmKit one, in the alarm's zone).
func fires(_ record: AlarmRecord, after: Date, count: Int) -> [Date] {
    calendarFires(record, after: after, count: count)
}
