import Glibc
import LinuxSupport
import Logging

/// Keeps a PCM open for the playback loop and survives what a desktop does to it: an
/// underrun, a suspend, a sound server that restarts (every write fails while it is away),
/// a USB or HDMI device that disappears. The loop asks for a device, writes, and reports
/// each failed write here; this decides whether to recover in place, or close the PCM and
/// reopen along the chain with a backoff that keeps CPU, memory and the log bounded while
/// nothing can play. Playback thread only.
final class DeviceChain {
    /// Between two attempts to open the same device: the sound returns within this of the
    /// server's return, and an absent server costs two failed opens a second.
    static let reopenBackoff: UInt64 = 500_000_000
    /// While playing on a fallback, how often the preferred device is tried again.
    static let preferredProbeInterval: UInt64 = 2_000_000_000
    /// Failed writes in a row, each recovered in place, before the PCM is closed: the
    /// PipeWire plugin answers every write with -EPIPE while its server is gone, and a
    /// successful `snd_pcm_prepare` each time would spin (and leak) forever.
    static let recoveriesWithoutProgress = 3

    enum Acquisition {
        case ready(PCMOutput)
        /// Nothing opens now; try again at this CLOCK_MONOTONIC instant.
        case retry(atNanoseconds: UInt64)
        /// Nothing opens and the caller does not want to wait for it.
        case exhausted(AudioError)
    }

    private let names: [String]
    private let keepTrying: Bool
    private let open: PCMOpener
    private let logger: Logger
    private var log = RateLimitedLog()
    private var retryAt: [UInt64]
    private var attempts: [AudioError.DeviceAttempt] = []
    private var device: PCMOutput?
    private var deviceIndex = 0
    private var failuresInARow = 0
    private var nextPreferredProbe: UInt64 = 0
    /// When the last device was lost; nil while one is open.
    private var lostAt: UInt64?
    static let patienceWithoutKeepTrying: UInt64 = 5_000_000_000
    /// Whether any device ever opened: a chain that never opened without `keepTrying` is a
    /// configuration problem, reported at once.
    private(set) var everOpened = false
    /// Set once per outage, cleared when a device opens again: the caller reports silence once.
    private(set) var isSilent = false

    init(names: [String], keepTrying: Bool, open: @escaping PCMOpener, logger: Logger) {
        self.names = names
        self.keepTrying = keepTrying
        self.open = open
        self.logger = logger
        retryAt = Array(repeating: 0, count: names.count)
    }

    var current: PCMOutput? { device }

    /// The device to write to, opening one if needed. While playing on a fallback, the
    /// preferred devices are probed now and then and taken back as soon as one opens.
    func acquire(for format: AudioFormat, now: UInt64 = MonotonicClock.now()) -> Acquisition {
        if let device {
            if deviceIndex > 0 && now >= nextPreferredProbe {
                nextPreferredProbe = now + Self.preferredProbeInterval
                if let (better, index) = openFirst(of: 0..<deviceIndex, format: format, now: now, quiet: true) {
                    logger.info("preferred audio device is back, switching to it",
                                metadata: ["device": "\(better.name)", "from": "\(device.name)"])
                    device.close()
                    take(better, index: index, now: now)
                    return .ready(better)
                }
            }
            return .ready(device)
        }
        // After a loss, "failed while playing" said it all: reopen attempts stay quiet.
        if let (opened, index) = openFirst(of: names.indices, format: format, now: now, quiet: everOpened) {
            take(opened, index: index, now: now)
            return .ready(opened)
        }
        let failure = AudioError.noUsableDevice(attempts: latestAttempts())
        if lostAt == nil { lostAt = now }
        // Without `keepTrying`, a chain that never opened is a setting to fix, said at once;
        // a device lost mid-sound still gets a few seconds to come back (a server restart).
        if !keepTrying && (!everOpened || now - (lostAt ?? now) > Self.patienceWithoutKeepTrying) {
            logger.error("no audio device could play the sound", metadata: ["error": "\(failure)"])
            return .exhausted(failure)
        }
        isSilent = true
        if !everOpened {
            log.log(logger, .error, condition: "no device", "no audio device can play now; retrying every 0.5 s",
                    metadata: ["error": "\(failure)"], now: now)
        }
        return .retry(atNanoseconds: retryAt.min() ?? now + Self.reopenBackoff)
    }

    /// The error that ended the attempts, for a caller that gives up.
    var failure: AudioError { .noUsableDevice(attempts: latestAttempts()) }

    /// A write went through: the device works.
    func noteProgress() { failuresInARow = 0 }

    /// A write failed with `err` (negative errno). Recovers in place where that can work,
    /// else closes the device so the next `acquire` reopens along the chain. `sleep` waits
    /// (interruptibly) between resume attempts.
    func writeFailed(_ err: Int, sleep: (UInt64) -> Bool, now: () -> UInt64 = MonotonicClock.now) {
        guard let device else { return }
        failuresInARow += 1
        let name = device.name
        if failuresInARow <= Self.recoveriesWithoutProgress {
            switch Int32(-err) {
            case EPIPE:
                log.log(logger, .info, condition: "underrun \(name)", "audio underrun, recovering", metadata: ["device": "\(name)"])
                if device.prepare() >= 0 { return }
            case ESTRPIPE:
                log.log(logger, .info, condition: "suspend \(name)", "audio device suspended, resuming", metadata: ["device": "\(name)"])
                var result = device.resume()
                var tries = 0
                while result == -EAGAIN && tries < 50 && sleep(100_000_000) {
                    result = device.resume()
                    tries += 1
                }
                if result < 0 { result = device.prepare() }
                if result >= 0 { return }
            default:
                break
            }
        }
        let reason = failuresInARow > Self.recoveriesWithoutProgress
            ? "\(PCMDevice.message(err)), \(failuresInARow) times in a row" : PCMDevice.message(err)
        log.log(logger, .warning, condition: "failed \(name)", "audio device failed while playing; reopening it",
                metadata: ["device": "\(name)", "error": "\(reason)"])
        record(name, reason)
        device.close()
        self.device = nil
        failuresInARow = 0
        retryAt[deviceIndex] = now() + Self.reopenBackoff
    }

    func close() {
        device?.close()
        device = nil
    }

    // MARK: -

    private func take(_ opened: PCMOutput, index: Int, now: UInt64) {
        device = opened
        deviceIndex = index
        failuresInARow = 0
        nextPreferredProbe = now + Self.preferredProbeInterval
        if index > 0 {
            logger.info("playing on a fallback device", metadata: ["device": "\(opened.name)", "preferred": "\(names[0])"])
        } else if isSilent || everOpened {
            logger.info("audio device open again", metadata: ["device": "\(opened.name)"])
        }
        isSilent = false
        everOpened = true
        lostAt = nil
    }

    private func openFirst(of range: Range<Int>, format: AudioFormat, now: UInt64, quiet: Bool) -> (PCMOutput, Int)? {
        for index in range where retryAt[index] <= now {
            let name = names[index]
            do {
                let opened = try open(name, format)
                return (opened, index)
            } catch {
                retryAt[index] = now + Self.reopenBackoff
                let reason: String
                if case .device(_, let why) = error { reason = why } else { reason = error.description }
                record(name, reason)
                if !quiet && index + 1 < names.count {
                    log.log(logger, .warning, condition: "open \(name)", "audio device unusable, trying the next one",
                            metadata: ["device": "\(name)", "error": "\(reason)", "next": "\(names[index + 1])"], now: now)
                }
            }
        }
        return nil
    }

    /// Keeps the latest reason per device: bounded however long the outage.
    private func record(_ name: String, _ reason: String) {
        attempts.removeAll { $0.device == name }
        attempts.append(.init(device: name, reason: reason))
    }

    private func latestAttempts() -> [AudioError.DeviceAttempt] {
        names.compactMap { name in attempts.first { $0.device == name } }
    }
}
