import AlarmAudio
import AlarmNotify
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport

/// `alarmctl notify`: notify-send 0.8.1, argument for argument, plus a sound. Its command line
/// is read by `NotifySendArguments` (GOption rules), not ArgumentParser: `AlarmCtlEntry` hands
/// `notify ...` straight to `NotifyRun`. This type only lists it in `alarmctl --help`.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Post a desktop notification: a drop-in for notify-send (see `alarmctl notify --help`).")

    @Argument(parsing: .allUnrecognized) var arguments: [String] = []

    func run() async throws {
        let status = NotifyRun.main(arguments)
        if status != 0 { throw ExitCode(status) }
    }
}

/// What `alarmctl notify ARGS` does, with notify-send's output and exit statuses.
enum NotifyRun {
    static func main(_ arguments: [String], validUTF8: [Bool]? = nil) -> Int32 {
        let parsed: NotifySendArguments
        do { parsed = try NotifySendArguments(arguments, validUTF8: validUTF8) } catch {
            writeError(Text.notifyFailure(error))
            return 1
        }
        if parsed.help {
            print(Text.notifyHelp)
            return 0
        }
        if parsed.version {
            print(Text.notifyVersion(PackageVersion.current))
            return 0
        }
        // An empty summary is none, as notify-send 0.8.1 has it (an empty popup helps nobody).
        guard let summary = parsed.operands.first, !summary.text.isEmpty else {
            writeError(Text.noSummary)
            return 1
        }
        guard summary.validUTF8 else {
            writeError(Text.invalidUTF8Summary)
            return 1
        }
        var body: String?
        if parsed.operands.count > 1 {
            guard parsed.operands[1].validUTF8 else {
                writeError(Text.invalidUTF8Body)
                return 1
            }
            body = NotifySend.expandEscapes(parsed.operands[1].text)
            if parsed.operands.count > 2 {
                writeError(Text.invalidNumberOfOptions)
                return 1
            }
        }
        let request = NotifySendRequest(
            programName: "alarmctl", appName: parsed.appName, summary: summary.text, body: body, icon: parsed.icon,
            replaceID: parsed.replaceID, category: parsed.category, urgency: parsed.urgency, expireTimeout: parsed.expireTimeout,
            transient: parsed.transient, hints: parsed.hints, actions: parsed.actions, wait: parsed.wait, printID: parsed.printID)
        if let name = parsed.sound, let refusal = SoundWithPopup.refusal(name) {
            // As `add --sound Chimes`: a person typed it and can fix it, before any popup.
            writeError(Text.complaint(refusal))
            return 2
        }
        let sound = SoundWithPopup(name: parsed.sound, loop: parsed.loopSound)
        let output = NotifySendOutput(
            standardOutput: { line in StandardOutput.write(line + "\n") },
            standardError: { line in writeError(line) })
        let status = NotifySend.run(request, output: output, onShown: { waiting in sound.start(looping: waiting) })
        sound.end()
        return status
    }

    private static func writeError(_ line: String) {
        StandardError.write(line + "\n")
    }
}

/// `--sound`: starts once the popup is posted. While waiting it may loop and stops with the
/// popup's outcome; without a wait it plays once, to its end, before the command returns.
final class SoundWithPopup: @unchecked Sendable {
    private let name: String?
    private let loop: Bool
    private let lock = Lock()
    private var playback: Playback?
    private var waited = false

    init(name: String?, loop: Bool) {
        self.name = name
        self.loop = loop
    }

    /// Why `name` cannot play: an unknown name, with the close ones and the ones that exist;
    /// a path that is no file. Nil when it plays.
    static func refusal(_ name: String) -> String? {
        if name.contains("/") {
            var isDirectory = false
            return FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) && !isDirectory ? nil : Text.noSoundFile(name)
        }
        let resolver = SoundResolver(appID: DaemonLink.appID, bundleSoundsDirectory: nil)
        guard (try? resolver.resolve(name)) == nil else { return nil }
        let (close, ranked) = SoundSuggestions.rank(name, among: Set(resolver.allSounds().map(\.sound.name)))
        let shown = ranked.prefix(20).joined(separator: ", ") + (ranked.count > 20 ? ", …" : "")
        return close.isEmpty ? Text.unknownSound(name, known: shown) : Text.unknownSound(name, suggestions: close, known: shown)
    }

    func start(looping waiting: Bool) {
        guard let name else { return }
        let request: RingSound = name.contains("/") ? .file(name) : .named(name)
        let playback = AlarmRinger.ring(request, options: PlaybackOptions(device: PlaybackOptions.device(flag: nil), loop: loop && waiting))
        lock.withLock {
            self.playback = playback
            waited = waiting
        }
    }

    func end() {
        let (playback, waited) = lock.withLock { (self.playback, self.waited) }
        guard let playback else { return }
        if waited { playback.stop() } else { _ = playback.waitUntilDone() }
    }
}
