import AlarmAudio
import FoundationEssentials
import LinuxSupport

/// The name popups give an alarm's app: none for the user's own alarms (made with alarmctl:
/// "12:12", not "12:12 · alarmctl"), else the app's name as its desktop entry gives it
/// (`Name=` in `<app id>.desktop` under `applications/` in the XDG data folders, as a desktop
/// shell finds it), else its app id. Looked up once per app id and kept: a popup is shown on
/// the loop thread, and an installed app's name does not change while alarmd runs.
final class AppDisplayNames {
    /// The app id alarmctl's alarms carry.
    static let ownAlarms = "alarmctl"
    private let folders: [String]
    private var known: [String: String] = [:]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folders = ([XDG.dataHome(environment)] + XDG.dataDirs(environment)).map { $0 + "/applications/" }
    }

    /// Nil for the user's own alarms.
    func name(for app: String) -> String? {
        guard app != Self.ownAlarms, !app.isEmpty else { return nil }
        if let name = known[app] { return name }
        let name = lookUp(app) ?? app
        known[app] = name
        return name
    }

    private func lookUp(_ app: String) -> String? {
        // An app id is a file name here, never a path.
        guard !app.contains("/"), app != ".", app != ".." else { return nil }
        for folder in folders {
            guard let data = FileManager.default.contents(atPath: folder + app + ".desktop"), data.count <= 1 << 20 else { continue }
            return Self.name(inDesktopEntry: String(decoding: data, as: UTF8.self))
        }
        return nil
    }

    /// The `Name=` key of the `[Desktop Entry]` group (Desktop Entry Specification), unescaped;
    /// nil without one.
    static func name(inDesktopEntry text: String) -> String? {
        var inEntry = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw).trimmed()
            if line.hasPrefix("[") {
                inEntry = line == "[Desktop Entry]"
                continue
            }
            guard inEntry, line.hasPrefix("Name") else { continue }
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, String(parts[0]).trimmed() == "Name" else { continue }
            let value = unescaped(String(parts[1]).trimmed())
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "s": out.append(" ")
                case "n": out.append(" ")
                case "t": out.append(" ")
                case "r": break
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
