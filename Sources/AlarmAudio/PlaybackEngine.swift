import FoundationEssentials
import Glibc
import LinuxSupport
import Logging

/// The loop on a playback's own thread: opens a sound (falling back along the choices) and
/// writes paced chunks until the sound ends, its duration is up on the monotonic clock, or
/// `stop()` is called. Owns the decoder; the device, its recovery and its fallbacks belong
/// to a `DeviceChain`.
final class PlaybackEngine {
    /// Chunk written per wake-up: a `file` recording overshoots the wall time by at most
    /// this, and a ringing alarm wakes only 5 times a second: the wake-ups are most of what
    /// playing a WAV costs (docs/PERFORMANCE.md). Stopping does not wait for a chunk: the
    /// sleep is woken and the device's queue dropped.
    static let chunkSeconds = 0.2

    private let playback: Playback
    private var choices: ArraySlice<SoundChoice>
    private let options: PlaybackOptions
    private var logger: Logger { options.logger }
    private let devices: DeviceChain
    /// Why the last sound choice could not be opened; the outcome when none can.
    private var lastSourceError: AudioError?

    private var source: AudioSource?
    private var framesFromSource = 0
    /// Frames of the current pass through the source; a pass of none ends a loop, so a
    /// stream that breaks at its start cannot spin the thread.
    private var framesThisPass = 0
    /// The device the pacing below belongs to; a different one from the chain restarts it.
    private var device: PCMOutput?
    private var pacing: Pacing = .unknown
    private var gain: GainStage?
    private var framesPlayed = 0
    private var buffer = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16)
    private var converted = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16)
    private var chunkFrames = 0
    /// The current source's layout, copied out of its format once: the format holds
    /// strings, and copying it on every chunk showed up in profiles.
    private var layout = Layout(sampleRate: 1, channels: 1, sampleType: .int16)

    private struct Layout: Equatable {
        var sampleRate: Int
        var channels: Int
        var sampleType: SampleType
        var bytesPerFrame: Int { channels * sampleType.bytesPerSample }
    }

    /// Devices that take data at once (`null`, `file`) report no delay; there we pace by
    /// the clock from the first write. Real devices report their queue and we follow it.
    private enum Pacing {
        case unknown
        case clock(startNanoseconds: UInt64, framesWritten: Int)
        case device
    }

    /// CLOCK_MONOTONIC when the loop started and when its first frame was written: the
    /// duration and the ramp follow this clock, not the frames written, so a device that is
    /// away does not stretch them.
    private let startedAt = MonotonicClock.now()
    private var firstFrameAt: UInt64?
    private var silenceReported = false
    /// A prepared start not yet reached (`PlaybackOptions.startAt`).
    private var pendingStart: StartInstant?
    private var hadDevice = false

    init(playback: Playback, choices: [SoundChoice], options: PlaybackOptions, openPCM: @escaping PCMOpener = PCMDevice.opener) {
        self.playback = playback
        self.choices = choices[...]
        self.options = options
        pendingStart = options.startAt.map { StartInstant(wallSeconds: $0.timeIntervalSince1970) }
        devices = DeviceChain(names: options.deviceChain, keepTrying: options.waitForDevice, open: openPCM, logger: options.logger)
    }

    /// When `maximumDuration` is up: counted from the first frame heard (from the start while
    /// nothing could play yet).
    private var deadline: UInt64? {
        options.maximumDurationSeconds.map { (firstFrameAt ?? startedAt) + UInt64($0 * 1e9) }
    }

    private var isPastDeadline: Bool { deadline.map { MonotonicClock.now() >= $0 } ?? false }

    /// Sleeps until `instant`, or the deadline if sooner; false when woken by `stop()`.
    @discardableResult
    private func sleep(until instant: UInt64) -> Bool {
        playback.sleeper.sleep(untilNanoseconds: min(instant, deadline ?? .max))
    }

    deinit {
        buffer.deallocate()
        converted.deallocate()
    }

    func run() {
        let outcome = play()
        devices.close()
        device = nil
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        playback.reportThreadCPU(nanoseconds: UInt64(cpu.tv_sec) * 1_000_000_000 + UInt64(cpu.tv_nsec))
        playback.report(outcome)
        options.onEnd?(outcome)
    }

    private func play() -> Playback.Status {
        guard openNextSource() else {
            return .failed(lastSourceError ?? .unknownSound("(no sound given)", lookedIn: []))
        }
        while !playback.isStopRequested {
            guard let source else { break }
            if isPastDeadline { return .finished }
            let frames: Int
            do {
                frames = try source.read(into: buffer, frames: chunkFrames)
                if frames == 0 && framesThisPass > 0 { try checkPassComplete(source) }
            } catch {
                // A sound that breaks (at its start or part-way) is an error, not its end: an
                // alarm goes on with the next choice, and a test of the file reports why.
                let failure = error.atPosition(framesThisPass, rate: layout.sampleRate)
                logger.warning(framesFromSource == 0 ? "sound cannot be decoded, falling back"
                                                     : "sound breaks off mid-stream, falling back",
                               metadata: ["error": "\(failure)"])
                lastSourceError = failure
                if !openNextSource() { return .failed(failure) }
                continue
            }
            if frames == 0 {
                if framesFromSource == 0 {
                    logger.warning("sound has no frames, falling back", metadata: ["sound": "\(source.origin)"])
                    if !openNextSource() { return .failed(.undecodable(path: source.origin, reason: .empty)) }
                    continue
                }
                guard options.loop else { return finishPlayingOut() }
                guard framesThisPass > 0 else {
                    logger.warning("sound yields nothing after rewinding, ending", metadata: ["sound": "\(source.origin)"])
                    return finishPlayingOut()
                }
                framesThisPass = 0
                do {
                    try source.rewind()
                } catch {
                    logger.warning("cannot loop the sound, ending", metadata: ["error": "\(error)"])
                    return finishPlayingOut()
                }
                continue
            }
            framesFromSource += frames
            framesThisPass += frames
            var count = frames
            if let limit = options.maximumDurationSeconds {
                let remaining = Int(limit * Double(layout.sampleRate)) - framesPlayed
                if remaining <= 0 { return finishPlayingOut() }
                count = min(count, remaining)
            }
            followTheClock()
            gain?.apply(to: buffer, frames: count, channels: layout.channels, type: layout.sampleType)
            if let instant = pendingStart {
                pendingStart = nil
                guard waitForStart(instant, format: source.format) else { return .stopped }
            }
            switch write(count, format: source.format) {
            case .written, .stopped: break
            case .pastDeadline: return .finished
            case .failed(let failure): return .failed(failure)
            }
        }
        return .stopped
    }

    // MARK: sounds

    /// Opens the next choice that decodes; the tone never fails.
    private func openNextSource() -> Bool {
        while let choice = choices.popFirst() {
            do {
                var opened = try open(choice)
                // A short sound that loops is repeated from memory in whole chunks.
                if options.loop, let held = try MemoryLoop.load(opened) { opened = held }
                source = opened
                framesFromSource = 0
                framesThisPass = 0
                let format = opened.format
                let newLayout = Layout(sampleRate: format.sampleRate, channels: format.channels, sampleType: format.sampleType)
                // The device stays open for a sound of the same layout (no gap in a ring
                // that falls back mid-way); another layout needs the device set up again.
                if newLayout != layout || device == nil {
                    devices.close()
                    device = nil
                } else {
                    playback.report(.playing(.init(origin: opened.origin, format: format, device: device!.name)))
                }
                layout = newLayout
                chunkFrames = max(64, Int(Double(format.sampleRate) * Self.chunkSeconds))
                buffer.deallocate()
                buffer = .allocate(byteCount: chunkFrames * format.bytesPerFrame, alignment: 16)
                converted.deallocate()
                converted = .allocate(byteCount: chunkFrames * format.channels * 2, alignment: 16)
                gain = GainStage(volumePercent: options.volumePercent, ramp: options.ramp,
                                 sampleRate: format.sampleRate)
                // Keep the ramp going where it was: a fallback is no reason to blast.
                if framesPlayed > 0 { gain?.skip(frames: framesPlayed) }
                followTheClock()
                logger.debug("playing sound", metadata: ["sound": "\(opened.origin)"])
                return true
            } catch {
                lastSourceError = error
                if !choices.isEmpty {
                    logger.warning("sound unavailable, falling back to the next choice",
                                   metadata: ["error": "\(error)", "next": "\(choices.first!)"])
                } else {
                    logger.error("no sound could be opened", metadata: ["error": "\(error)"])
                }
            }
        }
        return false
    }

    /// A pass that ends short of the frame count its header gave is a truncated file (a
    /// FLAC cut at a frame boundary ends cleanly in libFLAC). MPEG counts are estimates.
    private func checkPassComplete(_ source: AudioSource) throws(AudioError) {
        let format = source.format
        guard let expected = format.frames, format.container != "MPEG", Int64(framesThisPass) < expected else { return }
        throw .undecodable(path: source.origin, reason: .truncated("decoded \(framesThisPass) of \(expected) frames"))
    }

    private func open(_ choice: SoundChoice) throws(AudioError) -> AudioSource {
        switch choice {
        case .file(let path): return try SoundFile(path: path)
        case .named(let name, let resolver): return try SoundFile(path: resolver.resolve(name).path)
        case .defaultSound(let resolver): return try SoundFile(path: resolver.resolveDefault().path)
        case .tone: return ToneSource()
        }
    }

    private enum WriteOutcome {
        case written, stopped, pastDeadline
        case failed(AudioError)
    }

    /// Writes `frames` frames from `buffer`, pacing, and waiting out a device that is away.
    private func write(_ frames: Int, format: AudioFormat) -> WriteOutcome {
        var offset = 0
        while offset < frames {
            if playback.isStopRequested { return .stopped }
            if isPastDeadline { return .pastDeadline }
            let device: PCMOutput
            switch devices.acquire(for: format) {
            case .ready(let ready):
                device = ready
            case .retry(let instant):
                reportSilence()
                sleep(until: instant)
                continue
            case .exhausted(let failure):
                return .failed(failure)
            }
            if device !== self.device { adopt(device, format: format) }
            waitForRoom(on: device)
            if playback.isStopRequested { return .stopped }
            let data = samples(for: device, from: offset, frames: frames - offset)
            let result = device.write(data, frames: frames - offset)
            if result > 0 {
                offset += result
                framesPlayed += result
                devices.noteProgress()
                noteWritten(result, on: device)
            } else if result == -Int(EAGAIN) || result == 0 {
                sleep(until: MonotonicClock.now() + 5_000_000)
            } else {
                devices.writeFailed(result, sleep: { [playback] in
                    playback.sleeper.sleep(untilNanoseconds: MonotonicClock.now() + $0)
                })
            }
        }
        return .written
    }

    /// Sets up the device for the first chunk (already decoded), then waits for the instant.
    /// A device that cannot open now is left to the write loop, which retries it.
    private func waitForStart(_ instant: StartInstant, format: AudioFormat) -> Bool {
        if case .ready(let ready) = devices.acquire(for: format), ready !== device { adopt(ready, format: format) }
        return instant.wait(playback.sleeper, stopped: { playback.isStopRequested })
    }

    /// A device (first, reopened, or a fallback) took over: pacing starts again with it.
    private func adopt(_ device: PCMOutput, format: AudioFormat) {
        if hadDevice { options.onResumed?() }
        hadDevice = true
        self.device = device
        pacing = .unknown
        silenceReported = false
        playback.report(.playing(.init(origin: source?.origin ?? "", format: format, device: device.name)))
    }

    /// Tells the caller once per outage that nothing can play for now (it keeps trying).
    private func reportSilence() {
        guard !silenceReported, devices.isSilent else { return }
        silenceReported = true
        options.onSilent?(devices.failure)
    }

    /// A ramp runs on the monotonic clock: after a gap with nothing written (a device away),
    /// it continues where the clock says, not where the frames stopped. Small lags (a busy
    /// machine waking the thread late) stay frame-exact.
    private func followTheClock() {
        guard var stage = gain, stage.rampFrames > 0 else { return }
        let elapsed = Int((MonotonicClock.now() - startedAt) / 1000) * layout.sampleRate / 1_000_000
        if elapsed > stage.position + layout.sampleRate {
            stage.skip(frames: elapsed - stage.position)
            gain = stage
        }
    }

    /// The samples at `offset`, converted when the device took 16-bit instead of float.
    private func samples(for device: PCMOutput, from offset: Int, frames: Int) -> UnsafeRawPointer {
        let start = buffer + offset * layout.bytesPerFrame
        guard device.sampleType != layout.sampleType else { return UnsafeRawPointer(start) }
        SampleConverter.floatToInt16(start, converted, count: frames * layout.channels)
        return UnsafeRawPointer(converted)
    }

    private func noteWritten(_ frames: Int, on device: PCMOutput) {
        if playback.reportWritten(frames: frames) {
            firstFrameAt = MonotonicClock.now()
            options.onFirstFrame?(playback.firstFrameWrittenAt ?? Date())
        }
        switch pacing {
        case .unknown:
            pacing = device.delay() > 0
                ? .device
                : .clock(startNanoseconds: MonotonicClock.now(), framesWritten: frames)
        case .clock(let start, let written):
            pacing = .clock(startNanoseconds: start, framesWritten: written + frames)
        case .device:
            break
        }
    }

    /// Sleeps until the device should take the next chunk. On a clock-paced device that is
    /// when everything written so far would have been heard (nothing is really queued, so
    /// there is nothing to keep ahead of); on a real device when its queue has fallen below
    /// its buffer minus a chunk.
    private func waitForRoom(on device: PCMOutput) {
        switch pacing {
        case .unknown:
            return
        case .clock(let start, let written):
            sleep(until: start + nanoseconds(frames: written, rate: device.sampleRate))
        case .device:
            // Refill once a chunk fits, keeping at least half the buffer queued: a device that
            // grants less than two chunks must not run dry while we wait.
            let excess = device.delay() - max(device.bufferFrames - chunkFrames, device.bufferFrames / 2)
            guard excess > 0 else { return }
            // The start threshold is the whole buffer, which chunks need not fill exactly;
            // a stream that waits for it with no room left would stay silent.
            device.startIfPrepared()
            sleep(until: MonotonicClock.now() + nanoseconds(frames: excess, rate: device.sampleRate))
        }
    }

    /// The sound ended: let the device play out what it holds (up to the deadline), then report.
    private func finishPlayingOut() -> Playback.Status {
        guard let device = devices.current else { return .finished }
        switch pacing {
        case .clock(let start, let written):
            sleep(until: start + nanoseconds(frames: written, rate: device.sampleRate))
        case .device:
            device.startIfPrepared()
            let limit = MonotonicClock.now() + nanoseconds(frames: device.bufferFrames, rate: device.sampleRate) + 500_000_000
            while device.isRunning && device.delay() > 0 && MonotonicClock.now() < limit
                && !playback.isStopRequested && !isPastDeadline {
                sleep(until: MonotonicClock.now() + 10_000_000)
            }
        case .unknown:
            break
        }
        return playback.isStopRequested ? .stopped : .finished
    }

    private func nanoseconds(frames: Int, rate: Int) -> UInt64 {
        UInt64(frames) * 1_000_000_000 / UInt64(rate)
    }
}
