import AlarmClient
import AlarmsAppModel
import Foundation
import Testing
import TestSupport

/// The dialog's sound list: what alarmd would play, alarm sounds only, shipped ones first.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundChoicesTests {
    static func entry(_ name: String, _ kind: AlarmProtocol.SoundKind, shadowed: Bool = false) -> AlarmProtocol.SoundEntry {
        AlarmProtocol.SoundEntry(name: name, path: "/sounds/\(kind.rawValue)/\(name).flac", kind: kind, shadowed: shadowed)
    }

    @Test func alarmSoundsFirstEachNameOnceAndNoEventSounds() {
        let catalog = AlarmProtocol.SoundCatalog(
            sounds: [
                Self.entry("Mine", .user), Self.entry("bell", .user), Self.entry("Chime", .user),
                Self.entry("Urgent", .checkout), Self.entry("Bell", .checkout), Self.entry("Chime", .checkout, shadowed: true),
                Self.entry("Default", .checkout), Self.entry("gentle", .checkout),
                Self.entry("alarm-clock-elapsed", .soundTheme), Self.entry("audio-channel-front-left", .soundTheme),
                Self.entry("bell", .soundTheme), Self.entry("power-unplug", .soundTheme),
            ],
            locations: [], defaultSound: "/sounds/checkout/Default.flac")  // what "Default" plays: not listed again
        // Shipped (gentle, Urgent), then the person's own (bell wins over the bundled Bell: a
        // lookup finds it first; Chime is theirs, shadowing the bundled one).
        #expect(SoundChoices(catalog).names == ["gentle", "Urgent", "bell", "Chime", "Mine"])
        // An alarm's own sound stays choosable, even an event sound an alarm names.
        #expect(SoundChoices(catalog, keeping: "power-unplug").names.last == "power-unplug")
        #expect(SoundChoices(catalog, keeping: "Urgent").names.filter { $0 == "Urgent" }.count == 1)
    }

    /// The list comes from a real alarmd's `sounds` reply: its lookup in its environment.
    @Test func alarmdListsWhatItWouldPlay() throws {
        let (root, environment) = try IsolatedHome.make(prefix: "oak-sounds", audioDevice: { _ in "null" }, bus: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        for (folder, name) in [("openalarmkit/Sounds", "Mine.wav"), ("sounds/freedesktop/stereo", "power-unplug.oga"), ("sounds/freedesktop/stereo", "bell.oga")] {
            let directory = data.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8)))
        }
        let daemon = try Subprocess(BuildProducts.path("alarmd"), [], environment: environment, stdout: .null, stderr: .null)
        defer {
            daemon.signal(SIGKILL)
            _ = daemon.wait()
        }
        let socket = AlarmPaths(environment: environment).socket
        let deadline = Date().addingTimeInterval(10)
        while (try? AlarmConnection(socketPath: socket)) == nil, Date() < deadline { usleep(10_000) }

        let reply = try AlarmConnection(socketPath: socket).send(AlarmProtocol.Request(id: 1, op: .sounds, app: AlarmForm.appID))
        let catalog = try #require(reply.sounds)
        #expect(catalog.sounds.contains { $0.name == "power-unplug" && $0.kind == .soundTheme }, "alarmd lists every sound")
        #expect(catalog.sounds.contains { $0.name == "Mine" && $0.kind == .user })
        #expect(catalog.locations.first { $0.kind == .appData }?.directory == data.path + "/\(AlarmForm.appID)/Sounds")
        #expect(catalog.defaultSound?.hasSuffix("/Default.flac") == true, "the checkout's bundled Default: \(catalog.defaultSound ?? "none")")

        let names = SoundChoices(catalog).names
        #expect(Array(names.prefix(4)) == ["Bell", "Chime", "Gentle", "Urgent"], "the bundled alarm sounds first: \(names)")
        #expect(names.last == "Mine")
        #expect(!names.contains("power-unplug") && !names.contains("bell") && !names.contains("Default"), "\(names)")
    }
}
