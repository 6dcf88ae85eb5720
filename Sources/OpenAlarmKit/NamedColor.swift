import FoundationEssentials
import LinuxSupport
import Synchronization

extension Color {
    /// A named color, as SwiftUI's `Color("AccentColor")` reads one from the app's asset
    /// catalog. On Linux, in this order:
    ///
    /// 1. the app's own color set: `<name>.colorset/Contents.json` in an asset catalog
    ///    (`*.xcassets`, directly or in one group folder) beside the executable, or in
    ///    `$XDG_DATA_HOME/<app id>/` or `<dir>/<app id>/` of `$XDG_DATA_DIRS`: an Xcode asset
    ///    catalog copied as it is, its any-appearance sRGB entry;
    /// 2. else the desktop's accent: `OPENALARMKIT_ACCENT_COLOR` (`#RRGGBB`, a person's choice),
    ///    else KDE Plasma's (`AccentColor`, else the selection color, in `kdeglobals`);
    /// 3. else ``accentColor``.
    ///
    /// Resolved once per name in a process.
    public init(_ name: String) {
        self.init(named: name, searchingFirst: [])
    }

    /// A named color looked up first in the asset catalogs of `folders` (a bundle's, for the
    /// `AlarmKit` module's `Color(_:bundle:)` and `ColorResource`), then as ``init(_:)`` does.
    /// Resolved once per name and folders in a process.
    package init(named name: String, searchingFirst folders: [String]) {
        self = Self.named.withLock { cache in
            let key = NamedColorKey(name: name, folders: folders)
            if let known = cache[key] { return known }
            let lookup = NamedColorLookup(
                environment: ProcessInfo.processInfo.environment, executable: executablePath(), bundleFolders: folders)
            let resolved = lookup.color(named: name)
            cache[key] = resolved
            return resolved
        }
    }

    private static let named = Mutex<[NamedColorKey: Color]>([:])
}

private struct NamedColorKey: Hashable {
    let name: String
    let folders: [String]
}

/// Where a named color comes from; apart from the cache so tests can point it anywhere.
package struct NamedColorLookup {
    let environment: [String: String]
    let executable: String?
    /// Searched before the executable's folder and the data folders.
    let bundleFolders: [String]

    package init(environment: [String: String], executable: String?, bundleFolders: [String] = []) {
        self.environment = environment
        self.executable = executable
        self.bundleFolders = bundleFolders
    }

    package func color(named name: String) -> Color {
        appColor(named: name) ?? desktopAccent() ?? .accentColor
    }

    /// The app's id, as AlarmManager forms it: `OPENALARMKIT_APP_ID`, else the executable's name.
    private var appID: String? {
        environment["OPENALARMKIT_APP_ID"] ?? executable.map { String($0.split(separator: "/").last ?? "") }
    }

    private var home: String { environment["HOME"] ?? "/" }

    /// Folders that may hold the app's asset catalogs, most specific first.
    var catalogFolders: [String] {
        var folders = bundleFolders
        if let executable, let slash = executable.lastIndex(of: "/") { folders.append(String(executable[..<slash])) }
        if let appID, !appID.isEmpty, !appID.contains("/") {
            let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
            let dataDirs = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
            for dir in [dataHome] + (dataDirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dataDirs) { folders.append(dir + "/" + appID) }
        }
        return folders
    }

    func appColor(named name: String) -> Color? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        let files = FileManager.default
        for folder in catalogFolders {
            guard let entries = try? files.contentsOfDirectory(atPath: folder) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".xcassets") {
                let root = folder + "/" + catalog
                var places = [root]
                // Groups: folders inside the catalog that are not themselves assets.
                for group in ((try? files.contentsOfDirectory(atPath: root)) ?? []).sorted() where !group.contains(".") {
                    places.append(root + "/" + group)
                }
                for place in places {
                    if let data = files.contents(atPath: place + "/" + name + ".colorset/Contents.json"), let color = ColorSetContents.color(in: data) {
                        return color
                    }
                }
            }
        }
        return nil
    }

    func desktopAccent() -> Color? {
        if let chosen = environment["OPENALARMKIT_ACCENT_COLOR"].flatMap(Color.init(hex:)) { return chosen }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        guard let data = FileManager.default.contents(atPath: configHome + "/kdeglobals") else { return nil }
        return Self.kdeAccent(in: String(decoding: data, as: UTF8.self))
    }

    /// Plasma's accent: `[General] AccentColor=r,g,b` when the person picked one, else the color
    /// scheme's `[Colors:Selection] BackgroundNormal`, which Plasma derives the accent from.
    static func kdeAccent(in text: String) -> Color? {
        var section = ""
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let line = String(line).trimmed()
            if line.hasPrefix("[") { section = line; continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[section + String(line[..<equals]).trimmed()] = String(line[line.index(after: equals)...])
        }
        for key in ["[General]AccentColor", "[Colors:Selection]BackgroundNormal"] {
            let parts = (values[key] ?? "").split(separator: ",").compactMap { Int(String($0).trimmed()) }
            if parts.count >= 3, parts.allSatisfy({ (0...255).contains($0) }) {
                return Color(red: Double(parts[0]) / 255, green: Double(parts[1]) / 255, blue: Double(parts[2]) / 255)
            }
        }
        return nil
    }
}

/// The `Contents.json` of an Xcode color set: entries per idiom and appearance, each with a
/// color space and components written as "0.5", "128" or "0x80".
enum ColorSetContents {
    private struct File: Decodable {
        var colors: [Entry]?
    }

    private struct Entry: Decodable {
        var appearances: [Appearance]?
        var color: Value?
    }

    private struct Appearance: Decodable {
        var appearance: String?
        var value: String?
    }

    private struct Value: Decodable {
        var components: [String: String]?
    }

    /// The color of the entry for any appearance (the light one); nil if there is none.
    static func color(in data: Data) -> Color? {
        guard let file = try? JSONDecoder().decode(File.self, from: data) else { return nil }
        let entries = file.colors ?? []
        let chosen = entries.first { ($0.appearances ?? []).isEmpty } ?? entries.first
        guard let components = chosen?.color?.components,
            let red = component(components["red"]), let green = component(components["green"]), let blue = component(components["blue"])
        else { return nil }
        return Color(red: red, green: green, blue: blue, opacity: component(components["alpha"]) ?? 1)
    }

    /// "0.345" as is; "88" and "0x58" as bytes.
    static func component(_ text: String?) -> Double? {
        guard let text = text?.trimmed(), !text.isEmpty else { return nil }
        let value: Double?
        if text.lowercased().hasPrefix("0x") {
            value = Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        } else if text.contains(".") {
            value = Double(text)
        } else {
            value = Int(text).map { Double($0) / 255 }
        }
        return value.map { min(max($0, 0), 1) }
    }
}
