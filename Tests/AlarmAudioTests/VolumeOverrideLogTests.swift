import Foundation
import Testing

@testable import AlarmAudio

/// While no device opens, the ringing alarm retries the volume policy every second; the log
/// must say so once per 10 s, not at every retry (one line per condition per 10 s).
@Suite(.timeLimit(.minutes(2))) struct VolumeOverrideLogTests {
    @Test func anUnreadableMixerIsReportedOncePerIntervalNotAtEveryRetry() throws {
        let counter = ServerRestartTests.LineCounter()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("oak-volume-\(UUID().uuidString.prefix(8)).json").path
        let policy = VolumeOverride(ctl: "oak-no-such-ctl", minimumPercent: 60, stateFile: state, logger: counter.logger())
        for _ in 0..<20 { #expect(policy.engage() == false) }
        #expect(counter.count == 1, "\(counter.lines.withLock { $0 })")
        #expect(!FileManager.default.fileExists(atPath: state), "nothing saved when nothing was read")
    }
}
