import Foundation
import Testing
@testable import AlarmAudio

/// Short sounds loop from memory: what reaches the device is the sound repeated exactly,
/// frame for frame, for the whole duration. (Their CPU cost is measured by
/// `alarm-bench sound-paths loop`, not here.)
@Suite(.timeLimit(.minutes(2))) struct TinyLoopTests {
    @Test(arguments: [(1, 2, "wav"), (3, 1, "wav"), (441, 2, "flac")])
    func aTinyLoopIsTheSoundRepeatedExactly(frames: Int, channels: Int, type: String) async throws {
        let dir = try TempDir()
        let path = dir.file("tiny.\(type)")
        // The rate goes on both sides of -n: sox counts "Ns" at the input rate.
        try sox(["-r", "48000", "-n", "-r", "48000", "-c", "\(channels)", "-b", "16", path, "synth", "\(frames)s", "whitenoise"])
        let one = try decodedBytes(path)
        #expect(one.count == frames * channels * 2)
        let out = dir.file("out.raw")
        let (_, status) = try await playToEnd([.file(path)], options(fileDevice(out), loop: true, duration: 0.3))
        #expect(status == .finished)
        let played = try bytes(out)
        #expect(played.count == 14400 * channels * 2)  // 0.3 s at 48 kHz
        let repeated = Array(Array(repeating: one, count: 14400 / frames + 1).joined().prefix(played.count))
        #expect(mismatch(played, repeated) == nil)
    }

    @Test func aShortSoundIsHeldInMemoryAndALongOneStreams() throws {
        let dir = try TempDir()
        let short = dir.file("short.wav"), long = dir.file("long.wav")
        try makeSound(short, seconds: 0.4, rate: 8000, channels: 1)
        try makeSound(long, seconds: 0.6, rate: 8000, channels: 1)
        #expect(try MemoryLoop.load(SoundFile(path: short)) != nil)
        #expect(try MemoryLoop.load(SoundFile(path: long)) == nil)
    }

    @Test func aTruncatedShortLoopIsRefusedAtOpen() throws {
        let dir = try TempDir()
        let whole = dir.file("whole.flac"), cut = dir.file("cut.flac")
        try makeSound(whole, seconds: 0.4, rate: 48000, channels: 1, synth: ["whitenoise"])
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        #expect(throws: AudioError.self) { _ = try MemoryLoop.load(SoundFile(path: cut)) }
    }
}
