import AlarmAudio
import AlarmClient
import ArgumentParser
import LinuxSupport

/// `alarmctl sound list`: every sound name alarmd's lookup finds, in lookup order. alarmd is
/// asked (`sounds`), not a lookup of alarmctl's own: alarmd's environment (a systemd unit's,
/// say) decides which folders it searches, and that is what an alarm plays.
struct SoundList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every sound name alarmd finds and where, in lookup order.")

    @OptionGroup var lookup: LookupOptions

    func run() async throws {
        var request = AlarmProtocol.Request(id: 0, op: .sounds, app: lookup.appID)
        request.path = lookup.bundleSounds
        guard let catalog = try DaemonLink().send(request).sounds else { return }
        let sounds = catalog.sounds
        if sounds.isEmpty {
            print(Text.noSounds)
        } else {
            let header = Text.soundColumns  // translated: each column as wide as its header too
            let width = max(header.name.displayWidth, sounds.map { TerminalSafe.text($0.name).displayWidth }.max() ?? 0)
            let kindWidth = max(13, header.where.displayWidth + 2)
            print(header.name.padded(to: width + 2) + header.where.padded(to: kindWidth) + header.file)
            for sound in sounds {
                let name = TerminalSafe.text(sound.name).padded(to: width + 2)
                let kind = Self.name(of: sound.kind).padded(to: kindWidth)
                print(name + kind + TerminalSafe.text(sound.path) + (sound.shadowed == true ? Text.hiddenByEarlier : ""))
            }
        }
        if let chosen = catalog.defaultSound {
            print(Text.defaultSoundIs(TerminalSafe.text(chosen)))
        } else {
            print(Text.noDefaultSound)
        }
        print(Text.lookupOrder)
        for location in catalog.locations {
            print("  \(Self.name(of: location.kind)): \(TerminalSafe.text(location.directory))")
        }
    }

    /// The names `sound info` and `sound play` give a folder's kind too (names, not translated).
    static func name(of kind: AlarmProtocol.SoundKind) -> String {
        let local: SoundResolver.Location.Kind =
            switch kind {
            case .appBundle: .appBundle
            case .appData: .appData
            case .user: .userData
            case .system: .systemData
            case .checkout: .checkout
            case .soundTheme: .soundTheme
            }
        return local.rawValue
    }
}
