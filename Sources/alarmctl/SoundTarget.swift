import AlarmAudio
import ArgumentParser
import FoundationEssentials
import LinuxSupport

/// The NAME|PATH argument of `sound play` and `sound info`: a path when it contains a `/`
/// or names an existing file, otherwise a sound name looked up like an alarm's.
struct SoundTarget {
    var path: String
    /// How it was found, for display: "Chime (checkout)" or "file".
    var found: String

    static func resolve(_ argument: String, resolver: SoundResolver) throws(AudioError) -> SoundTarget {
        var isDirectory = false
        if argument.contains("/")
            || (FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) && !isDirectory) {
            return SoundTarget(path: argument, found: Text.foundAsFile)
        }
        let sound = try resolver.resolve(argument)
        return SoundTarget(path: sound.path, found: Text.foundAs(sound.name, where: sound.location.kind.rawValue))
    }
}

/// Options shared by the subcommands that resolve names.
struct LookupOptions: ParsableArguments {
    @Option(name: .customLong("app-id"), help: "Also search $XDG_DATA_HOME/<app-id>/Sounds, as for that app's alarms.")
    var appID: String?

    @Option(name: .customLong("bundle-sounds"), help: "An app bundle's Sounds folder, searched first.")
    var bundleSounds: String?

    var resolver: SoundResolver {
        SoundResolver(appID: appID, bundleSoundsDirectory: bundleSounds)
    }
}

/// Prints `message` to stderr and returns the exit code for a failure.
func failure(_ message: String, code: Int32 = 1) -> ExitCode {
    StandardError.write(Text.complaint(message) + "\n")
    return ExitCode(code)
}

func describe(_ format: AudioFormat) -> String {
    Text.formatSummary(container: format.container, encoding: format.encoding, rate: format.sampleRate,
                       channels: format.channels, seconds: format.duration)
}

/// "m:ss.t", to the nearest tenth (59.96 s is "1:00.0", where printf's "%d:%04.1f" gave
/// "0:60.0"). Plain integer text: the progress line draws it up to ten times a second, and
/// C varargs cost a dynamic cast per argument.
func clock(_ seconds: Double) -> String {
    let tenths = seconds.isFinite ? Int((min(max(0, seconds), 1e12) * 10).rounded()) : 0
    return "\(tenths / 600):\(String(tenths / 10 % 60).leftPadded(to: 2, with: "0")).\(tenths % 10)"
}
