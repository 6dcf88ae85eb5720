import Foundation
import Glibc
import LinuxSupport
import Logging
import Synchronization
import Testing
@testable import AlarmAudio

/// What the PipeWire ALSA plugin does while its server restarts, scripted: every write of an
/// open PCM fails with -EPIPE, `prepare` keeps succeeding, and opening fails. The playback
/// must neither spin nor flood the log, and must play again once the server is back. (The
/// real thing runs in DesktopSoundTests against a real PipeWire.)
@Suite(.timeLimit(.minutes(2))) struct ServerRestartTests {
    /// The scripted sound server and everything done to it.
    final class Server: Sendable {
        struct State {
            var up = true
            var upDevices: Set<String>? = nil
            var opens: [(device: String, at: UInt64, ok: Bool)] = []
            var prepares = 0
            var framesWhileUp: [String: Int] = [:]
            /// When the server last came up, and the first write it took after that: the
            /// playback thread's own timing, not the (possibly late) test task's.
            var upAt: UInt64 = 0
            var firstWriteAfterUp: UInt64?
        }
        let state = Mutex(State())
        func set(up: Bool) {
            state.withLock {
                $0.up = up
                if up {
                    $0.upAt = MonotonicClock.now()
                    $0.firstWriteAfterUp = nil
                }
            }
        }
        func isUp(_ device: String) -> Bool {
            state.withLock { $0.up && ($0.upDevices?.contains(device) ?? true) }
        }
        var prepares: Int { state.withLock { $0.prepares } }
        var opens: [(device: String, at: UInt64, ok: Bool)] { state.withLock { $0.opens } }
        func frames(_ device: String) -> Int { state.withLock { $0.framesWhileUp[device] ?? 0 } }
    }

    final class ServerPCM: PCMOutput {
        let name: String
        let sampleType: SampleType
        let sampleRate: Int
        let bufferFrames = 4800
        let server: Server
        init(name: String, format: AudioFormat, server: Server) {
            self.name = name
            sampleType = format.sampleType
            sampleRate = format.sampleRate
            self.server = server
        }
        func write(_ data: UnsafeRawPointer, frames: Int) -> Int {
            guard server.isUp(name) else { return -Int(EPIPE) }
            server.state.withLock {
                $0.framesWhileUp[name, default: 0] += frames
                if $0.firstWriteAfterUp == nil { $0.firstWriteAfterUp = MonotonicClock.now() }
            }
            return frames
        }
        func delay() -> Int { 0 }
        func prepare() -> Int32 { server.state.withLock { $0.prepares += 1 }; return 0 }
        func resume() -> Int32 { 0 }
        func startIfPrepared() {}
        var isRunning: Bool { true }
        func close() {}
    }

    /// A logger that counts its lines.
    final class LineCounter: Sendable {
        let lines = Mutex<[String]>([])
        var count: Int { lines.withLock { $0.count } }
        func logger() -> Logger {
            var logger = Logger(label: "test") { _ in CountingHandler(counter: self) }
            logger.logLevel = .info
            return logger
        }
        struct CountingHandler: LogHandler {
            let counter: LineCounter
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .info
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                counter.lines.withLock { $0.append("\(event.message)") }
            }
        }
    }

    private func start(_ server: Server, devices: [String], counter: LineCounter, duration: Double? = nil,
                       onSilent: (@Sendable (AudioError) -> Void)? = nil) -> Playback {
        let opener: PCMOpener = { name, format throws(AudioError) in
            let up = server.isUp(name)
            server.state.withLock { $0.opens.append((name, MonotonicClock.now(), up)) }
            guard up else { throw .device(name: name, reason: "Host is down") }
            return ServerPCM(name: name, format: format, server: server)
        }
        var opts = PlaybackOptions(device: devices[0], fallbackDevices: Array(devices.dropFirst()), loop: true,
                                   maximumDuration: duration, waitForDevice: true, onSilent: onSilent)
        opts.logger = counter.logger()
        return Playback.start([.tone], options: opts, openPCM: opener)
    }

    @Test func aServerAwayCostsBoundedRetriesAndPlaybackResumesOnItsReturn() async throws {
        let server = Server()
        let counter = LineCounter()
        let silences = Mutex(0)
        let playback = start(server, devices: ["default"], counter: counter, onSilent: { _ in silences.withLock { $0 += 1 } })
        try waitUntilPlaying(playback)
        try await Task.sleep(for: .milliseconds(300))
        server.set(up: false)
        let downAt = MonotonicClock.now()
        try await Task.sleep(for: .seconds(2))
        let linesWhileDown = counter.count
        let preparesWhileDown = server.prepares
        let framesBefore = server.frames("default")
        server.set(up: true)
        let upAt = server.state.withLock { $0.upAt }
        let resumed = try await eventuallyTrue(within: 3) { server.frames("default") > framesBefore }
        let back = server.state.withLock { $0.firstWriteAfterUp } ?? MonotonicClock.now()
        playback.stop()
        _ = try await withTimeout(3) { await playback.finished() }

        #expect(resumed)
        // The sound returns within the 0.5 s reopen backoff (plus a chunk) of the server's return.
        #expect(Double(back - upAt) / 1e9 < 0.75, "sound back \(Double(back - upAt) / 1e9) s after the server")
        // Recovered in place at most 3 times, then reopened: no spin on prepare.
        #expect(preparesWhileDown <= DeviceChain.recoveriesWithoutProgress)
        let failedOpens = server.opens.filter { !$0.ok && $0.at >= downAt && $0.at < upAt }
        // One open per 0.5 s backoff while down (the test's 2 s sleep may run long on a busy machine).
        let window = Double(upAt - downAt) / 1e9
        #expect(failedOpens.count >= 2 && failedOpens.count <= Int(window / 0.5) + 2, "\(failedOpens.count) failed opens in \(window) s")
        for (a, b) in zip(failedOpens, failedOpens.dropFirst()) {
            #expect(b.at - a.at >= DeviceChain.reopenBackoff - 1_000_000, "reopened after \(Double(b.at - a.at) / 1e6) ms")
        }
        #expect(linesWhileDown <= 3, "log lines while down: \(counter.lines.withLock { $0 })")
        #expect(silences.withLock { $0 } == 1)
    }

    @Test func theDurationRunsOnTheClockWhileTheServerIsAway() async throws {
        let server = Server()
        let counter = LineCounter()
        let playback = start(server, devices: ["default"], counter: counter, duration: 1.5)
        try waitUntilPlaying(playback)
        server.set(up: false)
        let status = try await withTimeout(5) { await playback.finished() }
        #expect(status == .finished)
        let first = try #require(playback.firstFrameWrittenAt)
        let ended = try #require(playback.endedAt)
        let lasted = ended.timeIntervalSince(first)
        // Never early; late only by the thread's wake-up latency (the device never returns here:
        // without the clock it would not end at all, which the 5 s timeout would catch).
        #expect(lasted >= 1.45 && lasted < 2.5, "a 1.5 s sound ended after \(lasted) s with its device away")
    }

    @Test func aFallbackPlaysWhileThePreferredDeviceIsGoneAndThePreferredIsTakenBack() async throws {
        let server = Server()
        let counter = LineCounter()
        server.state.withLock { $0.upDevices = ["default"] }
        let playback = start(server, devices: ["usb", "default"], counter: counter)
        try waitUntilPlaying(playback)
        let fallbackPlays = try await eventuallyTrue(within: 2) { server.frames("default") > 0 }
        #expect(fallbackPlays)
        #expect(server.frames("usb") == 0)
        server.state.withLock { $0.upDevices = ["default", "usb"] }
        let preferredBack = try await eventuallyTrue(within: 4) { server.frames("usb") > 0 }
        #expect(preferredBack, "the preferred device is probed again and taken back")
        let onFallback = server.frames("default")
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.frames("default") == onFallback, "the fallback is closed once the preferred plays")
        playback.stop()
        _ = try await withTimeout(3) { await playback.finished() }
    }

    @Test func rateLimitedLogSaysOncePerConditionAndCountsWhatItHeld() {
        let counter = LineCounter()
        var log = RateLimitedLog(intervalSeconds: 10)
        let logger = counter.logger()
        for i in 0..<1000 {
            log.log(logger, .warning, condition: "a", "failed", now: UInt64(i) * 1_000_000)
        }
        log.log(logger, .warning, condition: "b", "other", now: 0)
        #expect(counter.count == 2)
        log.log(logger, .warning, condition: "a", "failed", now: 11_000_000_000)
        #expect(counter.count == 3)
    }
}

/// Polls every 10 ms; true once `condition` holds, false after `seconds`.
func eventuallyTrue(within seconds: Double, _ condition: () -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@Suite(.timeLimit(.minutes(2))) struct DurationBoundsTests {
    @Test(arguments: [Double.nan, -5, 0, 1e300, Double.infinity])
    func anyDurationIsSafe(_ duration: Double) async throws {
        var opts = options("null", loop: true, duration: duration)
        opts.logger.logLevel = .critical
        let playback = Playback.start([.tone], options: opts)
        if duration.isNaN || duration <= 0 {
            let status = try await withTimeout(3) { await playback.finished() }
            #expect(status == .finished)
        } else {
            try waitUntilPlaying(playback)
            playback.stop()
            #expect(try await withTimeout(3) { await playback.finished() } == .stopped)
        }
    }
}
