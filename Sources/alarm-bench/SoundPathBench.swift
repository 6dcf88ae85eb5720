import AlarmAudio
import ArgumentParser
import Foundation
import Glibc

/// `alarm-bench sound-paths`: the playback paths the performance table measures
/// (docs/PERFORMANCE.md), each as a median of several runs of the release `alarmctl`:
/// - `loop`: CPU of looping a 1-frame WAV;
/// - `first-byte`: exec -> first byte in an ALSA `file:` PCM, seen as the output file's
///   growth, against aplay on the same device;
/// - `cpu`: total CPU to play a sound to the `null` PCM, against aplay (WAV), flac|aplay
///   (FLAC), ogg123 (Ogg) and mpg123 (MP3). The peers write as fast as the device takes it;
///   alarmctl paces itself by the clock, so its figure includes its wake-ups.
struct SoundPathBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound-paths",
        abstract: "Tiny-loop CPU, first byte on file:, playback CPU against aplay/flac/ogg123/mpg123.")

    @Argument(help: "Parts to run: loop, first-byte, cpu, prepared (default: all).")
    var parts: [String] = ["loop", "first-byte", "cpu", "prepared"]

    @Option(help: "Runs per case; medians are reported.")
    var repeats = 5

    @Option(help: "Seconds of audio for the cpu part.")
    var seconds = 30.0

    @Option(help: "alarmctl to measure (default: next to this executable).")
    var alarmctl: String?

    func run() async throws {
        let tool = alarmctl ?? SoundBench.sibling("alarmctl")
        let dir = NSTemporaryDirectory() + "oak-sound-paths-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        print("alarmctl: \(tool); median of \(repeats) runs")
        if parts.contains("loop") { try loop(tool, dir) }
        if parts.contains("first-byte") { try firstByte(tool, dir) }
        if parts.contains("cpu") { try cpu(tool, dir) }
        if parts.contains("prepared") { try prepared(dir) }
    }

    private func loop(_ tool: String, _ dir: String) throws {
        let one = "\(dir)/one.wav"
        try sh("sox -q -n -r 48000 -c 2 -b 16 '\(one)' synth 1s whitenoise")
        let runs = try (0..<repeats).map { _ in
            try MeasuredProcess.run([tool, "sound", "play", one, "--loop", "--duration", "3", "--device", "null"], scratch: dir)
        }
        let percents = runs.map { 100 * $0.cpu / $0.wall }.sorted()
        print(String(format: "loop a 1-frame WAV for 3 s on null: %.2f %% of a core (median; min %.2f, max %.2f)",
                     percents[percents.count / 2], percents.first!, percents.last!))
    }

    private func firstByte(_ tool: String, _ dir: String) throws {
        let wav = "\(dir)/fb.wav"
        try sh("sox -q -n -r 44100 -c 2 -b 16 '\(wav)' synth 1 sine 440 gain -6")
        func measure(_ argv: (String) -> [String]) throws -> [Double] {
            try (0..<repeats).map { i in
                let out = "\(dir)/fb-\(i).raw"
                try? FileManager.default.removeItem(atPath: out)
                return try Self.timeToGrowth(argv(out), file: out)
            }.sorted()
        }
        let ours = try measure { [tool, "sound", "play", wav, "--duration", "0.3", "--device", "file:FILE=\($0),FORMAT=raw"] }
        let aplay = try measure { ["/usr/bin/aplay", "-q", "-D", "file:FILE=\($0),FORMAT=raw", wav] }
        print(String(format: "exec -> first byte in file: PCM: alarmctl %.1f ms (worst %.1f), aplay %.1f ms (worst %.1f)",
                     ours[ours.count / 2] * 1000, ours.last! * 1000, aplay[aplay.count / 2] * 1000, aplay.last! * 1000))
        // The playback's own part, without the process start-up (libraries, runtime).
        let inProcess = try (0..<repeats).map { i -> Double in
            let out = "\(dir)/fbp-\(i).raw"
            let start = DispatchTime.now().uptimeNanoseconds
            let playback = Playback.start([.file(wav)], options: PlaybackOptions(device: "file:FILE=\(out),FORMAT=raw", fallbackDevices: []))
            defer { playback.stop() }
            var st = stat()
            while DispatchTime.now().uptimeNanoseconds - start < 3_000_000_000 {
                if stat(out, &st) == 0 && st.st_size > 0 { return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
                usleep(100)
            }
            throw BenchError("nothing reached \(out) within 3 s")
        }.sorted()
        print(String(format: "Playback.start -> first byte in file: PCM (in process): %.2f ms (worst %.2f)",
                     inProcess[inProcess.count / 2] * 1000, inProcess.last! * 1000))
    }

    /// Spawns `argv` and polls `file` every 0.2 ms until it holds a byte; the child is left to
    /// finish (or killed after 3 s).
    static func timeToGrowth(_ argv: [String], file: String) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try MeasuredProcess.start(argv, environment: ProcessInfo.processInfo.environment)
        var seen: Double?
        var st = stat()
        while seen == nil {
            let now = DispatchTime.now().uptimeNanoseconds
            if stat(file, &st) == 0 && st.st_size > 0 { seen = Double(now - start) / 1e9; break }
            if now - start > 3_000_000_000 { break }
            usleep(200)
        }
        MeasuredProcess.terminate(pid)
        guard let seen else { throw BenchError("\(argv[0]) wrote nothing to \(file) within 3 s") }
        return seen
    }

    private func cpu(_ tool: String, _ dir: String) throws {
        let wav = "\(dir)/c.wav", flac = "\(dir)/c.flac", ogg = "\(dir)/c.ogg", mp3 = "\(dir)/c.mp3"
        try sh("sox -q -n -r 44100 -c 2 -b 16 '\(wav)' synth \(seconds) pluck C4 sine 440 gain -6"
               + " && sox -q '\(wav)' '\(flac)' && sox -q '\(wav)' '\(ogg)' && sox -q '\(wav)' '\(mp3)'")
        func median(_ argv: [String]) throws -> Double {
            let runs = try (0..<repeats).map { _ in try MeasuredProcess.run(argv, scratch: dir).cpu }.sorted()
            return runs[runs.count / 2]
        }
        let cases: [(String, String, [String])] = [
            ("WAV", wav, ["/usr/bin/aplay", "-q", "-D", "null", wav]),
            ("FLAC", flac, ["/bin/sh", "-c", "flac -dcs '\(flac)' | aplay -q -D null"]),
            ("Ogg", ogg, ["/usr/bin/ogg123", "-q", "-d", "alsa", "-o", "dev:null", ogg]),
            ("MP3", mp3, ["/usr/bin/mpg123", "-q", "-o", "alsa", "-a", "null", mp3]),
        ]
        // The same commands on 0.1 s of the sound: their start-up, subtracted for the steady cost.
        let shortWav = "\(dir)/s.wav"
        try sh("sox -q '\(wav)' '\(shortWav)' trim 0 0.1 && for e in flac ogg mp3; do sox -q '\(shortWav)' \"\(dir)/s.$e\"; done")
        func short(_ argv: [String], _ long: String) -> [String] {
            argv.map { $0.replacingOccurrences(of: long, with: "\(dir)/s." + (long as NSString).pathExtension) }
        }
        print(String(format: "CPU to play %.0f s of 44.1 kHz stereo to null, ms (total = start-up + steady):", seconds))
        for (name, file, peer) in cases {
            let oursArgv = [tool, "sound", "play", file, "--device", "null"]
            let ours = try median(oursArgv), theirs = try median(peer)
            let oursStart = try median(short(oursArgv, file)), theirsStart = try median(short(peer, file))
            let thread = try playbackThreadCPU(file)
            let peerName = (peer[0] as NSString).lastPathComponent == "sh" ? "flac|aplay" : (peer[0] as NSString).lastPathComponent
            print(String(format: "  %@ alarmctl %6.1f (start %5.1f, steady %5.1f; playback thread alone %5.1f)  %@ %6.1f (start %4.1f, steady %5.1f)  total ratio %.2f, steady ratio %.2f",
                         name.padding(toLength: 4, withPad: " ", startingAt: 0), ours * 1000, oursStart * 1000, max(0, ours - oursStart) * 1000,
                         thread * 1000, peerName.padding(toLength: 10, withPad: " ", startingAt: 0), theirs * 1000, theirsStart * 1000,
                         max(0, theirs - theirsStart) * 1000, ours / max(theirs, 1e-6),
                         max(0, ours - oursStart) / max(theirs - theirsStart, 1e-6)))
        }
    }

    /// In-process, the audio part of ring at the floor: a playback prepared 100 ms ahead
    /// (`startAt`) on `null`, lateness of its first written frame, without the daemon.
    private func prepared(_ dir: String) throws {
        let wav = "\(dir)/p.wav"
        try sh("sox -q -n -r 48000 -c 1 -b 16 '\(wav)' synth 1 sine 440")
        var late: [Double] = []
        for _ in 0..<max(20, repeats) {
            var options = PlaybackOptions(device: "null", fallbackDevices: [], loop: true)
            let instant = Date().addingTimeInterval(0.1)
            options.startAt = instant
            let playback = Playback.start([.file(wav)], options: options)
            while playback.firstFrameWrittenAt == nil && Date() < instant.addingTimeInterval(2) { usleep(5_000) }
            playback.stop()
            guard let first = playback.firstFrameWrittenAt else { throw BenchError("prepared playback never wrote") }
            late.append(first.timeIntervalSince(instant) * 1000)
        }
        late.sort()
        print(String(format: "prepared start (in process, null): instant -> first frame written: median %.3f ms, p90 %.3f ms, worst %.3f ms of %d",
                     late[late.count / 2], late[late.count * 9 / 10], late.last!, late.count))
    }

    /// In-process: the CPU of the playback thread alone (decode, convert, write, pacing).
    private func playbackThreadCPU(_ file: String) throws -> Double {
        let runs = try (0..<repeats).map { _ -> Double in
            let playback = Playback.start([.file(file)], options: PlaybackOptions(device: "null", fallbackDevices: []))
            while !playback.status.isDone { usleep(20_000) }
            guard playback.status == .finished, let cpu = playback.threadCPUSeconds else {
                throw BenchError("playback of \(file) ended \(playback.status)")
            }
            return cpu
        }.sorted()
        return runs[runs.count / 2]
    }

    private func sh(_ command: String) throws {
        let pid = try MeasuredProcess.start(["/bin/sh", "-c", command], environment: ProcessInfo.processInfo.environment)
        guard MeasuredProcess.wait(pid) == 0 else { throw BenchError("failed: \(command)") }
    }
}
