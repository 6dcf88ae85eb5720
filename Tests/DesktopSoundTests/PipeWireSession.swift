import Foundation
import Glibc
import TestSupport

/// Runs scripts/testing/pipewire-session.py: a private PipeWire (pipewire, wireplumber,
/// pipewire-pulse) or PulseAudio with a null sink, on its own session bus, in a temporary
/// folder. `environment` routes ALSA `default` of a child process to it. The script stops
/// everything when our end of its stdin closes, also when the test process dies. Every wait
/// suspends (Task.sleep) instead of blocking: blocking the few cooperative threads of the
/// test process would starve the other suites' timing.
final class SoundServerSession: @unchecked Sendable {
    enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        /// PipeWire, ALSA through its pipewire plugin (Debian, Fedora, Ubuntu ≥ 22.10).
        case pipewire = "PipeWire"
        /// PipeWire, ALSA through the pulse plugin to pipewire-pulse.
        case pulseOnPipeWire = "pulse plugin on pipewire-pulse"
        /// PulseAudio itself (not installable beside pipewire-alsa on Debian).
        case pulseaudio = "PulseAudio"
        var description: String { rawValue }

        var scriptArguments: [String] {
            switch self {
            case .pipewire: []
            case .pulseOnPipeWire: ["--alsa-pulse"]
            case .pulseaudio: ["--pulseaudio"]
            }
        }

        var requirements: [String] {
            switch self {
            case .pipewire: ["/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/pipewire-pulse", "/usr/bin/pw-record", "/usr/bin/pactl", Self.alsaPlugin("pipewire")]
            case .pulseOnPipeWire: ["/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/pipewire-pulse", "/usr/bin/pw-record", "/usr/bin/pactl", Self.alsaPlugin("pulse")]
            case .pulseaudio: [Self.pulseaudioDaemon, "/usr/bin/parecord", "/usr/bin/pactl", Self.alsaPlugin("pulse")]
            }
        }

        var isInstalled: Bool { requirements.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

        /// Whether these tests can run here: PipeWire is installed, or this is CI (whose
        /// scripts/setup installs it, so a missing one must fail: `RealServers.required`).
        /// scripts/setup leaves it out where PulseAudio is installed, since pipewire-alsa
        /// conflicts with it.
        static var canRun: Bool { pipewire.isInstalled || RealServers.required }

        /// PipeWire always, and the pulse plugin where installed. PulseAudio itself is for trials by hand: parecord of its
        /// null sink's monitor drops stretches of audio, so the timing checks cannot hold.
        /// In CI both, so that a missing pulse plugin fails rather than leaving its cases out.
        static var testable: [Kind] { [.pipewire] + (pulseOnPipeWire.isInstalled || RealServers.required ? [.pulseOnPipeWire] : []) }

        /// The installed daemon, else Debian's package as scripts/setup unpacks it (installing
        /// it would remove pipewire-alsa); scripts/testing/pipewire-session.py runs either.
        static var pulseaudioDaemon: String {
            ["/usr/bin/pulseaudio", "/opt/openalarmkit-test/pulseaudio/usr/bin/pulseaudio"]
                .first { FileManager.default.fileExists(atPath: $0) } ?? "/usr/bin/pulseaudio"
        }

        private static func alsaPlugin(_ name: String) -> String {
            let file = "libasound_module_pcm_\(name).so"
            let folders = ["/usr/lib/x86_64-linux-gnu/alsa-lib", "/usr/lib/aarch64-linux-gnu/alsa-lib", "/usr/lib64/alsa-lib", "/usr/lib/alsa-lib"]
            return folders.map { "\($0)/\(file)" }.first { FileManager.default.fileExists(atPath: $0) } ?? "\(folders[0])/\(file)"
        }
    }

    let folder: URL
    private(set) var environment: [String: String] = [:]
    /// CLOCK_MONOTONIC seconds when the sink last became ready.
    private(set) var readyAt: Double = 0
    private let process: Subprocess
    private let output = Locked<[String]>([])

    struct Failure: Error, CustomStringConvertible { let description: String }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/testing/pipewire-session.py")

    /// Starts the server and waits for its sink.
    static func start(_ kind: Kind = .pipewire) async throws -> SoundServerSession {
        let session = try SoundServerSession(kind)
        try await session.waitUntilReady()
        return session
    }

    private init(_ kind: Kind) throws {
        for path in kind.requirements where !FileManager.default.fileExists(atPath: path) {
            throw Failure(description: "\(path) is missing: run scripts/setup")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-sound-\(UUID().uuidString.prefix(8))")
        process = try Subprocess("/usr/bin/python3", [Self.script.path, folder.path] + kind.scriptArguments,
                                 stdin: .pipe, stdout: .pipe, stderr: .null)
        process.collectLines(into: output)
    }

    private func waitUntilReady() async throws {
        let deadline = Date().addingTimeInterval(30)
        var ready: Double?
        while Date() < deadline, process.isRunning {
            if let line = output.withLock({ $0.first { $0.hasPrefix("ready ") } }) {
                ready = Double(line.dropFirst(6))
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let ready else {
            throw Failure(description: "sound server did not start; logs in \(folder.path)/logs")
        }
        readyAt = ready
        var environment = ChildEnvironment.base
        for line in output.withLock({ $0 }) where line.hasPrefix("env ") {
            let pair = line.dropFirst(4).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { environment[pair[0]] = pair[1] }
        }
        environment["OPENALARMKIT_AUDIO_DEVICE"] = nil
        self.environment = environment
    }

    deinit {
        try? process.input?.close()
        // Reaped and cleaned up on a thread of its own: a deinit may run on a cooperative thread.
        let (process, folder) = (self.process, self.folder)
        Thread {
            process.wait()
            try? FileManager.default.removeItem(at: folder)
        }.start()
    }

    /// Sends a command and returns what follows its `ok`.
    @discardableResult
    func send(_ command: String, timeout: Double = 30) async throws -> String {
        let already = output.withLock { $0.count }
        process.input?.write(Data((command + "\n").utf8))
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let answer = output.withLock({ Array($0.dropFirst(already)).first { $0.hasPrefix("ok") || $0.hasPrefix("error") } }) {
                guard answer.hasPrefix("ok") else { throw Failure(description: "\(command): \(answer)") }
                return String(answer.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Failure(description: "no answer to '\(command)'")
    }

    /// SIGKILLs the server, as a crash does.
    func kill() async throws { try await send("kill") }

    /// Starts the server again and waits for its sink.
    func start() async throws {
        readyAt = Double(try await send("start")) ?? monotonicSeconds()
    }

    /// Records what the sink plays into `path`; returns the CLOCK_MONOTONIC start.
    @discardableResult
    func record(_ path: String) async throws -> Double { Double(try await send("record \(path)")) ?? monotonicSeconds() }

    func stopRecording() async throws { try await send("stoprecord") }

    @discardableResult
    func pactl(_ arguments: String...) async throws -> String { try await send("pactl " + arguments.joined(separator: " ")) }

    var sink: String { "oak-test-sink" }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
