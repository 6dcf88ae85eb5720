import Foundation
import TestSupport
import Testing
@testable import AlarmAudio

/// Files that decode for a while and then break (cut short by `head -c`, or overwritten with
/// garbage part-way): an error naming the file, never a silent end; a ring goes on with the
/// next sound.
@Suite(.timeLimit(.minutes(2))) struct BrokenMidStreamTests {
    enum Damage: String, CaseIterable {
        case truncatedFLAC, damagedFLAC, damagedMP3
    }

    /// A 2 s sound broken half-way (libFLAC reads ahead: a short file breaks at its first read).
    static func brokenFile(_ damage: Damage, in dir: TempDir) throws -> String {
        let whole: String
        switch damage {
        case .truncatedFLAC, .damagedFLAC:
            whole = dir.file("whole.flac")
            try makeSound(whole, seconds: 2, rate: 48000, channels: 1, synth: ["whitenoise"])
        case .damagedMP3:
            whole = dir.file("whole.mp3")
            try makeSound(whole, seconds: 2, rate: 44100, channels: 1, encoding: [], synth: ["whitenoise"])
        }
        let path = dir.file("broken-" + (whole as NSString).lastPathComponent)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        switch damage {
        case .truncatedFLAC:
            // head's output is binary: redirected by the shell, not read back as text.
            let shell = try Subprocess.run("/bin/sh", ["-c", "head -c \(size / 2) '\(whole)' > '\(path)'"])
            guard shell.termination == .exited(0) else { throw TestError.failed("head: \(shell.stderr)") }
        case .damagedFLAC, .damagedMP3:
            var data = try Data(contentsOf: URL(fileURLWithPath: whole))
            for i in (size / 2)..<min(size, size / 2 + 4000) { data[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
            try data.write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    @Test(arguments: Damage.allCases)
    func aSoundThatBreaksPartWayIsAnErrorNamingTheFile(damage: Damage) async throws {
        let dir = try TempDir()
        let path = try Self.brokenFile(damage, in: dir)
        let (playback, status) = try await playToEnd([.file(path)], options("null"))
        guard case .failed(let error) = status, case .undecodable(let failed, let reason) = error else {
            Issue.record("\(damage): expected a decode error, got \(status)")
            return
        }
        #expect(failed == path)
        switch reason {
        case .corrupt, .truncated: break
        default: Issue.record("\(damage): \(reason)")
        }
        #expect(playback.framesPlayed > 0, "it broke part-way, after playing some")
        #expect(error.description.contains("after"), "says where: \(error)")
    }

    @Test func aRingThatBreaksPartWayGoesOnWithTheDefaultSound() async throws {
        let dir = try TempDir()
        let sounds = try dir.sub("data/openalarmkit/Sounds")
        let resolver = SoundResolver(environment: ["XDG_DATA_HOME": "\(dir.path)/data", "XDG_DATA_DIRS": "\(dir.path)/none"],
                                     checkoutSoundsDirectory: nil)
        let fallback = "\(sounds)/Default.flac"
        try makeSound(fallback, seconds: 0.2, rate: 48000, channels: 1, synth: ["sine", "1000"])
        let broken = try Self.brokenFile(.truncatedFLAC, in: dir)
        let out = dir.file("out.raw")
        let choices = AlarmRinger.choices(for: .file(broken), resolver: resolver)
        let (_, status) = try await playToEnd(choices, options(fileDevice(out), loop: true, duration: 1.5))
        #expect(status == .finished)
        let played = int16Samples(try bytes(out))
        #expect(played.count == 72000)  // 1.5 s at 48 kHz: no gap, no early end
        // The last 0.2 s are the default sound, looping (at some phase).
        let pass = int16Samples(try decodedBytes(fallback))
        let tail = Array(played.suffix(9600))
        let twice = pass + pass + pass
        let found = (0..<pass.count).contains { Array(twice[$0..<($0 + tail.count)]) == tail }
        #expect(found, "the ring did not go on with the default sound")
    }

    @Test func withNothingElseTheToneTakesOver() async throws {
        let dir = try TempDir()
        let broken = try Self.brokenFile(.truncatedFLAC, in: dir)
        let playback = Playback.start([.file(broken), .tone], options: options("null", loop: true, duration: 1.2))
        var origins: [String] = []
        while !playback.status.isDone {
            if case .playing(let playing) = playback.status, origins.last != playing.origin { origins.append(playing.origin) }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(playback.status == .finished)
        #expect(origins == [broken, "built-in alarm tone"])
    }
}
