import Foundation
import Testing
import TestSupport

/// `alarmctl sound play` into a pipe: the progress line (drawn by a thread of its own) is a
/// plain line a second with no control characters, the clock reads m:ss.t, and the command
/// ends with what it played.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundPlayProgressTests {
    /// A sine of `seconds` in a WAV file of its own folder, removed when `body` returns.
    private func withSound(seconds: String, _ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "oak-cli-progress-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try Subprocess.run("/usr/bin/sox", ["-q", "-n", "-r", "44100", "-c", "2", "-b", "16", "\(dir)/tone.wav", "synth", seconds, "sine", "440"])
        #expect(made.termination == .exited(0), "\(made.stderr)")
        try body("\(dir)/tone.wav")
    }

    @Test func aPipeGetsALineASecondAndTheTimePlayed() throws {
        try withSound(seconds: "2.25") { path in
            let run = try AlarmctlRun(["sound", "play", "--device", "null", path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\r"), "\(run.stdout)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            // 2.25 s of sound: ticks at about 1 s and 2 s after the start, each "m:ss.t / 0:02.3  on null".
            let ticks = lines.filter { $0.hasSuffix(" / 0:02.3  on null") }
            #expect((1...2).contains(ticks.count), "\(run.stdout)")
            for tick in ticks {
                #expect(tick.wholeMatch(of: /0:0[0-2]\.\d \/ 0:02\.3  on null/) != nil, "\(tick)")
            }
            let done = try #require(lines.last)
            #expect(done.wholeMatch(of: /Done: played 0:02\.[2-4]\./) != nil, "\(run.stdout)")
        }
    }

    @Test func aStopByDurationSaysHowLongItPlayed() throws {
        try withSound(seconds: "0.2") { path in
            let run = try AlarmctlRun(["sound", "play", "--device", "null", "--loop", "--duration", "1.5", path])
            #expect(run.status == 0, "\(run.stderr)")
            // Looping a 0.2 s sound: the tick says which pass it is on.
            #expect(run.stdout.contains(" / 0:00.2  pass "), "\(run.stdout)")
            let done = try #require(run.stdout.split(separator: "\n").last.map(String.init))
            #expect(done.wholeMatch(of: /Done: played 0:01\.[5-7]\./) != nil, "\(run.stdout)")
        }
    }
}
