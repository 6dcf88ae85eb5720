import AlarmAudio
import ArgumentParser
import FoundationEssentials
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
        let soundName = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let installed: SoundInstaller.Installed
        do {
            installed = try SoundInstaller.install(file: file, name: soundName, replacing: force)
        } catch {
            switch error {
            case .invalid(let problem): throw failure(problem.description)
            case .exists(let name, let paths): throw failure(Text.soundExists(name, at: paths))
            case .cannotWrite(let folder, let reason): throw failure(Text.cannotInstall(into: folder, reason))
            }
        }
        print(Text.installed(soundName, format: describe(installed.format), as: installed.path))
        let shown = soundName.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" })
            ? "'\(soundName.replacing("'", with: "'\\''"))'" : soundName
        print(Text.tryIt(shown))
    }
}
