import Foundation
import Glibc
import Logging

/// The loop on a playback's own thread: opens a sound (falling back along the choices),
/// opens a device (falling back along the device chain), and writes paced chunks until the
/// sound ends or `stop()` is called. Owns the decoder and the PCM; nothing else touches them.
final class PlaybackEngine {
    /// Chunk written per wake-up: a `file` recording overshoots the wall time by at most
    /// this, and a looping alarm wakes only 10 times a second (each wake-up costs tens of
    /// microseconds of kernel time on a VM; this keeps the steady cost near aplay's).
    static let chunkSeconds = 0.1

    private let playback: Playback
    private var choices: ArraySlice<SoundChoice>
    private let options: PlaybackOptions
    private var logger: Logger { options.logger }
    private var devices: ArraySlice<String>
    private var deviceFailures: [AudioError.DeviceAttempt] = []
    /// Why the last sound choice could not be opened; the outcome when none can.
    private var lastSourceError: AudioError?

    private var source: AudioSource?
    private var framesFromSource = 0
    /// Frames of the current pass through the source; a pass of none ends a loop, so a
    /// stream that breaks at its start cannot spin the thread.
    private var framesThisPass = 0
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

    private struct Layout {
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

    private let openPCM: PCMOpener

    init(playback: Playback, choices: [SoundChoice], options: PlaybackOptions, openPCM: @escaping PCMOpener = PCMDevice.opener) {
        self.playback = playback
        self.openPCM = openPCM
        self.choices = choices[...]
        self.options = options
        self.devices = options.deviceChain[...]
    }

    deinit {
        buffer.deallocate()
        converted.deallocate()
    }

    func run() {
        let outcome = play()
        device?.close()
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
            if device == nil {
                if let failure = openDevice(for: source.format) { return .failed(failure) }
            }
            let frames: Int
            do {
                frames = try source.read(into: buffer, frames: chunkFrames)
            } catch {
                if framesFromSource == 0 {
                    logger.warning("sound cannot be decoded, falling back", metadata: ["error": "\(error)"])
                    lastSourceError = error
                    device?.close()
                    device = nil
                    if !openNextSource() { return .failed(lastSourceError!) }
                    continue
                }
                // Part of the sound played already: treat the damage as its end.
                logger.warning("sound breaks off mid-stream, treating as its end", metadata: ["error": "\(error)"])
                frames = 0
            }
            if frames == 0 {
                if framesFromSource == 0 {
                    logger.warning("sound has no frames, falling back", metadata: ["sound": "\(source.origin)"])
                    device?.close()
                    device = nil
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
            if let limit = options.maximumDuration {
                let remaining = Int(limit * Double(layout.sampleRate)) - framesPlayed
                if remaining <= 0 { return finishPlayingOut() }
                count = min(count, remaining)
            }
            gain?.apply(to: buffer, frames: count, channels: layout.channels, type: layout.sampleType)
            if let failure = write(count) { return .failed(failure) }
        }
        return .stopped
    }

    // MARK: sounds

    /// Opens the next choice that decodes; the tone never fails.
    private func openNextSource() -> Bool {
        while let choice = choices.popFirst() {
            do {
                let opened = try open(choice)
                source = opened
                framesFromSource = 0
                framesThisPass = 0
                let format = opened.format
                layout = Layout(sampleRate: format.sampleRate, channels: format.channels, sampleType: format.sampleType)
                chunkFrames = max(64, Int(Double(format.sampleRate) * Self.chunkSeconds))
                buffer.deallocate()
                buffer = .allocate(byteCount: chunkFrames * format.bytesPerFrame, alignment: 16)
                converted.deallocate()
                converted = .allocate(byteCount: chunkFrames * format.channels * 2, alignment: 16)
                gain = GainStage(volumePercent: options.volumePercent, ramp: options.ramp,
                                 sampleRate: format.sampleRate)
                // Keep the ramp going where it was: a fallback is no reason to blast.
                if framesPlayed > 0 { gain?.skip(frames: framesPlayed) }
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

    private func open(_ choice: SoundChoice) throws(AudioError) -> AudioSource {
        switch choice {
        case .file(let path): return try SoundFile(path: path)
        case .named(let name, let resolver): return try SoundFile(path: resolver.resolve(name).path)
        case .defaultSound(let resolver): return try SoundFile(path: resolver.resolveDefault().path)
        case .tone: return ToneSource()
        }
    }

    // MARK: devices

    /// Opens the next device of the chain that accepts the format; nil on success.
    private func openDevice(for format: AudioFormat) -> AudioError? {
        while let name = devices.first {
            if playback.isStopRequested { return nil }
            do {
                let opened = try openPCM(name, format)
                device = opened
                pacing = .unknown
                playback.report(.playing(.init(origin: source?.origin ?? "", format: format, device: name)))
                return nil
            } catch {
                deviceFailures.append(.init(device: name, reason: Self.reason(error)))
                devices.removeFirst()
                if let next = devices.first {
                    logger.warning("audio device unusable, trying the next one",
                                   metadata: ["device": "\(name)", "error": "\(error)", "next": "\(next)"])
                }
            }
        }
        let failure = AudioError.noUsableDevice(attempts: deviceFailures)
        logger.error("no audio device could play the alarm", metadata: ["error": "\(failure)"])
        return failure
    }

    /// The current device failed while playing: move on to the next one.
    private func abandonDevice(_ reason: String) {
        guard let device else { return }
        logger.warning("audio device failed while playing", metadata: ["device": "\(device.name)", "error": "\(reason)"])
        deviceFailures.append(.init(device: device.name, reason: reason))
        device.close()
        self.device = nil
        if !devices.isEmpty { devices.removeFirst() }
    }

    private static func reason(_ error: AudioError) -> String {
        if case .device(_, let reason) = error { return reason }
        return error.description
    }

    // MARK: writing

    /// Writes `frames` frames from `buffer`, pacing and recovering; nil on success.
    private func write(_ frames: Int) -> AudioError? {
        var offset = 0
        while offset < frames {
            if playback.isStopRequested { return nil }
            guard let device else {
                guard let source, openDevice(for: source.format) == nil else {
                    return .noUsableDevice(attempts: deviceFailures)
                }
                continue
            }
            waitForRoom(on: device)
            if playback.isStopRequested { return nil }
            let data = samples(for: device, from: offset, frames: frames - offset)
            let result = device.write(data, frames: frames - offset)
            if result > 0 {
                offset += result
                framesPlayed += result
                noteWritten(result, on: device)
            } else if result == -Int(EAGAIN) || result == 0 {
                playback.sleeper.sleep(forNanoseconds: 5_000_000)
            } else if !recover(device, from: Int32(result)) {
                abandonDevice(PCMDevice.message(result))
            }
        }
        return nil
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
            playback.sleeper.sleep(untilNanoseconds: start + nanoseconds(frames: written, rate: device.sampleRate))
        case .device:
            let excess = device.delay() - (device.bufferFrames - chunkFrames)
            guard excess > 0 else { return }
            // The start threshold is the whole buffer, which chunks need not fill exactly;
            // a stream that waits for it with no room left would stay silent.
            device.startIfPrepared()
            playback.sleeper.sleep(forNanoseconds: nanoseconds(frames: excess, rate: device.sampleRate))
        }
    }

    /// Recovers from an underrun or a suspend the way a robust player does: re-prepare after
    /// an underrun; after a suspend, resume until the driver is ready, else re-prepare.
    private func recover(_ device: PCMOutput, from err: Int32) -> Bool {
        switch -err {
        case EPIPE:
            logger.info("audio underrun, recovering", metadata: ["device": "\(device.name)"])
            return device.prepare() >= 0
        case ESTRPIPE:
            logger.info("audio device suspended, resuming", metadata: ["device": "\(device.name)"])
            var result = device.resume()
            var tries = 0
            while result == -EAGAIN && tries < 50 && !playback.isStopRequested {
                playback.sleeper.sleep(forNanoseconds: 100_000_000)
                result = device.resume()
                tries += 1
            }
            if result < 0 { result = device.prepare() }
            return result >= 0
        default:
            return false
        }
    }

    /// The sound ended: let the device play out what it holds, then report.
    private func finishPlayingOut() -> Playback.Status {
        guard let device else { return .finished }
        switch pacing {
        case .clock(let start, let written):
            playback.sleeper.sleep(untilNanoseconds: start + nanoseconds(frames: written, rate: device.sampleRate))
        case .device:
            device.startIfPrepared()
            let deadline = MonotonicClock.now() + nanoseconds(frames: device.bufferFrames, rate: device.sampleRate) + 500_000_000
            while device.isRunning && device.delay() > 0 && MonotonicClock.now() < deadline
                && !playback.isStopRequested {
                playback.sleeper.sleep(forNanoseconds: 10_000_000)
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
