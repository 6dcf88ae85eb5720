import AlarmAudio
import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport

/// `alarmctl sound install`: validate a file by decoding it, then copy it into the user's
/// Sounds folder so `--sound NAME` finds it.
struct SoundInstall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Check a sound file by decoding it and copy it into $XDG_DATA_HOME/openalarmkit/Sounds.")

    @Argument(help: "The sound file.")
    var file: String

    @Option(help: "The name alarms use for it (default: the file name without extension).")
    var name: String?

    @Flag(help: "Replace a sound of the same name.")
    var force = false

    func run() async throws {
        let source = URL(fileURLWithPath: file)
        let soundName = name ?? source.deletingPathExtension().lastPathComponent
        let format: AudioFormat
        do {
            try SoundName.validate(soundName)
            format = try SoundFileInspector.format(ofFile: file, fully: true)
        } catch {
            throw failure(error.description)
        }
        let ext = Self.fileExtension(for: format, original: source.pathExtension.lowercased())
        let folder = SoundResolver.userSoundsDirectory()
        let fm = FileManager.default
        let existing = SoundResolver.extensions.map { "\(folder)/\(soundName).\($0)" }.filter { fm.fileExists(atPath: $0) }
        if !existing.isEmpty && !force {
            throw failure(Text.soundExists(soundName, at: existing))
        }
        let destination = "\(folder)/\(soundName).\(ext)"
        do {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Copy under a temporary name, then rename: a reader never sees half a file.
            let partial = "\(folder)/.\(soundName).\(ext).partial"
            try? fm.removeItem(atPath: partial)
            try fm.copyItem(atPath: file, toPath: partial)
            for old in existing { try fm.removeItem(atPath: old) }
            guard rename(partial, destination) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: ["NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        } catch {
            // FoundationEssentials has no localizedDescription: say the system's reason.
            let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
            throw failure(Text.cannotInstall(into: folder, code.map { String(cString: strerror($0)) } ?? "\(error)"))
        }
        print(Text.installed(soundName, format: describe(format), as: destination))
        let shown = soundName.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" })
            ? "'\(soundName.replacing("'", with: "'\\''"))'" : soundName
        print(Text.tryIt(shown))
    }

    /// The lookup only tries known extensions, so the copy gets the one its content has.
    static func fileExtension(for format: AudioFormat, original: String) -> String {
        if SoundResolver.extensions.contains(original) { return original }
        switch (format.container, format.encoding) {
        case ("FLAC", _): return "flac"
        case ("Ogg", "Opus"): return "opus"
        case ("Ogg", _): return "ogg"
        case ("MPEG", _): return "mp3"
        case ("AIFF", _): return "aiff"
        default: return "wav"
        }
    }
}
