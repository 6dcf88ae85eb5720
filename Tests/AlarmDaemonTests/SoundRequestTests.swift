import Foundation
import AlarmClient
import Testing

/// The Alarms window's sound requests, against a real alarmd playing into ALSA's `file`
/// device: a preview is heard through the daemon's engine and stops when asked, and "Add
/// sound…" installs a file only once it decodes, under the name alarms then find.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundRequestTests {
    private static let checkoutSounds = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sounds")

    @Test func aPreviewPlaysThroughTheDaemonAndStopsWhenAsked() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        var preview = AlarmProtocol.Request(id: 0, op: .previewSound)
        preview.sound = "Chime"
        try daemon.connect().send(preview)
        await eventually("the preview to reach the device") { daemon.audioBytes > 0 }
        try daemon.connect().send(.stopPreview)
        // Stopped: the file grows no more (a stop returns once the device is silent).
        let stoppedAt = daemon.audioBytes
        try await Task.sleep(for: .milliseconds(400))
        #expect(daemon.audioBytes == stoppedAt)
        // Nothing rang: a preview is no alarm.
        #expect(try daemon.list().isEmpty)
    }

    @Test func aPreviewOfAnUnknownSoundIsRefusedWithTheNamesToLookAt() throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        var preview = AlarmProtocol.Request(id: 0, op: .previewSound)
        preview.sound = "Chmie"
        #expect {
            try daemon.connect().send(preview)
        } throws: { error in
            guard case .refused(let reply) = error as? ConnectionError else { return false }
            return reply.code == .invalidConfiguration && reply.message.contains("unknown sound 'Chmie'")
        }
        #expect(daemon.audioBytes == 0)
    }

    @Test func installingDecodesCopiesAndThenAlarmsFindTheName() throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        var install = AlarmProtocol.Request(id: 0, op: .installSound)
        install.path = Self.checkoutSounds.appendingPathComponent("Bell.flac").path
        install.sound = "Morning Bell"
        try daemon.connect().send(install)
        let data = daemon.environment["XDG_DATA_HOME"] ?? daemon.root.appendingPathComponent(".local/share").path
        let installed = "\(data)/openalarmkit/Sounds/Morning Bell.flac"
        #expect(FileManager.default.contentsEqual(atPath: installed, andPath: install.path!))
        // The name now resolves as an alarm's: the preview plays it.
        var preview = AlarmProtocol.Request(id: 0, op: .previewSound)
        preview.sound = "Morning Bell"
        try daemon.connect().send(preview)
        try daemon.connect().send(.stopPreview)

        // The same name again is refused, naming the file that holds it.
        #expect {
            try daemon.connect().send(install)
        } throws: { error in
            guard case .refused(let reply) = error as? ConnectionError else { return false }
            return reply.message.contains("already installed") && reply.message.contains(installed)
        }
    }

    @Test func aFileThatDoesNotDecodeIsNotInstalled() throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let bogus = daemon.root.appendingPathComponent("notes.ogg")
        try Data("not a sound at all".utf8).write(to: bogus)
        var install = AlarmProtocol.Request(id: 0, op: .installSound)
        install.path = bogus.path
        install.sound = "Notes"
        #expect {
            try daemon.connect().send(install)
        } throws: { error in
            guard case .refused(let reply) = error as? ConnectionError else { return false }
            return reply.code == .invalidConfiguration && reply.message.contains("cannot play")
        }
        let data = daemon.environment["XDG_DATA_HOME"] ?? daemon.root.appendingPathComponent(".local/share").path
        #expect(!FileManager.default.fileExists(atPath: "\(data)/openalarmkit/Sounds/Notes.ogg"))
    }
}
