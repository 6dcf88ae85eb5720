import Foundation
import Testing
@testable import AlarmAudio

/// Pacing, latency and the first-frame timestamp: devices that take data at once must
/// still get it at the rate it is heard.
@Suite(.timeLimit(.minutes(2))) struct PlayerTimingTests {
    @Test func stopSilencesPromptly() async throws {
        let dir = try TempDir()
        let wav = dir.file("loop.wav")
        try makeSound(wav, seconds: 0.5)
        let playback = Playback.start([.file(wav)], options: options("null", loop: true))
        try waitUntilPlaying(playback)
        try await Task.sleep(for: .milliseconds(200))
        let start = ContinuousClock.now
        playback.stop()
        let latency = ContinuousClock.now - start
        #expect(latency < .milliseconds(200), "stop took \(latency)")
        #expect(playback.status == .stopped)
        let final = try await withTimeout(2) { await playback.finished() }
        #expect(final == .stopped)
    }

    /// The tests' timeout must end a wait on a playback that never ends (a hang in the player
    /// fails a test instead of blocking the run), so a cancelled `finished()` returns at once.
    @Test func aTimeoutEndsTheWaitForAPlaybackThatNeverEnds() async throws {
        let dir = try TempDir()
        let wav = dir.file("loop.wav")
        try makeSound(wav, seconds: 0.5)
        let playback = Playback.start([.file(wav)], options: options("null", loop: true))
        defer { playback.stop() }
        try waitUntilPlaying(playback)
        let start = ContinuousClock.now
        await #expect(throws: TestError.self) { try await withTimeout(0.3) { await playback.finished() } }
        let waited = ContinuousClock.now - start
        #expect(waited < .seconds(3), "the timed-out wait took \(waited)")
        #expect(!playback.status.isDone, "still playing: only the wait ended")
    }

    @Test func loopingOnNullIsPacedAndCheap() async throws {
        let dir = try TempDir()
        let wav = dir.file("loop.wav")
        try makeSound(wav, seconds: 0.25, rate: 48000, channels: 2)
        let (playback, status) = try await playToEnd(
            [.file(wav)], options("null", loop: true, duration: 2.0))
        #expect(status == .finished)
        // Paced by the clock: two seconds of audio take two seconds, not an instant, measured
        // by the playback thread's own first write and end (the test task itself may resume
        // late on a busy machine). Pacing to absolute deadlines catches up after a delay.
        let wall = try #require(playback.endedAt).timeIntervalSince(try #require(playback.firstFrameWrittenAt))
        #expect(wall > 1.85 && wall < 2.5, "2 s of audio took \(wall) s")
        let cpu = try #require(playback.threadCPUSeconds)
        #expect(cpu / wall < 0.01, "playback thread used \(cpu) s of CPU in \(wall) s")
    }

    @Test func fileRecordingMatchesTheWallTimeItRang() async throws {
        let dir = try TempDir()
        let wav = dir.file("loop.wav")
        try makeSound(wav, seconds: 0.3, rate: 8000, channels: 1)
        let out = dir.file("out.raw")
        let playback = Playback.start([.file(wav)], options: options(fileDevice(out), loop: true))
        try waitUntilPlaying(playback)
        try await Task.sleep(for: .milliseconds(1500))
        playback.stop()
        let rang = Date().timeIntervalSince(playback.firstFrameWrittenAt!)
        _ = try await withTimeout(2) { await playback.finished() }
        let recorded = Double(try bytes(out).count / 2) / 8000
        // Paced by the clock, a recording runs ahead of the wall time by at most one chunk.
        #expect(abs(recorded - rang) < PlaybackEngine.chunkSeconds + 0.05, "recorded \(recorded) s while it rang \(rang) s")
    }

    @Test func firstFrameIsReportedOnceWithItsTime() async throws {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: 0.1)
        let calls = CallCounter()
        var opts = options("null")
        let before = Date()
        opts.onFirstFrame = { date in calls.record(date) }
        let (playback, status) = try await playToEnd([.file(wav)], opts)
        #expect(status == .finished)
        let at = try #require(playback.firstFrameWrittenAt)
        #expect(calls.dates == [at])
        #expect(at >= before && at.timeIntervalSince(before) < 0.5)
    }
}

final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Date] = []
    func record(_ date: Date) { lock.withLock { recorded.append(date) } }
    var dates: [Date] { lock.withLock { recorded } }
}
