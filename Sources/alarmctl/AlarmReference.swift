import FoundationEssentials
import AlarmClient

/// How a command-line word names an alarm: by its id, or a prefix of it (case-insensitive,
/// dashes optional), or by its title (whole, case-insensitive). `cancel Dentist` works as
/// long as one alarm has that title; an id prefix that happens to spell a title ("cafe")
/// counts both ways, so a collision is reported, never guessed.
enum AlarmReference {
    /// Every alarm `reference` names, those by id first.
    static func matches(_ reference: String, in alarms: [AlarmRecord]) -> [AlarmRecord] {
        let hex = reference.lowercased().replacing("-", with: "")
        let byID = !hex.isEmpty && hex.allSatisfy(\.isHexDigit) ? alarms.filter { $0.id.lowercaseHex().hasPrefix(hex) } : []
        let title = reference.lowercased()
        let byTitle = reference.isEmpty ? [] : alarms.filter { record in
            record.presentation.alert.title.text.lowercased() == title && !byID.contains { $0.id == record.id }
        }
        return byID + byTitle
    }

    /// Alarms that would ring just as `record` does: the same schedule and title (`add` warns).
    static func twins(of record: AlarmRecord, in alarms: [AlarmRecord]) -> [AlarmRecord] {
        guard let schedule = record.schedule else { return [] }
        let title = record.presentation.alert.title.text.lowercased()
        return alarms.filter { $0.schedule == schedule && $0.presentation.alert.title.text.lowercased() == title }
    }
}
