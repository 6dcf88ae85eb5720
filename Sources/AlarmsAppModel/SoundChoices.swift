import AlarmClient
import FoundationEssentials

/// The sounds the dialog offers, from alarmd's `sounds` reply (what alarmd's lookup finds in
/// alarmd's environment, so what an alarm would play): the alarm sounds, shipped ones first
/// and then the person's own, each name once.
///
/// The desktop's event sounds (the freedesktop theme's ~40 `audio-channel-front-left`,
/// `power-unplug`, ...) are left out: they are cues a second long for events, not sounds made
/// to ring for minutes, and mixed in they bury the five alarm sounds. They still play when an
/// alarm names one (`alarmctl add --sound bell`, an app's alarm), and such an alarm's sound is
/// kept in the list (`keeping`); the default sound falls back to the theme's alarm sound by
/// itself. "Default" is the list's first entry (no name of its own), so the file it plays is not
/// listed again. Names that differ only in case ("bell", "Bell") are one entry: the one a
/// lookup finds first.
package struct SoundChoices: Hashable, Sendable {
    /// The names, in the order the dialog lists them after its "Default".
    package var names: [String]

    package init(_ catalog: AlarmProtocol.SoundCatalog, keeping chosen: String? = nil) {
        var seen = Set<String>()
        var shipped: [String] = [], own: [String] = []
        for sound in catalog.sounds where sound.kind.isAlarmSound && sound.shadowed != true && sound.path != catalog.defaultSound {
            guard seen.insert(sound.name.lowercased()).inserted else { continue }
            if sound.kind.isOwn { own.append(sound.name) } else { shipped.append(sound.name) }
        }
        names = shipped.sorted(by: Self.readingOrder) + own.sorted(by: Self.readingOrder)
        if let chosen, !names.contains(chosen) { names.append(chosen) }
    }

    /// The one sound the dialog knows before alarmd answers: the alarm's own.
    package init(keeping chosen: String?) {
        names = chosen.map { [$0] } ?? []
    }

    /// A sound just installed through "Add sound…" (one of the person's own).
    package mutating func add(_ name: String) {
        guard !names.contains(name) else { return }
        names.append(name)
    }

    /// Case-insensitive order, as a person reads a list of names.
    static func readingOrder(_ a: String, _ b: String) -> Bool { (a.lowercased(), a) < (b.lowercased(), b) }
}
