import Foundation
import Testing
@testable import AlarmAudio

/// When the first frame goes out: at once on devices that take data at once, and at the
/// instant of a prepared start (ring at the floor). Orderings only; the figures are in
/// `alarm-bench sound-paths first-byte` and `scripts/bench daemon`.
@Suite(.timeLimit(.minutes(2))) struct StartTests {
    @Test func aFileDeviceHoldsTheFirstChunkWhenTheFirstFrameIsReported() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav"), out = dir.file("out.raw")
        try makeSound(wav, seconds: 2, rate: 44100, channels: 2)
        let playback = Playback.start([.file(wav)], options: options(fileDevice(out)))
        try waitUntilPlaying(playback)
        // Before, the file plugin kept the first 0.5 s (its whole buffer) back.
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        playback.stop()
        #expect(size > 0)
    }

    @Test func aPreparedStartWritesNothingBeforeItsInstantAndAllAfter() async throws {
        let dir = try TempDir()
        let wav = dir.file("noise.wav"), out = dir.file("out.raw")
        try makeSound(wav, seconds: 0.3, rate: 44100, channels: 2, synth: ["whitenoise"])
        var prepared = options(fileDevice(out))
        let instant = Date().addingTimeInterval(0.4)
        prepared.startAt = instant
        let (playback, status) = try await playToEnd([.file(wav)], prepared)
        #expect(status == .finished)
        let first = try #require(playback.firstFrameWrittenAt)
        #expect(first >= instant)
        #expect(mismatch(try bytes(out), try decodedBytes(wav)) == nil)
    }

    @Test func aPreparedStartStoppedBeforeItsInstantPlaysNothing() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 0.3, rate: 44100, channels: 2)
        var prepared = options("null")
        prepared.startAt = Date().addingTimeInterval(1)
        let playback = Playback.start([.file(wav)], options: prepared)
        try await Task.sleep(for: .milliseconds(200))
        playback.stop()
        let status = try await withTimeout(3) { await playback.finished() }
        #expect(status == .stopped)
        #expect(playback.framesPlayed == 0)
        #expect(playback.firstFrameWrittenAt == nil)
    }
}
