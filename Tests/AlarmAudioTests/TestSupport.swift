import Foundation
import TestSupport
import Testing
@testable import AlarmAudio

/// A temporary folder removed when the value goes away.
final class TempDir {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "oak-audio-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func sub(_ name: String) throws -> String {
        let dir = "\(path)/\(name)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }
}

enum TestError: Error { case failed(String) }

/// Runs sox (test audio is made at test time, never checked in).
@discardableResult
func sox(_ args: [String]) throws -> String {
    let result = try Subprocess.run("/usr/bin/sox", ["-q"] + args)
    guard result.termination == .exited(0) else { throw TestError.failed("sox \(args): \(result.stderr)") }
    return result.stderr
}

/// A sine (or noise) file of `seconds` made by sox; `encoding` are sox output options.
func makeSound(_ path: String, seconds: Double = 0.3, rate: Int = 48000, channels: Int = 2,
               encoding: [String] = ["-b", "16"], synth: [String] = ["sine", "440"], gain: Double = -6) throws {
    try sox(["-n", "-r", "\(rate)", "-c", "\(channels)"] + encoding + [path, "synth", "\(seconds)"] + synth
            + ["gain", "\(gain)"])
}

func fileDevice(_ path: String) -> String { "file:FILE=\(path),FORMAT=raw" }

func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The raw interleaved samples libsndfile decodes, as the player hands them to ALSA.
func decodedBytes(_ path: String) throws -> [UInt8] {
    let file = try SoundFile(path: path)
    var out: [UInt8] = []
    let chunk = 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk * file.format.bytesPerFrame, alignment: 16)
    defer { buffer.deallocate() }
    while true {
        let n = try file.read(into: buffer, frames: chunk)
        if n == 0 { break }
        out += UnsafeRawBufferPointer(start: buffer, count: n * file.format.bytesPerFrame)
    }
    return out
}

func int16Samples(_ data: [UInt8]) -> [Int16] {
    stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
}

/// Plays and waits for the end, with a test-side timeout so a hang fails instead of blocking.
func playToEnd(_ choices: [SoundChoice], _ options: PlaybackOptions, timeout: Double = 10) async throws -> (Playback, Playback.Status) {
    let playback = Playback.start(choices, options: options)
    let status = try await withTimeout(timeout) { await playback.finished() }
    return (playback, status)
}

func withTimeout<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw TestError.failed("timed out after \(seconds) s")
        }
        group.cancelAll()
        return value
    }
}

/// Waits until the playback has written its first frame.
func waitUntilPlaying(_ playback: Playback, timeout: Double = 5) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while playback.firstFrameWrittenAt == nil {
        if playback.status.isDone { throw TestError.failed("ended before playing: \(playback.status)") }
        if Date() > deadline { throw TestError.failed("not playing after \(timeout) s") }
        usleep(2000)
    }
}

func options(_ device: String, volume: Double = 100, ramp: Ramp? = nil, loop: Bool = false,
             duration: Double? = nil, fallbacks: [String] = []) -> PlaybackOptions {
    PlaybackOptions(device: device, fallbackDevices: fallbacks, volumePercent: volume, ramp: ramp,
                    loop: loop, maximumDuration: duration)
}

/// nil when equal, else where they first differ (keeps failure messages short).
func mismatch<T: Equatable>(_ played: [T], _ expected: [T]) -> String? {
    if played == expected { return nil }
    if played.count != expected.count { return "length \(played.count), expected \(expected.count)" }
    let i = played.indices.first { played[$0] != expected[$0] }!
    return "first difference at \(i): \(played[i]) instead of \(expected[i])"
}
