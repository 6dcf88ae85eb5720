import AlarmAudio
import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging
import Synchronization

/// `alarmctl sound play`: how a user tests a sound before trusting a wake-up to it. Plays
/// exactly that sound (no fallback to another sound), shows what it plays, and stops
/// cleanly on Ctrl-C.
struct SoundPlay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a sound by name or path.")

    @Argument(help: "A sound name (as in an alarm) or a file path.")
    var sound: String

    @Option(help: "ALSA PCM to play on (default: $OPENALARMKIT_AUDIO_DEVICE, else 'default').")
    var device: String?

    @Option(help: "Volume in percent, 0-100.")
    var volume: Double = 100

    @Option(help: "Fade in from 10% of the volume over this many seconds.")
    var ramp: Double?

    @Flag(help: "Repeat until stopped (Ctrl-C) or --duration.")
    var loop = false

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Flag(help: "Unmute and raise the output to the alarm minimum (config 'sound.min_volume') while playing, as an alarm does; restored after.")
    var overrideMute = false

    @Option(name: .customLong("first-frame-time"), help: .hidden)
    var firstFrameTimeFile: String?

    @OptionGroup var lookup: LookupOptions

    private func playbackOptions() -> PlaybackOptions {
        let chosenDevice = PlaybackOptions.device(flag: device)
        // A device the user named is tested as is; only the implicit one falls back.
        let explicit = device != nil || ProcessInfo.processInfo.environment["OPENALARMKIT_AUDIO_DEVICE"] != nil
        var options = PlaybackOptions(
            device: chosenDevice,
            fallbackDevices: explicit ? [] : PlaybackOptions.standardFallbackDevices,
            volumePercent: volume, ramp: ramp.map { Ramp(fromPercent: 10, seconds: $0) },
            loop: loop, maximumDuration: duration,
            // A looping test rides out a sound server restart as an alarm does.
            waitForDevice: loop)
        // The command reports failures itself; the library's log lines would repeat them.
        options.logger.logLevel = .critical
        if let firstFrameTimeFile {
            options.onFirstFrame = { date in
                try? String(cFormat: "%.6f\n", date.timeIntervalSince1970)
                    .write(toFile: firstFrameTimeFile, atomically: false, encoding: .utf8)
            }
        }
        return options
    }

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError(Text.volumeBetween0And100) }
        if let ramp, ramp < 0 { throw ValidationError(Text.rampNotNegative) }
        if let duration, duration <= 0 { throw ValidationError(Text.durationPositive) }
    }

    func run() async throws {
        // No other thread reads the environment yet; alarms keep their own stream identity.
        StreamIdentity.test.adopt()
        let target: SoundTarget
        do {
            target = try SoundTarget.resolve(sound, resolver: lookup.resolver)
        } catch {
            throw failure(error.description)
        }
        // Start at once (the device opens on the playback thread), describe it meanwhile:
        // the user hears the sound as soon as possible.
        let playback = Playback.start([.file(target.path)], options: playbackOptions())
        let format: AudioFormat
        do {
            format = try describedFormat(of: playback, path: target.path)
        } catch {
            playback.stop()
            throw failure(error.description)
        }
        print(Text.playSound(target.found))
        print(Text.playFile(target.path))
        print(Text.playFormat(describe(format)))
        print(Text.playSettings(volumePercent: Int(volume), ramp: ramp, looping: loop, duration: duration))
        fflush(nil)

        let volume = overrideMute ? SoundTestVolume(device: PlaybackOptions.device(flag: device)) : nil
        volume?.engage()
        defer { volume?.release() }
        let interrupt = InterruptHandler { playback.stop() }
        let progress = ProgressLine.start(playback: playback, format: format)
        let status = await playback.finished()
        progress.stop()
        interrupt.cancel()

        let played = playback.firstFrameWrittenAt.map { Date().timeIntervalSince($0) } ?? 0
        switch status {
        case .finished:
            print(Text.played(clock(played)))
        case .stopped:
            print(Text.stoppedAfter(clock(played)))
            if interrupt.fired { throw ExitCode(130) }
        case .failed(let error):
            throw failure(error.description)
        case .starting, .playing:
            break
        }
    }
}

/// The format to show: the playing sound's own, once it plays (opening the file a second
/// time is costly for an MP3, which libsndfile scans to find its length).
/// While no device takes it yet (a sound server restarting under `--loop`) the file is read
/// for its description.
private func describedFormat(of playback: Playback, path: String) throws(AudioError) -> AudioFormat {
    for _ in 0..<100 {
        switch playback.status {
        case .playing(let playing): return playing.format
        case .failed(let error): throw error
        case .finished, .stopped: return try SoundFileInspector.format(ofFile: path)
        case .starting: usleep(500)
        }
    }
    return try SoundFileInspector.format(ofFile: path)
}

/// The "0:01.2 / 0:02.0" line: redrawn in place on a terminal, a plain line per second
/// otherwise (logs and pipes get no control characters). On a thread of its own, where a tick
/// is one wake-up, where a `Task.sleep` loop costs five thread switches on the cooperative
/// pool per tick.
final class ProgressLine: @unchecked Sendable {
    // @unchecked: `sleeper` and `done` are the synchronisation; the rest is immutable.
    private let playback: Playback
    private let format: AudioFormat
    private let sleeper = WakeableSleeper()
    private let done = DispatchSemaphore(value: 0)

    private init(playback: Playback, format: AudioFormat) {
        self.playback = playback
        self.format = format
    }

    static func start(playback: Playback, format: AudioFormat) -> ProgressLine {
        let line = ProgressLine(playback: playback, format: format)
        DetachedThread.start(name: "progress") { line.run() }
        return line
    }

    /// Stops the ticks and returns once the line is cleared.
    func stop() {
        sleeper.wake()
        done.wait()
    }

    private func run() {
        defer { done.signal() }
        let tty = isatty(STDOUT_FILENO) == 1
        let interval: UInt64 = tty ? 100_000_000 : 1_000_000_000
        var tick = MonotonicClock.now()
        var drawn = false
        while true {
            tick += interval
            guard sleeper.sleep(untilNanoseconds: tick) else { break }  // woken: stopped
            guard case .playing(let playing) = playback.status, let start = playback.firstFrameWrittenAt else { continue }
            let elapsed = Date().timeIntervalSince(start)
            var line = "\(clock(elapsed))"
            if let length = format.duration, length > 0 {
                let pass = Int(elapsed / length)
                line = "\(clock(elapsed - Double(pass) * length)) / \(clock(length))"
                if pass > 0 { line += Text.pass(pass + 1) }
            }
            line += Text.playingOn(playing.device)
            if tty {
                print("\r\u{1B}[K" + line, terminator: "")
                drawn = true
            } else {
                print(line)
            }
            fflush(nil)
        }
        if drawn { print("\r\u{1B}[K", terminator: "") }
    }
}
