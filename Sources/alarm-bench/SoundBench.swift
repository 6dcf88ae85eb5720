import AlarmAudio
import ArgumentParser
import Foundation

/// `alarm-bench sound`: CPU, peak memory and start-up latency of `alarmctl sound play` on
/// WAV, FLAC and Ogg, against `aplay` playing the same WAV on the same device, all paced in
/// real time, measured in one run so the ratios share the machine's conditions.
struct SoundBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound",
        abstract: "Measure alarmctl sound play against aplay (CPU, peak RSS, first-frame latency).")

    @Option(help: "Seconds of audio per run.")
    var seconds = 10.0

    @Option(help: "Runs per case; the median is reported.")
    var repeats = 3

    @Option(help: "ALSA PCM for every run (a device that accepts data at once: null or file).")
    var device = "null"

    @Option(help: "alarmctl to measure (default: next to this executable).")
    var alarmctl: String?

    func run() async throws {
        let tool = alarmctl ?? Self.sibling("alarmctl")
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw ValidationError("no alarmctl at \(tool); build it (swift build -c release --product alarmctl) or pass --alarmctl")
        }
        for needed in ["/usr/bin/time", "/usr/bin/sox", "/usr/bin/aplay"] where !FileManager.default.isExecutableFile(atPath: needed) {
            throw ValidationError("\(needed) is missing; run scripts/setup")
        }
        signal(SIGPIPE, SIG_IGN)  // aplay may close its pipe before the feeder is done
        let dir = NSTemporaryDirectory() + "oak-sound-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // One source, three encodings: 44.1 kHz stereo, like most user-supplied sounds.
        let wav = "\(dir)/bench.wav", flac = "\(dir)/bench.flac", ogg = "\(dir)/bench.ogg"
        try run("/usr/bin/sox", ["-q", "-n", "-r", "44100", "-c", "2", "-b", "16", wav,
                                 "synth", "\(seconds)", "pluck", "C4", "sine", "440", "gain", "-6"])
        try run("/usr/bin/sox", ["-q", wav, flac])
        try run("/usr/bin/sox", ["-q", wav, ogg])
        let shortWav = "\(dir)/short.wav"
        try run("/usr/bin/sox", ["-q", wav, shortWav, "trim", "0", "0.1"])
        print("alarmctl: \(tool)")
        print("device: \(device), \(seconds) s of 44.1 kHz stereo per run, median of \(repeats)")

        let aplay = try median((0..<repeats).map { _ in try measureAplay(wav: wav, dir: dir) })
        var results: [(String, Measurement)] = []
        for (name, file) in [("WAV", wav), ("FLAC", flac), ("Ogg", ogg)] {
            let m = try median((0..<repeats).map { _ in try measureAlarmctl(tool, file: file, dir: dir) })
            results.append((name, m))
        }
        // Start-up cost: the same commands on 0.1 s of audio; what is left is the steady cost.
        let aplayShort = try median((0..<repeats).map { _ in try measureAplay(wav: shortWav, dir: dir) })
        let ctlShort = try median((0..<repeats).map { _ in try measureAlarmctl(tool, file: shortWav, dir: dir) })
        // What alarmctl costs before it plays anything: its libraries, loaded for every command.
        let baseline = try timed([tool, "sound", "--help"])
        let latencies = try (0..<max(5, repeats)).map { _ in
            try measureAlarmctl(tool, file: wav, dir: dir, duration: 0.1).firstFrame ?? .infinity
        }.sorted()
        let latency = latencies[latencies.count / 2]

        let stops = try measureStopLatency(wav: wav)

        print("")
        print("case             CPU s    % core   peak RSS   wall s")
        print(aplay.row("aplay WAV"))
        for (name, m) in results { print(m.row("alarmctl \(name)")) }
        print("")
        let wavRatio = results[0].1.cpu / max(aplay.cpu, 1e-6)
        print(String(format: "CPU alarmctl/aplay on WAV: %.2f   (goal <= 1.00) %@", wavRatio, verdict(wavRatio <= 1)))
        for (name, m) in results.dropFirst() {
            print(String(format: "CPU %@: %.2f%% of a core   (goal < 2%%) %@", name, m.corePercent, verdict(m.corePercent < 2)))
        }
        func steady(_ long: Measurement, _ short: Measurement) -> Double {
            100 * max(0, long.cpu - short.cpu) / max(long.wall - short.wall, 1e-6)
        }
        let aplaySteady = steady(aplay, aplayShort), ctlSteady = steady(results[0].1, ctlShort)
        print(String(format: "start-up CPU (0.1 s of audio): aplay %.1f ms, alarmctl %.1f ms",
                     aplayShort.cpu * 1000, ctlShort.cpu * 1000))
        print(String(format: "steady CPU on WAV without start-up: aplay %.3f%%, alarmctl %.3f%% of a core (ratio %.2f) %@",
                     aplaySteady, ctlSteady, ctlSteady / max(aplaySteady, 1e-6), verdict(ctlSteady <= aplaySteady)))
        let rss = results.map(\.1.peakKiB).max() ?? 0
        print(String(format: "peak RSS: %.1f MiB, aplay %.1f MiB   (goal < 15 MiB) %@",
                     Double(rss) / 1024, Double(aplay.peakKiB) / 1024, verdict(rss < 15 * 1024)))
        print(String(format: "  of which alarmctl's own baseline ('sound --help'): %.1f MiB; playing adds %.1f MiB",
                     Double(baseline.peakKiB) / 1024, Double(rss - baseline.peakKiB) / 1024))
        print(String(format: "stop() until silent: median %.2f ms, max %.2f ms of %d   (goal < 50 ms) %@",
                     stops[stops.count / 2] * 1000, stops.last! * 1000, stops.count, verdict(stops.last! < 0.050)))
        print(String(format: "command start -> first frame written: median %.1f ms of %d runs (goal < 30 ms) %@",
                     latency * 1000, latencies.count, verdict(latency < 0.030)))
    }

    /// In-process: how long `Playback.stop()` takes on a looping sound, which is how long
    /// an alarm keeps sounding after Stop is pressed (plus the device's own latency).
    private func measureStopLatency(wav: String) throws -> [Double] {
        var results: [Double] = []
        for _ in 0..<20 {
            let playback = Playback.start([.file(wav)], options: PlaybackOptions(device: device, fallbackDevices: [], loop: true))
            let deadline = Date().addingTimeInterval(2)
            while playback.firstFrameWrittenAt == nil && Date() < deadline { usleep(1000) }
            guard playback.firstFrameWrittenAt != nil else { throw BenchError("no playback on \(device): \(playback.status)") }
            usleep(150_000)
            let start = DispatchTime.now().uptimeNanoseconds
            playback.stop()
            results.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard playback.status == .stopped else { throw BenchError("stop() returned before silence: \(playback.status)") }
        }
        return results.sorted()
    }

    struct Measurement {
        var cpu: Double
        var wall: Double
        var peakKiB: Int
        var firstFrame: Double?
        var corePercent: Double { 100 * cpu / max(wall, 1e-6) }

        func row(_ name: String) -> String {
            String(format: "%@ %7.3f  %7.2f%%  %6.1f MiB  %7.2f", name.padding(toLength: 16, withPad: " ", startingAt: 0),
                   cpu, corePercent, Double(peakKiB) / 1024, wall)
        }
    }

    private func measureAlarmctl(_ tool: String, file: String, dir: String, duration: Double? = nil) throws -> Measurement {
        let stamp = "\(dir)/first-frame"
        try? FileManager.default.removeItem(atPath: stamp)
        var args = [tool, "sound", "play", file, "--device", device, "--first-frame-time", stamp]
        if let duration { args += ["--duration", "\(duration)"] }
        let started = Date()
        var m = try timed(args)
        if let text = try? String(contentsOfFile: stamp, encoding: .utf8),
           let at = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            m.firstFrame = at - started.timeIntervalSince1970
        }
        return m
    }

    /// aplay does not pace itself on a device that takes data at once, so it reads the WAV
    /// from a pipe that this process fills in real time, 25 ms at a time, as a sound card
    /// would drain it. Only aplay's own CPU and memory are measured.
    private func measureAplay(wav: String, dir: String) throws -> Measurement {
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        let input = Pipe()
        let feeder = Thread {
            let handle = input.fileHandleForWriting
            let header = 44, bytesPerSecond = 44100 * 4
            let chunk = bytesPerSecond / 40
            handle.write(data.prefix(header))
            var offset = header
            let start = DispatchTime.now().uptimeNanoseconds
            while offset < data.count {
                let end = min(offset + chunk, data.count)
                handle.write(data[offset..<end])
                offset = end
                let due = start + UInt64(Double(offset - header) / Double(bytesPerSecond) * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
            }
            try? handle.close()
        }
        feeder.start()
        let result = try timed(["/usr/bin/aplay", "-q", "-D", device, "-t", "wav", "-"],
                               stdin: input.fileHandleForReading.fileDescriptor)
        try? input.fileHandleForReading.close()
        return result
    }

    private func timed(_ command: [String], stdin: Int32? = nil) throws -> Measurement {
        let usage = try MeasuredProcess.run(command, stdin: stdin, scratch: NSTemporaryDirectory())
        return Measurement(cpu: usage.cpu, wall: usage.wall, peakKiB: usage.peakKiB)
    }

    private func median(_ runs: [Measurement]) throws -> Measurement {
        let sorted = runs.sorted { $0.cpu < $1.cpu }
        var m = sorted[sorted.count / 2]
        m.peakKiB = runs.map(\.peakKiB).max() ?? m.peakKiB
        return m
    }

    private func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }

    private func run(_ tool: String, _ args: [String]) throws {
        let pid = try MeasuredProcess.start([tool] + args, environment: ProcessInfo.processInfo.environment)
        guard MeasuredProcess.wait(pid) == 0 else { throw ValidationError("\(tool) \(args) failed") }
    }

    static func sibling(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
