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
            let header = Text.soundColumns  // translated: each column as wide as its header too
            let width = max(header.name.displayWidth, sounds.map(\.sound.name.displayWidth).max() ?? 0)
            let kindWidth = max(13, header.where.displayWidth + 2)
            print(header.name.padded(to: width + 2) + header.where.padded(to: kindWidth) + header.file)
            for (sound, shadowed) in sounds {
                let name = sound.name.padded(to: width + 2)
                let kind = sound.location.kind.rawValue.padded(to: kindWidth)
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
