import AlarmCore
import FoundationEssentials
import LinuxSupport

/// What is wrong in config.toml, with where: `config.toml:7: [sound] volum: unknown key (did
/// you mean 'volume'?)`. Unknown sections and keys are errors, not silently ignored: a typo
/// would otherwise leave an alarm quieter or shorter than the person set it.
public struct ConfigProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var key: String?
    public var message: String
    /// The dotted key (`sound.volume`) a value check refused, so that `DaemonConfig.load` can
    /// point at the line that sets it; not shown.
    public var setting: String? = nil

    /// The same problem in the file at `path` (a setting's check knows no file).
    func at(_ path: String) -> ConfigProblem {
        var problem = self
        problem.path = path
        return problem
    }

    public var description: String {
        var text = path
        if let line { text += ":\(line)" }
        if let key { text += ": \(key)" }
        return text + ": " + message
    }
}

/// The keys config.toml may hold, per section. Adding a setting: add its key here and its
/// decoding and range check in `DaemonConfig`.
public enum ConfigKeys {
    public static let known: [String: [String]] = [
        "sound": ["device", "volume", "ramp", "min_volume", "pause_media"],
        "alarms": ["snooze", "ring_timeout", "late_tolerance", "max_per_app"],
        "system": ["wake_early"],
        "sync": ["url", "username", "password_command", "interval", "ca_file"],
        // [[calendars]], one table per subscription (docs/ICALENDAR.md).
        "calendars": ["name", "url", "username", "password_command", "interval", "ca_file"],
    ]

    /// Unknown sections and keys in `text`, each with its line and the nearest known name.
    /// A light line scan (headers, `key = value`), enough for this flat file; the values
    /// themselves are judged by the TOML decoder and the range checks.
    public static func unknownKeys(in text: String, path: String) -> [ConfigProblem] {
        var problems: [ConfigProblem] = []
        var section: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmed() ?? ""
            guard !line.isEmpty else { continue }
            if line.hasPrefix("[") {
                let name = line.trimmed { "[] ".contains($0) }
                section = name
                if known[name] == nil {
                    problems.append(ConfigProblem(path: path, line: index + 1, key: "[\(name)]", message: "unknown section" + suggestion(name, among: Array(known.keys))))
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmed().trimmed { $0 == "\"" || $0 == "'" }
            guard let section else {
                problems.append(ConfigProblem(path: path, line: index + 1, key: key, message: "a key outside any section; put it under [sound], [alarms] or [system]"))
                continue
            }
            guard let keys = known[section] else { continue }  // reported with its section
            if !keys.contains(key) {
                problems.append(ConfigProblem(path: path, line: index + 1, key: "[\(section)] \(key)", message: "unknown key" + suggestion(key, among: keys)))
            }
        }
        return problems
    }

    /// The line of a section's header (`[sync]`).
    public static func line(ofSection section: String, in text: String) -> Int? {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmed()
            if line.hasPrefix("["), line.split(separator: "#").first.map({ $0.trimmed { "[] ".contains($0) } }) == section { return index + 1 }
        }
        return nil
    }

    /// The line that sets `section.key`, for errors found after decoding (a value out of range).
    public static func line(of dottedKey: String, in text: String) -> Int? {
        let parts = dottedKey.split(separator: ".").map(String.init)
        guard parts.count == 2 else { return nil }
        var section: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmed()
            if line.hasPrefix("[") {
                section = line.split(separator: "#").first.map { $0.trimmed { "[] ".contains($0) } }
            } else if section == parts[0], let equals = line.firstIndex(of: "="),
                line[..<equals].trimmed() == parts[1]
            {
                return index + 1
            }
        }
        return nil
    }

    private static func suggestion(_ name: String, among candidates: [String]) -> String {
        let scored = candidates.map { (name: $0, distance: editDistance(name.lowercased(), $0)) }.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        guard let best = scored.first, best.distance <= max(2, name.count / 3) else {
            return " (known: \(candidates.sorted().joined(separator: ", ")))"
        }
        return " (did you mean '\(best.name)'?)"
    }

    /// Levenshtein distance: the fewest single-character edits from one to the other.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        AlarmCore.editDistance(Array(a), Array(b))
    }
}
