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
            print(Text.infoSound(target.found))
            print(Text.infoFile(target.path))
            print(Text.infoFormat(format.container, format.encoding))
            print(Text.infoRate(format.sampleRate))
            print(Text.infoChannels(format.channels))
            if let frames = format.frames, let duration = format.duration {
                print(Text.infoLength(String(cFormat: "%.3f", duration), frames: frames))
            }
            print(Text.infoPlaysAs(integer16: format.sampleType == .int16))
            print(Text.infoPlayable)
        } catch {
            throw failure(error.description)
        }
    }
}
