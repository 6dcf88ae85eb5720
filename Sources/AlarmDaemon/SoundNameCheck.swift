import AlarmAudio
import AlarmSystem
import FoundationEssentials
import AlarmWire

/// A named sound that resolves nowhere: the command line is refused with the names that
/// exist (close matches first), since a person typed it and can fix it; an app gets its alarm
/// and a warning, since AlarmKit falls back to the default sound silently and code written
/// for it must not start failing here.
enum SoundNameCheck {
    enum Outcome: Equatable {
        case fine
        case refuse(String)
        case warn(String)
    }

    static func check(_ record: AlarmRecord, environment: [String: String], commandLineAppID: String = "alarmctl") -> Outcome {
        guard case .named(let name) = record.sound.sound else { return .fine }
        let resolver = SoundResolver(appID: record.appID, bundleSoundsDirectory: record.sound.bundleDirectory, environment: environment)
        if (try? resolver.resolve(name)) != nil { return .fine }
        let (close, ranked) = SoundSuggestions.rank(name, among: Set(resolver.allSounds().map(\.sound.name)))
        var names = close.isEmpty ? "" : "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))? "
        names += "Sounds that exist: \(ranked.prefix(20).joined(separator: ", "))\(ranked.count > 20 ? ", ..." : "") (see 'alarmctl sound list')"
        if record.appID == commandLineAppID {
            return .refuse("unknown sound '\(name)': \(names)")
        }
        return .warn("sound '\(name)' was not found, so the default sound will play; \(names)")
    }
}
