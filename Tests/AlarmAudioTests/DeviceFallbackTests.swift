import Foundation
import Testing
@testable import AlarmAudio

/// Missing and failing devices: a clear error or the next device, never a hang.
@Suite(.timeLimit(.minutes(2))) struct DeviceFallbackTests {
    @Test func aMissingDeviceIsAClearErrorNotAHang() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 0.2)
        // The timeout is the hang check: a blocking open would never return. (No tighter wall
        // bound: on a loaded machine it would measure the load, not the code.)
        let (_, status) = try await playToEnd([.file(wav)], options("oak_no_such_pcm"), timeout: 5)
        guard case .failed(let error) = status, case .noUsableDevice(let attempts) = error else {
            Issue.record("expected a device failure, got \(status)")
            return
        }
        #expect(attempts.map(\.device) == ["oak_no_such_pcm"])
        #expect(attempts[0].reason.contains("no such device"))
        #expect(error.description.contains("OPENALARMKIT_AUDIO_DEVICE"))
    }

    @Test func aDeviceThatCannotOpenFallsBackToTheNext() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 0.2, synth: ["whitenoise"])
        let out = dir.file("out.raw")
        let playback = Playback.start(
            [.file(wav)], options: options("oak_no_such_pcm", fallbacks: ["hw:97", fileDevice(out)]))
        try waitUntilPlaying(playback)
        guard case .playing(let playing) = playback.status else {
            Issue.record("not playing: \(playback.status)")
            return
        }
        #expect(playing.device == fileDevice(out))
        let status = try await withTimeout(3) { await playback.finished() }
        #expect(status == .finished)
        #expect(try mismatch(bytes(out), decodedBytes(wav)) == nil)
    }

    @Test func aDeviceThatFailsWhilePlayingFallsBackToTheNext() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 1.2)
        let out = dir.file("out.raw")
        // The file PCM opens, but its writes fail with EIO once it flushes its first buffer
        // (10 ms for a device that takes data at once, so at the first write): its folder
        // does not exist.
        let broken = fileDevice(dir.file("missing-folder/out.raw"))
        let (playback, status) = try await playToEnd([.file(wav)], options(broken, fallbacks: [fileDevice(out)]))
        #expect(status == .finished)
        let recorded = try bytes(out)
        // The fallback device got the rest of the sound (here all of it: the broken one
        // failed at its first write).
        #expect(recorded.count > 0)
        #expect(recorded.count <= 57600 * 4)
        #expect(playback.framesPlayed >= Int64(recorded.count / 4))
    }

    @Test func everyDeviceFailingEndsAsFailedListingEachAttempt() async throws {
        let (_, status) = try await playToEnd([.tone], options("oak_missing_a", fallbacks: ["oak_missing_b"]), timeout: 3)
        guard case .failed(.noUsableDevice(let attempts)) = status else {
            Issue.record("expected failure, got \(status)")
            return
        }
        #expect(attempts.map(\.device) == ["oak_missing_a", "oak_missing_b"])
    }

    @Test func deviceComesFromFlagThenEnvironmentThenDefault() {
        #expect(PlaybackOptions.device(flag: "hw:1", environment: ["OPENALARMKIT_AUDIO_DEVICE": "null"]) == "hw:1")
        #expect(PlaybackOptions.device(flag: nil, environment: ["OPENALARMKIT_AUDIO_DEVICE": "null"]) == "null")
        #expect(PlaybackOptions.device(flag: nil, environment: [:]) == "default")
    }
}
