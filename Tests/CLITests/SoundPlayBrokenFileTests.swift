import Foundation
import Testing
import TestSupport

/// `alarmctl sound play` on a file that breaks part-way: it is how a user tests a sound
/// before trusting a wake-up to it, so it must not end with "Done" and status 0.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct SoundPlayBrokenFileTests {
    @Test func aTruncatedFLACExitsNonZeroNamingTheFile() throws {
        let dir = NSTemporaryDirectory() + "oak-cli-sound-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try Subprocess.run("/bin/sh", ["-c",
            "sox -q -n -r 48000 -c 1 -b 16 '\(dir)/whole.flac' synth 2 whitenoise gain -6 && "
            + "head -c $(( $(stat -c %s '\(dir)/whole.flac') / 2 )) '\(dir)/whole.flac' > '\(dir)/cut.flac'"])
        #expect(made.termination == .exited(0), "\(made.stderr)")
        let run = try AlarmctlRun(["sound", "play", "--device", "null", "\(dir)/cut.flac"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(dir)/cut.flac"), "\(run.stderr)")
        #expect(run.stderr.contains("corrupt") || run.stderr.contains("truncated"), "\(run.stderr)")
        #expect(!run.stdout.contains("Done"), "\(run.stdout)")
    }
}
