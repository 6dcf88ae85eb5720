import Foundation
import Testing
import AlarmSystem

/// The desktop keys of config.toml: the volume floor, media pausing, the wake-up lead.
@Suite(.timeLimit(.minutes(2))) struct DesktopConfigTests {
    private func load(_ text: String?) throws -> DaemonConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        return try DaemonConfig.load(path: path, environment: [:])
    }

    @Test func defaultsRaiseTo60PercentPauseMediaAndWakeAMinuteEarly() throws {
        let config = try load(nil)
        #expect(config.minimumVolumePercent == 60)
        #expect(config.pauseMedia)
        #expect(config.wakeEarlySeconds == 60)
    }

    @Test func theKeysAreRead() throws {
        let config = try load("[sound]\nmin_volume = 0\npause_media = false\n\n[system]\nwake_early = 120.5\n")
        #expect(config.minimumVolumePercent == 0)
        #expect(!config.pauseMedia)
        #expect(config.wakeEarlySeconds == 120.5)
    }

    @Test(arguments: ["[sound]\nmin_volume = 101\n", "[sound]\nmin_volume = -1\n", "[system]\nwake_early = 3601\n",
                      "[sound]\npause_media = \"yes\"\n"])
    func outOfRangeValuesAreErrorsNamingTheKey(_ text: String) {
        do {
            _ = try load(text)
            Issue.record("accepted \(text)")
        } catch {
            let message = "\(error)"
            #expect(["min_volume", "wake_early", "pause_media"].contains { message.contains($0) }, "\(message)")
        }
    }
}
