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
            print("No sounds found. Install one with 'alarmctl sound install FILE'.")
        } else {
            let width = max(4, sounds.map(\.sound.name.count).max() ?? 0)
            print("NAME".padded(to: width + 2) + "WHERE        FILE")
            for (sound, shadowed) in sounds {
                let name = sound.name.padded(to: width + 2)
                let kind = sound.location.kind.rawValue.padded(to: 13)
                print(name + kind + sound.path + (shadowed ? "  (hidden by an earlier one)" : ""))
            }
        }
        if let chosen = try? resolver.resolveDefault() {
            print("\nThe default alarm sound is \(chosen.path).")
        } else {
            print("\nNo default sound file; alarms without a sound play the built-in tone.")
        }
        print("Lookup order:")
        for location in resolver.locations {
            print("  \(location.kind.rawValue): \(location.directory)")
        }
    }
}
