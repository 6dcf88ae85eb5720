import FoundationEssentials
import LinuxSupport

/// Finds the file behind a sound name, in the order docs/SOUND.md gives; the first hit wins.
public struct SoundResolver: Sendable {
    /// Extensions tried, in this order, for a name without one.
    public static let extensions = ["wav", "flac", "oga", "ogg", "opus", "mp3", "aiff"]
    /// The name the default alarm sound is shipped under.
    public static let defaultSoundName = "Default"
    /// The freedesktop sound-theme name tried when no `Default` file exists.
    public static let themeDefaultName = "alarm-clock-elapsed"

    /// One place sounds are looked up, and why it is in the list.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            case appBundle = "app bundle"
            case appData = "app data"
            case userData = "user"
            case systemData = "system"
            case checkout = "checkout"
            case soundTheme = "sound theme"
        }
        public var directory: String
        public var kind: Kind
        public var description: String { directory }
    }

    /// A name found in a location.
    public struct ResolvedSound: Sendable, Equatable {
        public var name: String
        public var path: String
        public var location: Location
    }

    public var appID: String?
    public var bundleSoundsDirectory: String?
    public var checkoutSoundsDirectory: String?
    public var soundTheme: String
    private let environment: [String: String]

    /// - Parameters:
    ///   - appID: the requesting app's id; its `$XDG_DATA_HOME/<app-id>/Sounds` is searched.
    ///   - bundleSoundsDirectory: the app bundle's `Sounds/` folder, searched first.
    ///   - environment: where the XDG variables come from (tests pass temporary folders).
    ///   - checkoutSoundsDirectory: the source checkout's `Sounds/`; found from the
    ///     running executable by default, pass nil to leave it out.
    public init(
        appID: String? = nil,
        bundleSoundsDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        checkoutSoundsDirectory: String? = CheckoutLocator.soundsDirectory(),
        soundTheme: String = "freedesktop"
    ) {
        self.appID = appID
        self.bundleSoundsDirectory = bundleSoundsDirectory
        self.environment = environment
        self.checkoutSoundsDirectory = checkoutSoundsDirectory
        self.soundTheme = soundTheme
    }

    /// Every folder searched, in lookup order.
    public var locations: [Location] {
        var result: [Location] = []
        if let bundleSoundsDirectory {
            result.append(Location(directory: bundleSoundsDirectory, kind: .appBundle))
        }
        let dataHome = XDG.dataHome(environment)
        if let appID, (try? SoundName.validate(appID)) != nil {
            result.append(Location(directory: "\(dataHome)/\(appID)/Sounds", kind: .appData))
        }
        result.append(Location(directory: "\(dataHome)/openalarmkit/Sounds", kind: .userData))
        for dir in XDG.dataDirs(environment) {
            result.append(Location(directory: "\(dir)/openalarmkit/Sounds", kind: .systemData))
        }
        if let checkoutSoundsDirectory {
            result.append(Location(directory: checkoutSoundsDirectory, kind: .checkout))
        }
        // Sound-theme spec: the theme's "stereo" output profile, then the freedesktop
        // theme every other theme inherits from.
        let themes = soundTheme == "freedesktop" ? ["freedesktop"] : [soundTheme, "freedesktop"]
        for theme in themes {
            for dir in [dataHome] + XDG.dataDirs(environment) {
                result.append(Location(directory: "\(dir)/sounds/\(theme)/stereo", kind: .soundTheme))
            }
        }
        return unique(result)
    }

    /// The file for `name`, or `.unknownSound` listing every folder searched.
    public func resolve(_ name: String) throws(AudioError) -> ResolvedSound {
        try SoundName.validate(name)
        for location in locations {
            if let path = Self.file(named: name, in: location.directory) {
                return ResolvedSound(name: name, path: path, location: location)
            }
        }
        // The theme's alarm sound is a name apps use (AlarmKit code ported from other
        // desktops, `--sound alarm-clock-elapsed`); where no theme is installed it means ours.
        if name == Self.themeDefaultName, let ours = try? resolve(Self.defaultSoundName) {
            return ResolvedSound(name: name, path: ours.path, location: ours.location)
        }
        throw .unknownSound(name, lookedIn: locations.map(\.directory))
    }

    /// The default alarm sound: `Default` in our folders, then the theme's alarm sound.
    public func resolveDefault() throws(AudioError) -> ResolvedSound {
        do {
            return try resolve(Self.defaultSoundName)
        } catch {
            return try resolve(Self.themeDefaultName)
        }
    }

    /// Every sound file in every location, in lookup order; `shadowed` marks a name an
    /// earlier location already provides.
    public func allSounds() -> [(sound: ResolvedSound, shadowed: Bool)] {
        var seen = Set<String>()
        var result: [(ResolvedSound, Bool)] = []
        for location in locations {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: location.directory)
            else { continue }
            for entry in entries.sorted() {
                let ext = entry.pathExtension.lowercased()
                guard Self.extensions.contains(ext), !entry.hasPrefix(".") else { continue }
                let name = entry.deletingPathExtension
                let path = "\(location.directory)/\(entry)"
                // Only the file a lookup of `name` would pick counts as that name.
                guard Self.file(named: name, in: location.directory) == path else { continue }
                let shadowed = !seen.insert(name).inserted
                result.append((ResolvedSound(name: name, path: path, location: location), shadowed))
            }
        }
        return result
    }

    /// `name` as given when it already carries a known extension, else with each extension.
    static func file(named name: String, in directory: String) -> String? {
        var candidates: [String] = []
        let ext = name.pathExtension.lowercased()
        if extensions.contains(ext) { candidates.append("\(directory)/\(name)") }
        candidates += extensions.map { "\(directory)/\(name).\($0)" }
        var isDirectory = false
        return candidates.first {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory
        }
    }

    private func unique(_ locations: [Location]) -> [Location] {
        var seen = Set<String>()
        return locations.filter { seen.insert($0.directory).inserted }
    }
}

/// The XDG base-directory defaults, read from a given environment (also where alarmd finds
/// apps' .desktop files).
public enum XDG {
    public static func dataHome(_ env: [String: String]) -> String {
        if let value = env["XDG_DATA_HOME"], value.hasPrefix("/") { return value }
        return "\(env["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path)/.local/share"
    }

    public static func dataDirs(_ env: [String: String]) -> [String] {
        let dirs = (env["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
    }
}

/// Finds the package checkout the running executable was built in, so that a binary run
/// from `.build/` finds the bundled `Sounds/` before they are installed; or the bundled
/// sounds `scripts/install` put beside the executable, in `PREFIX/lib/openalarmkit/Sounds`
/// (not `PREFIX/share`, which for `~/.local` is the user's own sound folder).
public enum CheckoutLocator {
    public static func soundsDirectory(executable: String = "/proc/self/exe") -> String? {
        guard let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: executable)
        else { return nil }
        var dir = resolved.deletingLastPathComponent
        let fm = FileManager.default
        let besideExecutable = "\(dir.deletingLastPathComponent)/lib/openalarmkit/Sounds"
        var isFolder = false
        if fm.fileExists(atPath: besideExecutable, isDirectory: &isFolder), isFolder {
            return besideExecutable
        }
        while dir != "/" && !dir.isEmpty {
            var isDirectory = false
            if fm.fileExists(atPath: "\(dir)/Package.swift"),
               fm.fileExists(atPath: "\(dir)/Sounds", isDirectory: &isDirectory), isDirectory {
                return "\(dir)/Sounds"
            }
            dir = dir.deletingLastPathComponent
        }
        return nil
    }
}

extension SoundResolver {
    /// Where `alarmctl sound install` puts sounds: `$XDG_DATA_HOME/openalarmkit/Sounds`.
    public static func userSoundsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        "\(XDG.dataHome(environment))/openalarmkit/Sounds"
    }
}
