import AlarmAudio
import Foundation
import Testing

/// scripts/install puts the bundled sounds in PREFIX/lib/openalarmkit/Sounds, beside the
/// binaries, so that an install into ~/.local never puts them in the user's own sound folder.
@Suite(.timeLimit(.minutes(2))) struct InstalledSoundsLocatorTests {
    let prefix: URL

    init() throws {
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("oak-prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data().write(to: prefix.appendingPathComponent("bin/alarmd"))
    }

    /// A link standing in for /proc/self/exe, pointing at PREFIX/bin/alarmd.
    func selfLink() throws -> String {
        let link = prefix.appendingPathComponent("exe-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: prefix.appendingPathComponent("bin/alarmd").path)
        return link
    }

    @Test func findsSoundsInstalledBesideTheExecutable() throws {
        defer { try? FileManager.default.removeItem(at: prefix) }
        let sounds = prefix.appendingPathComponent("lib/openalarmkit/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        #expect(CheckoutLocator.soundsDirectory(executable: try selfLink()) == sounds.path)
    }

    @Test func findsNothingWithoutThem() throws {
        defer { try? FileManager.default.removeItem(at: prefix) }
        #expect(CheckoutLocator.soundsDirectory(executable: try selfLink()) == nil)
    }
}
