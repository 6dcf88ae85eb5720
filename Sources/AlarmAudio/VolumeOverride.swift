import FoundationEssentials
import Glibc
import LinuxSupport
import Logging

/// The alarm volume policy: while an alarm rings, an output that is muted or quieter than
/// `minimumPercent` is unmuted and raised; when the ring ends, the earlier level comes back
/// exactly, unless the person changed it meanwhile (then theirs stays). The earlier level is
/// written to `stateFile` (and synced) before the mixer is touched, so a crash mid-ring is
/// repaired at the next start (`repair`). Not thread-safe: one owner calls it (the daemon
/// from one serial queue, `alarmctl sound play` from its command).
public final class VolumeOverride {
    /// What the state file holds.
    struct Saved: Codable, Equatable {
        var ctl: String
        var element: String
        var before: MixerLevel
        var applied: MixerLevel
    }

    public let ctl: String
    public let minimumPercent: Double
    private let stateFile: String
    private let logger: Logger
    /// A ringing alarm retries `engage` every second while no mixer answers.
    private var log = RateLimitedLog()

    public init(ctl: String, minimumPercent: Double, stateFile: String, logger: Logger) {
        self.ctl = ctl
        self.minimumPercent = minimumPercent
        self.stateFile = stateFile
        self.logger = logger
    }

    /// Raises the output if it needs it. Called again while ringing (a sound server that
    /// restarted may bring back its remembered mute), it raises again, keeping the first
    /// earlier level as the one to restore. False when the mixer could not be read (a server
    /// that is starting has no mixer yet): worth another try.
    @discardableResult
    public func engage() -> Bool {
        let current: (element: String, level: MixerLevel)
        do { current = try MixerVolume.read(ctl: ctl) } catch {
            log.log(logger, .info, condition: "mixer unreadable", "cannot check the output volume; ringing at whatever it is",
                    metadata: ["error": "\(error)"])
            return false
        }
        let saved = Self.load(stateFile)
        let needsRaise = current.level.isMuted || current.level.percent + 0.5 < minimumPercent
        guard needsRaise else { return true }
        if let saved, saved.applied != current.level, saved.before != current.level {
            // Neither what we set nor what was there: the person set it. Theirs stays.
            return true
        }
        var state = saved ?? Saved(ctl: ctl, element: current.element, before: current.level, applied: current.level)
        state.applied = current.level.raised(toAtLeast: minimumPercent)
        do {
            try Self.store(state, to: stateFile)
            state.applied = try MixerVolume.write(state.applied, ctl: ctl, element: current.element)
            try Self.store(state, to: stateFile)
            logger.notice("output raised for the alarm", metadata: ["from": "\(state.before)", "to": "\(state.applied)", "ctl": "\(ctl)"])
        } catch {
            logger.warning("cannot raise the output volume for the alarm", metadata: ["error": "\(error)"])
        }
        return true
    }

    /// Puts back the level `engage` found, unless it was changed since; forgets the state.
    public func release() {
        Self.restore(stateFile: stateFile, logger: logger)
    }

    /// At start: a state file left behind means a ring ended without restoring (a crash).
    public static func repair(stateFile: String, logger: Logger) {
        guard FileManager.default.fileExists(atPath: stateFile) else { return }
        logger.notice("restoring the output volume an interrupted alarm raised")
        restore(stateFile: stateFile, logger: logger)
    }

    // MARK: -

    private static func restore(stateFile: String, logger: Logger) {
        guard let saved = load(stateFile) else {
            try? FileManager.default.removeItem(atPath: stateFile)
            return
        }
        do {
            let now = try MixerVolume.read(ctl: saved.ctl)
            if now.level == saved.applied {
                try MixerVolume.write(saved.before, ctl: saved.ctl, element: saved.element)
                logger.info("output volume restored", metadata: ["to": "\(saved.before)", "ctl": "\(saved.ctl)"])
            } else {
                logger.info("output volume changed while ringing; leaving it", metadata: ["now": "\(now.level)"])
            }
            try? FileManager.default.removeItem(atPath: stateFile)
        } catch {
            // Kept for the next start: the server may be back by then.
            logger.warning("cannot restore the output volume now", metadata: ["error": "\(error)"])
        }
    }

    static func load(_ path: String) -> Saved? {
        guard let bytes = AtomicFile.read(path) else { return nil }
        return try? JSONDecoder().decode(Saved.self, from: Data(bytes))
    }

    /// Replaced whole and flushed (`AtomicFile`): a crash or a power cut leaves the old state or
    /// the new, and the level to restore is on disk before the mixer is touched.
    static func store(_ saved: Saved, to path: String) throws {
        let data = try JSONEncoder().encode(saved)
        try FileManager.default.createDirectory(atPath: path.deletingLastPathComponent, withIntermediateDirectories: true)
        do { try AtomicFile.write(Array(data), to: path, durable: true) } catch { throw MixerError(description: error.description) }
    }
}
