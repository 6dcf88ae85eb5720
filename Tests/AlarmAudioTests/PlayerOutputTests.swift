import Foundation
import Testing
@testable import AlarmAudio

/// What reaches the device: recorded through ALSA's `file` PCM and compared sample by sample.
@Suite(.timeLimit(.minutes(2))) struct PlayerOutputTests {
    @Test func sixteenBitWAVAtFullVolumeIsBitExact() async throws {
        let dir = try TempDir()
        let wav = dir.file("noise.wav")
        try makeSound(wav, seconds: 0.4, rate: 44100, channels: 2, synth: ["whitenoise"])
        let expected = dir.file("expected.raw")
        try sox([wav, "-t", "raw", expected])
        let out = dir.file("out.raw")
        let (_, status) = try await playToEnd([.file(wav)], options(fileDevice(out)))
        #expect(status == .finished)
        let played = try bytes(out)
        let source = try bytes(expected)
        #expect(mismatch(played, source) == nil)
    }

    @Test(arguments: [
        ("flac16.flac", ["-b", "16"]),
        ("pcm24.wav", ["-b", "24"]),
        ("float.wav", ["-e", "floating-point", "-b", "32"]),
        ("ulaw.wav", ["-e", "u-law"]),
        ("alaw.wav", ["-e", "a-law"]),
        ("pcm8.wav", ["-b", "8"]),
        ("vorbis.ogg", [String]()),
        ("aiff16.aiff", ["-b", "16"]),
        ("mpeg.mp3", [String]()),
    ])
    func otherFormatsMatchLibsndfilesDecode(name: String, encoding: [String]) async throws {
        let dir = try TempDir()
        let path = dir.file(name)
        try makeSound(path, seconds: 0.3, rate: 48000, channels: 1, encoding: encoding)
        let out = dir.file("out.raw")
        let (_, status) = try await playToEnd([.file(path)], options(fileDevice(out)))
        #expect(status == .finished)
        let played = try bytes(out)
        let decoded = try decodedBytes(path)
        #expect(mismatch(played, decoded) == nil)
    }

    @Test func loopRepeatsTheSoundSeamlessly() async throws {
        let dir = try TempDir()
        let wav = dir.file("short.wav")
        try makeSound(wav, seconds: 0.1, rate: 8000, channels: 1, synth: ["whitenoise"])
        let one = try decodedBytes(wav)
        let out = dir.file("out.raw")
        let (_, status) = try await playToEnd([.file(wav)], options(fileDevice(out), loop: true, duration: 0.35))
        #expect(status == .finished)
        let played = try bytes(out)
        #expect(played.count == 2800 * 2)  // 0.35 s at 8 kHz, 16-bit mono
        let repeated = Array((one + one + one + one).prefix(played.count))
        #expect(mismatch(played, repeated) == nil)
    }

    @Test func volumeScalesEverySample() async throws {
        let dir = try TempDir()
        let wav = dir.file("noise.wav")
        try makeSound(wav, seconds: 0.2, rate: 16000, channels: 1, synth: ["whitenoise"])
        let source = int16Samples(try decodedBytes(wav))
        let out = dir.file("out.raw")
        let (_, status) = try await playToEnd([.file(wav)], options(fileDevice(out), volume: 25))
        #expect(status == .finished)
        let played = int16Samples(try bytes(out))
        let expected = source.map { Int16((Float($0) * 0.25).rounded()) }
        #expect(mismatch(played, expected) == nil)
        #expect(source.contains { abs(Int($0)) > 8000 })  // the check is not vacuous
    }

    @Test func rampRisesLinearlyFromItsStartToTheTarget() async throws {
        let dir = try TempDir()
        let wav = dir.file("tone.wav")
        // 1 kHz at 16 kHz: every 16 samples is one period, so a window's peak is the envelope.
        try makeSound(wav, seconds: 1.2, rate: 16000, channels: 1, synth: ["sine", "1000"], gain: -3)
        let source = int16Samples(try decodedBytes(wav))
        let out = dir.file("out.raw")
        let ramp = Ramp(fromPercent: 10, seconds: 1.0)
        let (_, status) = try await playToEnd([.file(wav)], options(fileDevice(out), volume: 80, ramp: ramp))
        #expect(status == .finished)
        let played = int16Samples(try bytes(out))
        #expect(played.count == source.count)
        func peak(_ samples: [Int16], at seconds: Double) -> Double {
            let start = Int(seconds * 16000)
            return Double(samples[start..<start + 160].map { abs(Int($0)) }.max()!)
        }
        for t in [0.02, 0.25, 0.5, 0.75, 0.98, 1.1] {
            let expectedGain = 0.8 * (t >= 1 ? 1 : 0.1 + 0.9 * (t + 0.005))
            let measured = peak(played, at: t) / peak(source, at: t)
            #expect(abs(measured - expectedGain) < 0.02, "gain at \(t) s: \(measured), expected \(expectedGain)")
        }
    }

    @Test func twoSoundsPlayAtOnce() async throws {
        let dir = try TempDir()
        let a = dir.file("a.wav"), b = dir.file("b.wav")
        try makeSound(a, seconds: 0.6, rate: 8000, channels: 1, synth: ["sine", "440"])
        try makeSound(b, seconds: 0.6, rate: 22050, channels: 2, synth: ["sine", "660"])
        let outA = dir.file("a.raw"), outB = dir.file("b.raw")
        let first = Playback.start([.file(a)], options: options(fileDevice(outA)))
        let second = Playback.start([.file(b)], options: options(fileDevice(outB)))
        let statusA = try await withTimeout(5) { await first.finished() }
        let statusB = try await withTimeout(5) { await second.finished() }
        #expect(statusA == .finished && statusB == .finished)
        #expect(try mismatch(bytes(outA), decodedBytes(a)) == nil)
        #expect(try mismatch(bytes(outB), decodedBytes(b)) == nil)
        // Concurrent, not one after the other: each lasts 0.6 s (paced by the clock), so the
        // later one started while the earlier one was still playing. (No bound on total wall
        // time: that would only measure how loaded the machine is.)
        let starts = [first.firstFrameWrittenAt!, second.firstFrameWrittenAt!].sorted()
        #expect(starts[0].distance(to: starts[1]) < 0.6, "the second sound began after the first had ended")
    }
}
