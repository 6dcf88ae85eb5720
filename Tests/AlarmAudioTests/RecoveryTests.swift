import Foundation
import Glibc
import Synchronization
import Testing
@testable import AlarmAudio

/// Underrun, suspend and a lost device, which `null` and `file` never produce, driven by a
/// scripted PCM in place of ALSA.
@Suite(.timeLimit(.minutes(2))) struct RecoveryTests {
    /// Replies to each write with the next scripted result (a frame count means "accept
    /// all"), and to each resume with the next scripted result.
    final class ScriptedPCM: PCMOutput {
        let name: String
        let sampleType: SampleType
        let sampleRate: Int
        let bufferFrames = 4800
        let log: Log
        private var writes: [Int32]
        private var resumes: [Int32]

        init(name: String, format: AudioFormat, writes: [Int32], resumes: [Int32], log: Log) {
            self.name = name
            sampleType = format.sampleType
            sampleRate = format.sampleRate
            self.writes = writes
            self.resumes = resumes
            self.log = log
        }

        func write(_ data: UnsafeRawPointer, frames: Int) -> Int {
            let next = writes.isEmpty ? 1 : writes.removeFirst()
            if next < 0 {
                log.add("\(name): error \(-next)")
                return Int(next)
            }
            log.addFrames(frames, device: name)
            return frames
        }
        func delay() -> Int { 0 }
        func prepare() -> Int32 { log.add("\(name): prepare"); return 0 }
        func resume() -> Int32 {
            log.add("\(name): resume")
            return resumes.isEmpty ? 0 : resumes.removeFirst()
        }
        func startIfPrepared() {}
        var isRunning: Bool { true }
        func close() { log.add("\(name): close") }
    }

    final class Log: Sendable {
        private let state = Mutex<(events: [String], frames: [String: Int])>(([], [:]))
        func add(_ event: String) { state.withLock { $0.events.append(event) } }
        func addFrames(_ n: Int, device: String) { state.withLock { $0.frames[device, default: 0] += n } }
        var events: [String] { state.withLock { $0.events } }
        func frames(_ device: String) -> Int { state.withLock { $0.frames[device] ?? 0 } }
    }

    private func play(seconds: Double, devices: [String], script: @escaping @Sendable (String) -> ([Int32], [Int32]))
        async throws -> (Playback, Playback.Status, Log, Int) {
        let dir = try TempDir()
        let wav = dir.file("s.wav")
        try makeSound(wav, seconds: seconds, rate: 8000, channels: 1)
        let log = Log()
        let opener: PCMOpener = { name, format throws(AudioError) in
            let (writes, resumes) = script(name)
            if writes.first == -ENOENT { throw .device(name: name, reason: "no such device") }
            return ScriptedPCM(name: name, format: format, writes: writes, resumes: resumes, log: log)
        }
        var opts = options(devices[0], fallbacks: Array(devices.dropFirst()))
        opts.logger.logLevel = .critical
        let playback = Playback.start([.file(wav)], options: opts, openPCM: opener)
        let status = try await withTimeout(5) { await playback.finished() }
        return (playback, status, log, Int(seconds * 8000))
    }

    @Test func underrunIsRecoveredByPreparingAndNothingIsLost() async throws {
        let (_, status, log, total) = try await play(seconds: 0.5, devices: ["hw"]) { _ in
            ([1, 1, -EPIPE, 1, 1, 1, 1, 1], [])
        }
        #expect(status == .finished)
        #expect(log.events.filter { $0 == "hw: prepare" }.count == 1)
        #expect(log.frames("hw") == total)
    }

    @Test func suspendIsResumedRetryingWhileTheDriverIsBusy() async throws {
        let (_, status, log, total) = try await play(seconds: 0.5, devices: ["hw"]) { _ in
            ([1, -ESTRPIPE, 1, 1, 1, 1, 1, 1], [-EAGAIN, -EAGAIN, 0])
        }
        #expect(status == .finished)
        #expect(log.events.filter { $0 == "hw: resume" }.count == 3)
        #expect(!log.events.contains("hw: prepare"))
        #expect(log.frames("hw") == total)
    }

    @Test func aFailedResumeFallsBackToPrepare() async throws {
        let (_, status, log, total) = try await play(seconds: 0.3, devices: ["hw"]) { _ in
            ([-ESTRPIPE, 1, 1, 1, 1], [-ENOSYS])
        }
        #expect(status == .finished)
        #expect(log.events.contains("hw: prepare"))
        #expect(log.frames("hw") == total)
    }

    @Test func aLostDeviceHandsTheRestToTheNextDevice() async throws {
        let (playback, status, log, total) = try await play(seconds: 0.5, devices: ["usb", "default"]) { name in
            name == "usb" ? ([1, 1, -ENODEV], []) : ([1, 1, 1, 1, 1, 1, 1], [])
        }
        #expect(status == .finished)
        #expect(log.events.contains("usb: close"))
        #expect(log.frames("usb") + log.frames("default") == total)
        #expect(log.frames("default") > 0)
        #expect(playback.framesPlayed == Int64(total))
    }

    @Test func aDeviceThatCannotOpenIsSkipped() async throws {
        let (_, status, log, total) = try await play(seconds: 0.2, devices: ["gone", "default"]) { name in
            name == "gone" ? ([-ENOENT], []) : ([1, 1, 1], [])
        }
        #expect(status == .finished)
        #expect(log.frames("default") == total)
    }
}
