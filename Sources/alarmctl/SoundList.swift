import AlarmAudio
import ArgumentParser
import LinuxSupport

/// `alarmctl sound list`: every sound name a lookup can find, in lookup order.
struct SoundList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every sound name and where it was found, in lookup order.")

    @OptionGroup var lookup: LookupOptions

    func run() async throws {
        let resolver = lookup.resolver
        let sounds = resolver.allSounds()
        if sounds.isEmpty {
            print(Text.noSounds)
        } else {
            let width = max(4, sounds.map(\.sound.name.count).max() ?? 0)
            print(Text.soundColumns.name.padded(to: width + 2) + Text.soundColumns.rest)
            for (sound, shadowed) in sounds {
                let name = sound.name.padded(to: width + 2)
                let kind = sound.location.kind.rawValue.padded(to: 13)
                print(name + kind + sound.path + (shadowed ? Text.hiddenByEarlier : ""))
            }
        }
        if let chosen = try? resolver.resolveDefault() {
            print(Text.defaultSoundIs(chosen.path))
        } else {
            print(Text.noDefaultSound)
        }
        print(Text.lookupOrder)
        for location in resolver.locations {
            print("  \(location.kind.rawValue): \(location.directory)")
        }
    }
}
