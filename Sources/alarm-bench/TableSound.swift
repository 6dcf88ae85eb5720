import Foundation

/// The sound rows of the performance table: start-up of `alarmctl sound play` against aplay, and
/// CPU of a whole playback against aplay and the format's usual command-line player, each
/// pair measured at the same time so they share the machine's load.
struct SoundRows {
    let scratch: String
    let runs: Int
    let playSeconds: Double

    private var alarmctl: String { SoundBench.sibling("alarmctl") }
    private static let cdRate = 44100.0 * 4  // bytes a second of 44.1 kHz stereo S16

    func add(to table: Table) throws {
        for tool in ["/usr/bin/aplay", "/usr/bin/flac", "/usr/bin/ogg123", "/usr/bin/mpg123", "/usr/bin/sox"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw BenchError("\(tool) is missing; run `scripts/bench setup`")
        }
        let short = "\(scratch)/short.wav"
        try sox(["-n", "-r", "44100", "-c", "2", "-b", "16", short, "synth", "1", "sine", "440", "gain", "-6"])
        try startRows(table, wav: short)
        try cpuRows(table)
    }

    // MARK: Start-up

    private func startRows(_ table: Table, wav: String) throws {
        // Ours on `null`: the moment it reports its first frame written (--first-frame-time).
        let stamp = "\(scratch)/first-frame"
        var ours: [Double] = []
        for _ in 0..<runs {
            unlink(stamp)
            let started = Date().timeIntervalSince1970
            _ = try MeasuredProcess.run([alarmctl, "sound", "play", wav, "--device", "null", "--duration", "0.2", "--first-frame-time", stamp], scratch: scratch)
            let text = (try? String(contentsOfFile: stamp, encoding: .utf8)) ?? ""
            if let at = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) { ours.append((at - started) * 1000) }
        }
        // Both on ALSA's `file` PCM writing into a FIFO: exec -> first byte out, seen from outside.
        var oursFile: [Double] = [], aplayFile: [Double] = []
        for _ in 0..<runs {
            oursFile.append(try firstByte { [alarmctl, "sound", "play", wav, "--device", $0, "--duration", "0.2"] })
            aplayFile.append(try firstByte { ["/usr/bin/aplay", "-q", "-D", $0, wav] })
        }
        let aplay = Figures(aplayFile), mine = Figures(ours), mineFile = Figures(oursFile)
        table.add("`sound play` exec -> first frame", peer: "aplay " + aplay.text("ms", digits: 1) + " (first byte on `file`)",
                  ours: mine.text("ms", digits: 1) + " (its own first-frame stamp, `null`)", ratio: mine.median / aplay.median, goal: "≤ 8 ms")
        table.add("first byte out on the `file` PCM (exec -> byte in a FIFO)", peer: "aplay " + aplay.text("ms", digits: 1),
                  ours: mineFile.text("ms", digits: 1), ratio: mineFile.median / aplay.median, goal: "≤ 10 ms")
    }

    /// Runs the command (given the PCM name) with ALSA's `file` plugin writing into a FIFO, and
    /// returns ms from exec to the first byte read from it.
    private func firstByte(_ command: (String) -> [String]) throws -> Double {
        let fifo = "\(scratch)/pcm-\(UUID().uuidString.prefix(8))"
        guard mkfifo(fifo, 0o600) == 0 else { throw BenchError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        defer { unlink(fifo) }
        let fd = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot open \(fifo)") }
        defer { close(fd) }
        let started = DispatchTime.now().uptimeNanoseconds
        let pid = try MeasuredProcess.start(command("file:FILE=\(fifo),FORMAT=raw"), environment: ProcessInfo.processInfo.environment)
        var first: UInt64?
        var buffer = [UInt8](repeating: 0, count: 65536)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = started + 10_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if first == nil { first = DispatchTime.now().uptimeNanoseconds }
                    continue
                }
                if n == 0 && first != nil { break }  // the writer closed: done
                if n == 0 { usleep(1000) }  // no writer yet
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {  // exited: drain what is left and stop
                while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 { if first == nil { first = DispatchTime.now().uptimeNanoseconds } }
                guard let first else { throw BenchError("\(command("file")[0]) wrote nothing (status \(status))") }
                return Double(first - started) / 1e6
            }
        }
        MeasuredProcess.wait(pid)
        guard let first else { throw BenchError("\(command("file")[0]) wrote nothing within 10 s") }
        return Double(first - started) / 1e6
    }

    // MARK: CPU

    private func cpuRows(_ table: Table) throws {
        let wav = "\(scratch)/play.wav", flac = "\(scratch)/play.flac", ogg = "\(scratch)/play.ogg", mp3 = "\(scratch)/play.mp3"
        try sox(["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "\(playSeconds)", "pluck", "C4", "sine", "440", "gain", "-6"])
        for encoded in [flac, ogg, mp3] { try sox([wav, encoded]) }
        let rounds = max(1, min(runs, 3))
        print("  (CPU: \(rounds) round(s) of \(Int(playSeconds)) s, ours and every peer playing at the same time, paced in real time)")
        let results = Results()
        for _ in 0..<rounds {
            concurrently([
                { [alarmctl, scratch] in results.add("ours WAV", try? MeasuredProcess.run([alarmctl, "sound", "play", wav, "--device", "null"], scratch: scratch)) },
                { [alarmctl, scratch] in results.add("ours FLAC", try? MeasuredProcess.run([alarmctl, "sound", "play", flac, "--device", "null"], scratch: scratch)) },
                { [alarmctl, scratch] in results.add("ours Ogg", try? MeasuredProcess.run([alarmctl, "sound", "play", ogg, "--device", "null"], scratch: scratch)) },
                { [alarmctl, scratch] in results.add("ours MP3", try? MeasuredProcess.run([alarmctl, "sound", "play", mp3, "--device", "null"], scratch: scratch)) },
                { [scratch] in results.add("aplay", Self.pipeline(decoder: nil, file: wav, wav: true, scratch: scratch)) },
                { [scratch] in results.add("flac|aplay", Self.pipeline(decoder: ["/usr/bin/flac", "-d", "-c", "-s", flac], file: nil, wav: true, scratch: scratch)) },
                { [scratch] in results.add("ogg123", Self.pipeline(decoder: ["/usr/bin/ogg123", "-q", "-d", "raw", "-f", "-", ogg], file: nil, wav: false, scratch: scratch)) },
                { [scratch] in results.add("mpg123", Self.pipeline(decoder: ["/usr/bin/mpg123", "-q", "-s", mp3], file: nil, wav: false, scratch: scratch)) },
            ])
        }
        for (name, ours, peer, goal) in [
            ("WAV playback CPU, \(Int(playSeconds)) s", "ours WAV", "aplay", "≤ 1.5×"),
            ("FLAC playback CPU", "ours FLAC", "flac|aplay", "≤ 1.0× of the best peer"),
            ("Ogg Vorbis playback CPU", "ours Ogg", "ogg123", "≤ 1.0× of the best peer"),
            ("MP3 playback CPU", "ours MP3", "mpg123", "≤ 1.0× of the best peer"),
        ] {
            let o = results.cpu(ours), p = results.cpu(peer)
            // A pipe sign would end the Markdown cell.
            let peerName = peer == "aplay" ? "aplay" : peer == "flac|aplay" ? "flac -d → aplay" : "\(peer) → aplay"
            table.add(name, peer: "\(peerName) " + p.text("ms CPU", digits: 1), ours: o.text("ms CPU", digits: 1) + ", peak RSS \(results.peakMiB(ours)) MiB (peer \(results.peakMiB(peer)))",
                      ratio: o.median / p.median, goal: goal)
        }
    }

    /// A peer: the decoder (or the WAV file itself) through a real-time relay into aplay on
    /// `null`. The CPU is the decoder's plus aplay's.
    private static func pipeline(decoder: [String]?, file: String?, wav: Bool, scratch: String) -> MeasuredProcess.Usage? {
        let toAplay = closeOnExecPipe()
        let decoded: (read: Int32, write: Int32)? = file == nil ? closeOnExecPipe() : nil
        let source = file.map { open($0, O_RDONLY | O_CLOEXEC) } ?? decoded!.read
        let relay = PacedRelay.start(from: source, to: toAplay.write, bytesPerSecond: cdRate)
        let results = Results()
        concurrently([
            {
                guard let decoder, let decoded else { return }
                results.add("decoder", try? MeasuredProcess.run(decoder, stdout: decoded.write, scratch: scratch))
                close(decoded.write)
            },
            {
                let format = wav ? ["-t", "wav"] : ["-t", "raw", "-f", "cd"]
                results.add("aplay", try? MeasuredProcess.run(["/usr/bin/aplay", "-q", "-D", "null"] + format + ["-"], stdin: toAplay.read, scratch: scratch))
                close(toAplay.read)
            },
        ])
        while relay.isExecuting { usleep(1000) }
        guard let aplay = results.usage("aplay") else { return nil }
        let decoding = results.usage("decoder")
        return MeasuredProcess.Usage(cpu: aplay.cpu + (decoding?.cpu ?? 0), wall: aplay.wall, peakKiB: aplay.peakKiB + (decoding?.peakKiB ?? 0))
    }

    private func sox(_ arguments: [String]) throws {
        let pid = try MeasuredProcess.start(["/usr/bin/sox", "-q"] + arguments, environment: ProcessInfo.processInfo.environment)
        guard MeasuredProcess.wait(pid) == 0 else { throw BenchError("sox \(arguments.joined(separator: " ")) failed") }
    }
}

/// Measurements from several threads, by name.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String: [MeasuredProcess.Usage]] = [:]

    func add(_ name: String, _ usage: MeasuredProcess.Usage?) {
        guard let usage else { return }
        lock.withLock { all[name, default: []].append(usage) }
    }

    func usage(_ name: String) -> MeasuredProcess.Usage? { lock.withLock { all[name]?.last } }
    func cpu(_ name: String) -> Figures { Figures(lock.withLock { all[name] ?? [] }.map { $0.cpu * 1000 }) }
    func wall(_ name: String) -> Figures { Figures(lock.withLock { all[name] ?? [] }.map { $0.wall * 1000 }) }
    func peakMiB(_ name: String) -> String {
        let peak = lock.withLock { all[name] ?? [] }.map(\.peakKiB).max() ?? 0
        return String(format: "%.1f", Double(peak) / 1024)
    }
}
