import AlarmAudio
import ArgumentParser
import LinuxSupport

/// `alarmctl sound info`: decode a sound fully and say what it is, or why it cannot play.
struct SoundInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a sound's decoded format, or why it cannot be played.")

    @Argument(help: "A sound name (as in an alarm) or a file path.")
    var sound: String

    @OptionGroup var lookup: LookupOptions

    func run() async throws {
        do {
            let target = try SoundTarget.resolve(sound, resolver: lookup.resolver)
            let format = try SoundFileInspector.format(ofFile: target.path, fully: true)
            print("Sound:    \(target.found)")
            print("File:     \(target.path)")
            print("Format:   \(format.container), \(format.encoding)")
            print("Rate:     \(format.sampleRate) Hz")
            print("Channels: \(format.channels)")
            if let frames = format.frames, let duration = format.duration {
                print("Length:   \(String(cFormat: "%.3f", duration)) s (\(frames) frames)")
            }
            print("Plays as: \(format.sampleType == .int16 ? "16-bit integer" : "32-bit float") samples")
            print("Status:   playable")
        } catch {
            throw failure(error.description)
        }
    }
}
