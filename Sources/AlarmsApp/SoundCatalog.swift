import AlarmAudio
import AlarmsAppModel

/// The sounds the dialog offers: the names alarmd would resolve for this app's alarms, found by
/// AlarmAudio's SoundResolver (a look into the sound folders; no device is opened), the one
/// lookup alarmd and `alarmctl sound list` use too.
enum SoundCatalog {
    static func names() -> [String] {
        let resolver = SoundResolver(appID: AlarmForm.appID)
        var seen = Set<String>()
        return resolver.allSounds().map(\.sound.name).filter { seen.insert($0).inserted }.sorted {
            $0.localizedStandardLess($1)
        }
    }
}

extension String {
    /// Case-insensitive order, as a person reads a list of names.
    func localizedStandardLess(_ other: String) -> Bool { (lowercased(), self) < (other.lowercased(), other) }
}
