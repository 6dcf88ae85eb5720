import FoundationEssentials
import LinuxSupport

/// The `sound` commands' sentences (see `Text`).
extension Text {
    // sound play
    static let volumeBetween0And100 = "--volume must be between 0 and 100"
    static let rampNotNegative = "--ramp must not be negative"
    static let durationPositive = "--duration must be positive"
    static func playSound(_ found: String) -> String { "Sound:  \(found)" }
    static func playFile(_ path: String) -> String { "File:   \(path)" }
    static func playFormat(_ format: String) -> String { "Format: \(format)" }
    static func playSettings(volumePercent: Int, ramp: Double?, looping: Bool, duration: Double?) -> String {
        var parts = ["Volume: \(volumePercent)%"]
        if let ramp { parts.append("fade in over \(ramp) s") }
        if looping { parts.append("looping") }
        if let duration { parts.append("for \(duration) s") }
        return parts.joined(separator: ", ")
    }
    static func played(_ clock: String) -> String { "Done: played \(clock)." }
    static func stoppedAfter(_ clock: String) -> String { "Stopped after \(clock)." }
    static func pass(_ number: Int) -> String { "  pass \(number)" }
    static func playingOn(_ device: String) -> String { "  on \(device)" }
    static func volumeRaised(from before: String, to after: String) -> String { "Output: raised from \(before) to \(after) while playing" }

    // sound info
    static func infoSound(_ found: String) -> String { "Sound:    \(found)" }
    static func infoFile(_ path: String) -> String { "File:     \(path)" }
    static func infoFormat(_ container: String, _ encoding: String) -> String { "Format:   \(container), \(encoding)" }
    static func infoRate(_ rate: Int) -> String { "Rate:     \(rate) Hz" }
    static func infoChannels(_ channels: Int) -> String { "Channels: \(channels)" }
    static func infoLength(_ seconds: String, frames: Int64) -> String { "Length:   \(seconds) s (\(frames) frames)" }
    static func infoPlaysAs(integer16: Bool) -> String { integer16 ? "Plays as: 16-bit integer samples" : "Plays as: 32-bit float samples" }
    static let infoPlayable = "Status:   playable"

    // A file's format in one line: "FLAC, 16-bit, 48000 Hz, 2 channels, 3.20 s".
    static func formatSummary(container: String, encoding: String, rate: Int, channels: Int, seconds: Double?) -> String {
        let length = seconds.map { String(cFormat: "%.2f s", $0) } ?? "unknown length"
        return "\(container), \(encoding), \(rate) Hz, \(channels) channel\(channels == 1 ? "" : "s"), \(length)"
    }
    static let foundAsFile = "file"
    static func foundAs(_ name: String, where kind: String) -> String { "\(name) (\(kind))" }

    // sound install
    static func soundExists(_ name: String, at paths: [String]) -> String {
        "a sound named '\(name)' is already installed (\(paths.joined(separator: ", "))); pass --force to replace it or --name to choose another name"
    }
    static func cannotInstall(into folder: String, _ reason: String) -> String { "cannot install into \(folder): \(reason)" }
    static func installed(_ name: String, format: String, as path: String) -> String { "Installed '\(name)' (\(format)) as \(path)" }
    static func tryIt(_ name: String) -> String { "Try it: alarmctl sound play \(name)" }

    // sound list
    static let noSounds = "No sounds found. Install one with 'alarmctl sound install FILE'."
    static let soundColumns = (name: "NAME", rest: "WHERE        FILE")
    static let hiddenByEarlier = "  (hidden by an earlier one)"
    static func defaultSoundIs(_ path: String) -> String { "\nThe default alarm sound is \(path)." }
    static let noDefaultSound = "\nNo default sound file; alarms without a sound play the built-in tone."
    static let lookupOrder = "Lookup order:"

    // sound devices
    static let alarmsPlayOn = "Alarms play on (first that opens):"
    static func cannotOpenNow(_ problem: String) -> String { "cannot open now: \(problem)" }
    static let opensNow = "opens now"
    static let alsaDevices = "\nALSA devices:"
    static func serverSinks(_ server: String) -> String { "\nSound server sinks (\(server)):" }
    static let defaultSink = "  (default)"
}
