import FoundationEssentials
import LinuxSupport

/// The `sound` commands' sentences (see `Text`).
extension Text {
    // sound play
    static var volumeBetween0And100: String { tr("--volume must be between 0 and 100") }
    static var rampNotNegative: String { tr("--ramp must not be negative") }
    static var durationPositive: String { tr("--duration must be positive") }
    static func playSound(_ found: String) -> String { tr("Sound:  %s", found) }
    static func playFile(_ path: String) -> String { tr("File:   %s", path) }
    static func playFormat(_ format: String) -> String { tr("Format: %s", format) }
    static func playSettings(volumePercent: Int, ramp: Double?, looping: Bool, duration: Double?) -> String {
        var parts = [tr("Volume: %s%%", String(volumePercent))]
        if let ramp { parts.append(tr("fade in over %s s", "\(ramp)")) }
        if looping { parts.append(tr("looping")) }
        if let duration { parts.append(tr("for %s s", "\(duration)")) }
        return parts.joined(separator: ", ")
    }
    static func played(_ clock: String) -> String { tr("Done: played %s.", clock) }
    static func stoppedAfter(_ clock: String) -> String { tr("Stopped after %s.", clock) }
    static func pass(_ number: Int) -> String { tr("  pass %s", String(number)) }
    static func playingOn(_ device: String) -> String { tr("  on %s", device) }
    static func volumeRaised(from before: String, to after: String) -> String { tr("Output: raised from %1$s to %2$s while playing", before, after) }

    // sound info
    static func infoSound(_ found: String) -> String { tr("Sound:    %s", found) }
    static func infoFile(_ path: String) -> String { tr("File:     %s", path) }
    static func infoFormat(_ container: String, _ encoding: String) -> String { tr("Format:   %1$s, %2$s", container, encoding) }
    static func infoRate(_ rate: Int) -> String { tr("Rate:     %s Hz", String(rate)) }
    static func infoChannels(_ channels: Int) -> String { tr("Channels: %s", String(channels)) }
    static func infoLength(_ seconds: String, frames: Int64) -> String { tr("Length:   %1$s s (%2$s frames)", seconds, String(frames)) }
    static func infoPlaysAs(integer16: Bool) -> String { integer16 ? tr("Plays as: 16-bit integer samples") : tr("Plays as: 32-bit float samples") }
    static var infoPlayable: String { tr("Status:   playable") }

    // A file's format in one line: "FLAC, 16-bit, 48000 Hz, 2 channels, 3.20 s".
    static func formatSummary(container: String, encoding: String, rate: Int, channels: Int, seconds: Double?) -> String {
        let length = seconds.map { tr("%s s", String(cFormat: "%.2f", $0)) } ?? tr("unknown length")
        return trn("%1$s, %2$s, %3$s Hz, %4$s channel, %5$s", "%1$s, %2$s, %3$s Hz, %4$s channels, %5$s", channels, container, encoding, String(rate), String(channels), length)
    }
    static var foundAsFile: String { tr("file") }
    static func foundAs(_ name: String, where kind: String) -> String { tr("%1$s (%2$s)", name, kind) }

    // sound install
    static func soundExists(_ name: String, at paths: [String]) -> String {
        tr("a sound named '%1$s' is already installed (%2$s); pass --force to replace it or --name to choose another name", name, paths.joined(separator: ", "))
    }
    static func cannotInstall(into folder: String, _ reason: String) -> String { tr("cannot install into %1$s: %2$s", folder, reason) }
    static func installed(_ name: String, format: String, as path: String) -> String { tr("Installed '%1$s' (%2$s) as %3$s", name, format, path) }
    static func tryIt(_ name: String) -> String { tr("Try it: alarmctl sound play %s", name) }

    // sound list
    static var noSounds: String { tr("No sounds found. Install one with 'alarmctl sound install FILE'.") }
    static var soundColumns: (name: String, where: String, file: String) { (tr("NAME"), tr("WHERE"), tr("FILE")) }
    static var hiddenByEarlier: String { tr("  (hidden by an earlier one)") }
    static func defaultSoundIs(_ path: String) -> String { "\n" + tr("The default alarm sound is %s.", path) }
    static var noDefaultSound: String { "\n" + tr("No default sound file; alarms without a sound play the built-in tone.") }
    static var lookupOrder: String { tr("Lookup order:") }

    // sound devices
    static var alarmsPlayOn: String { tr("Alarms play on (first that opens):") }
    static func cannotOpenNow(_ problem: String) -> String { tr("cannot open now: %s", problem) }
    static var opensNow: String { tr("opens now") }
    static var alsaDevices: String { "\n" + tr("ALSA devices:") }
    static func serverSinks(_ server: String) -> String { "\n" + tr("Sound server sinks (%s):", server) }
    static var defaultSink: String { tr("  (default)") }

    // `notify --sound`
    static func unknownSound(_ name: String, suggestions: [String], known: String) -> String {
        let names = suggestions.map { "'\($0)'" }.joined(separator: tr(" or "))
        return tr("unknown sound '%1$s': did you mean %2$s? Sounds that exist: %3$s (see 'alarmctl sound list')", name, names, known)
    }
    static func unknownSound(_ name: String, known: String) -> String {
        tr("unknown sound '%1$s'. Sounds that exist: %2$s (see 'alarmctl sound list')", name, known)
    }
    static func noSoundFile(_ path: String) -> String { tr("--sound %s: no such file", path) }
}
