import Foundation
import Testing
@testable import AlarmAudio

/// The play-time chain: the named sound, the default sound, the built-in tone.
@Suite(.timeLimit(.minutes(2))) struct RingFallbackTests {
    private func origin(of choices: [SoundChoice]) async throws -> (String, Playback.Status) {
        let playback = Playback.start(choices, options: options("null", duration: 0.1))
        try waitUntilPlaying(playback)
        guard case .playing(let playing) = playback.status else { return ("", playback.status) }
        let status = try await withTimeout(3) { await playback.finished() }
        return (playing.origin, status)
    }

    private func resolver(_ dir: TempDir) throws -> (SoundResolver, String) {
        let sounds = try dir.sub("data/openalarmkit/Sounds")
        let resolver = SoundResolver(environment: ["XDG_DATA_HOME": "\(dir.path)/data", "XDG_DATA_DIRS": "\(dir.path)/none"],
                                     checkoutSoundsDirectory: nil)
        return (resolver, sounds)
    }

    @Test func namedSoundPlaysWhenFound() async throws {
        let dir = try TempDir()
        let (resolver, sounds) = try resolver(dir)
        try makeSound("\(sounds)/Chime.flac", seconds: 0.3)
        try makeSound("\(sounds)/Default.flac", seconds: 0.3)
        let (origin, status) = try await origin(of: AlarmRinger.choices(for: .named("Chime"), resolver: resolver))
        #expect(origin == "\(sounds)/Chime.flac")
        #expect(status == .finished)
    }

    @Test func unknownOrBrokenSoundFallsBackToTheDefault() async throws {
        let dir = try TempDir()
        let (resolver, sounds) = try resolver(dir)
        try makeSound("\(sounds)/Default.flac", seconds: 0.3)
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: "\(sounds)/Broken.wav"))
        for sound in [RingSound.named("Missing"), .named("Broken"), .named("../escape"), .file(dir.file("nope.wav"))] {
            let (origin, status) = try await origin(of: AlarmRinger.choices(for: sound, resolver: resolver))
            #expect(origin == "\(sounds)/Default.flac", "\(sound)")
            #expect(status == .finished)
        }
    }

    @Test func withoutAnyFileTheToneStillRings() async throws {
        let dir = try TempDir()
        let (resolver, _) = try resolver(dir)
        let (origin, status) = try await origin(of: AlarmRinger.choices(for: .named("Missing"), resolver: resolver))
        #expect(origin == "built-in alarm tone")
        #expect(status == .finished)
    }

    @Test func theToneIsAudibleBeeps() async throws {
        let dir = try TempDir()
        let out = dir.file("tone.raw")
        let (_, status) = try await playToEnd([.tone], options(fileDevice(out), duration: 1.0))
        #expect(status == .finished)
        let samples = int16Samples(try bytes(out))
        #expect(samples.count == 48000)
        let loud = samples.filter { abs(Int($0)) > 8000 }.count
        #expect(loud > 48000 / 10)  // beeping a good part of the time
        #expect(samples[(48000 * 7 / 10)...].allSatisfy { $0 == 0 })  // and pausing between beeps
    }

    @Test func aBadFileWithoutFallbackFailsWithItsOwnReason() async throws {
        let dir = try TempDir()
        let path = dir.file("bad.wav")
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: path))
        let (_, status) = try await playToEnd([.file(path)], options("null"))
        guard case .failed(.undecodable(let failedPath, .unsupported)) = status else {
            Issue.record("expected the decode error, got \(status)")
            return
        }
        #expect(failedPath == path)
    }

    @Test func ringReturnsAtOnceAndStops() async throws {
        let start = ContinuousClock.now
        let playback = AlarmRinger.ring(.named("DefinitelyMissing"), options: options("null", loop: true),
                                        environment: ["XDG_DATA_HOME": "/nonexistent"])
        #expect(ContinuousClock.now - start < .milliseconds(50))
        try waitUntilPlaying(playback)
        playback.stop()
        #expect(playback.status == .stopped)
    }
}
