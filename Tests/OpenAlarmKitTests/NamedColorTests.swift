import Foundation
import OpenAlarmKit
import Testing

/// `Color("AccentColor")`: the app's asset catalog, else the desktop's accent, else the default.
@Suite(.timeLimit(.minutes(1))) struct NamedColorTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("named-color-\(UUID().uuidString)").path

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// An Xcode color set: a light entry in float components, a dark one in bytes.
    static let accentSet = #"""
        {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.200","green":"0.400","red":"0.800"}},"idiom":"universal"},
        {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0xFF","green":"0x00","red":"0x00"}},"idiom":"universal"}],
        "info":{"author":"xcode","version":1}}
        """#

    @Test func theAppsColorSetBesideItsExecutableComesFirst() throws {
        try write(Self.accentSet, to: root + "/bin/Assets.xcassets/AccentColor.colorset/Contents.json")
        try write(#"{"colors":[{"color":{"components":{"red":"255","green":"128","blue":"0","alpha":"0.500"}},"idiom":"universal"}]}"#,
                  to: root + "/bin/Assets.xcassets/Brand/Warning.colorset/Contents.json")
        try write("[General]\nAccentColor=1,2,3\n", to: root + "/config/kdeglobals")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lookup = NamedColorLookup(environment: ["HOME": root, "XDG_CONFIG_HOME": root + "/config"], executable: root + "/bin/clock")
        #expect(lookup.color(named: "AccentColor") == Color(red: 0.8, green: 0.4, blue: 0.2))
        let warning = lookup.color(named: "Warning")
        #expect(warning.hex == "#FF800080")
        // A name the catalog lacks: the desktop's accent.
        #expect(lookup.color(named: "Missing").hex == "#010203")
    }

    @Test func anInstalledAppsCatalogIsFoundUnderItsAppID() throws {
        try write(Self.accentSet, to: root + "/data/org.example.clock/Clock.xcassets/AccentColor.colorset/Contents.json")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lookup = NamedColorLookup(
            environment: ["HOME": root, "XDG_DATA_HOME": root + "/data", "OPENALARMKIT_APP_ID": "org.example.clock"], executable: "/usr/bin/clock")
        #expect(lookup.color(named: "AccentColor") == Color(red: 0.8, green: 0.4, blue: 0.2))
    }

    @Test func theDesktopsAccentThenTheDefault() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bare = NamedColorLookup(environment: ["HOME": root], executable: root + "/bin/clock")
        #expect(bare.color(named: "AccentColor") == .accentColor)
        // Plasma with a color scheme but no picked accent: the selection color.
        try write("[Colors:Selection]\nBackgroundNormal=61,174,233\n[General]\nColorScheme=BreezeLight\n", to: root + "/.config/kdeglobals")
        #expect(bare.color(named: "AccentColor").hex == "#3DAEE9")
        // A person's choice wins over the desktop's.
        let chosen = NamedColorLookup(environment: ["HOME": root, "OPENALARMKIT_ACCENT_COLOR": "#336699"], executable: nil)
        #expect(chosen.color(named: "AccentColor").hex == "#336699")
    }

    @Test func aBundlesCatalogComesBeforeTheExecutablesFolder() throws {
        // What `Color(.appSecondary)` and `Color(_:bundle:)` search first (the AlarmKit module
        // passes the bundle's resource and bundle folders).
        try write(Self.accentSet, to: root + "/bin/App_App.resources/Assets.xcassets/AccentColor.colorset/Contents.json")
        try write(#"{"colors":[{"color":{"components":{"red":"0","green":"0","blue":"255"}},"idiom":"universal"}]}"#,
                  to: root + "/bin/Assets.xcassets/AccentColor.colorset/Contents.json")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let inBundle = NamedColorLookup(
            environment: ["HOME": root], executable: root + "/bin/clock", bundleFolders: [root + "/bin/App_App.resources"])
        #expect(inBundle.color(named: "AccentColor") == Color(red: 0.8, green: 0.4, blue: 0.2))
        // A name the bundle lacks is looked up as Color(_ name:) does: beside the executable.
        let beside = NamedColorLookup(environment: ["HOME": root], executable: root + "/bin/clock", bundleFolders: [root + "/elsewhere"])
        #expect(beside.color(named: "AccentColor").hex == "#0000FF")
    }

    @Test func brokenCatalogsAndNamesFallBack() throws {
        try write("{not json", to: root + "/bin/A.xcassets/AccentColor.colorset/Contents.json")
        try write(Self.accentSet, to: root + "/bin/A.xcassets/x.colorset/Contents.json")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lookup = NamedColorLookup(environment: ["HOME": root], executable: root + "/bin/clock")
        #expect(lookup.color(named: "AccentColor") == .accentColor)
        #expect(lookup.color(named: "../A.xcassets/x") == .accentColor)
        #expect(lookup.color(named: "") == .accentColor)
    }
}
