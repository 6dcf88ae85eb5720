import FoundationEssentials

extension AlarmProtocol {
    /// The sounds alarmd would play, found by its own lookup in its own environment (the
    /// `sounds` reply): what the window's picker and `alarmctl sound list` show.
    package struct SoundCatalog: Codable, Hashable, Sendable {
        /// Every sound file a lookup can find, in lookup order.
        package var sounds: [SoundEntry]
        /// The folders searched, in lookup order.
        package var locations: [SoundLocation]
        /// The file an alarm without a sound plays; nil: the tone alarmd makes in code.
        package var defaultSound: String?

        package init(sounds: [SoundEntry], locations: [SoundLocation], defaultSound: String?) {
            self.sounds = sounds
            self.locations = locations
            self.defaultSound = defaultSound
        }
    }

    /// Why a folder is searched.
    package enum SoundKind: String, Codable, Sendable {
        /// An app bundle's own Sounds folder.
        case appBundle
        /// `$XDG_DATA_HOME/<app-id>/Sounds`.
        case appData
        /// The person's own sounds (`alarmctl sound install`, the window's "Add sound…").
        case user
        /// Installed with the package (`/usr/share/openalarmkit/Sounds`, XDG_DATA_DIRS).
        case system
        /// Beside the executable or in its source checkout: the bundled sounds of a build.
        case checkout
        /// The desktop's sound theme (freedesktop): event sounds, not made to ring for minutes.
        case soundTheme

        /// Sounds made for alarms: everything but the desktop's event sounds.
        package var isAlarmSound: Bool { self != .soundTheme }
        /// The person's or an app's own, rather than shipped.
        package var isOwn: Bool { self == .user || self == .appData }
    }

    package struct SoundLocation: Codable, Hashable, Sendable {
        package var directory: String
        package var kind: SoundKind

        package init(directory: String, kind: SoundKind) {
            self.directory = directory
            self.kind = kind
        }
    }

    package struct SoundEntry: Codable, Hashable, Sendable {
        /// The name an alarm's `sound` gives.
        package var name: String
        package var path: String
        package var kind: SoundKind
        /// An earlier folder has a sound of this name, so this file never plays by that name.
        package var shadowed: Bool?

        package init(name: String, path: String, kind: SoundKind, shadowed: Bool = false) {
            self.name = name
            self.path = path
            self.kind = kind
            self.shadowed = shadowed ? true : nil
        }
    }
}
