import AlarmAudio
import Dispatch
import FoundationEssentials
import Logging

/// Applies the alarm volume policy for the daemon: raised while at least one alarm rings,
/// restored when the last one stops. Mixer work runs on a serial queue of its own, so a
/// sound server slow to answer never holds up the event loop or the ring.
final class AlarmVolumeGuard: @unchecked Sendable {
    // @unchecked: `override` is only touched on `queue`.
    private let queue = DispatchQueue(label: "openalarmkit.volume")
    private var override: VolumeOverride?
    /// Bumped by `quiet()`, so a retry scheduled during a ring does not outlive it.
    private var ring = 0
    private let stateFile: String
    private let logger: Logger

    static func stateFile(stateDirectory: String) -> String { stateDirectory + "/volume-override.json" }

    init(stateDirectory: String, logger: Logger) {
        stateFile = Self.stateFile(stateDirectory: stateDirectory)
        self.logger = logger
        let stateFile = stateFile
        queue.async { VolumeOverride.repair(stateFile: stateFile, logger: logger) }
    }

    /// A ring started, or its sound came back (a restarted server may have restored a mute).
    func ringing(device: String, minimumPercent: Double) {
        guard minimumPercent > 0 else { return }
        let stateFile = stateFile, logger = logger
        queue.async { [self] in
            let ctl = MixerVolume.ctlName(forDevice: device)
            if override == nil || override?.ctl != ctl || override?.minimumPercent != minimumPercent {
                override = VolumeOverride(ctl: ctl, minimumPercent: minimumPercent, stateFile: stateFile, logger: logger)
            }
            engage(attempt: 1)
        }
    }

    /// On the queue: a mixer that is not there yet (a server just started) is tried again
    /// each second, a few times, while the ring lasts.
    private func engage(attempt: Int) {
        guard let override, !override.engage(), attempt < 5 else { return }
        let current = ring
        queue.asyncAfter(deadline: .now() + 1) { [self] in
            if ring == current { engage(attempt: attempt + 1) }
        }
    }

    /// The last ring ended.
    func quiet() {
        queue.async { [self] in
            ring += 1
            override?.release()
            override = nil
        }
    }

    /// Waits for the queued mixer work (tests, shutdown).
    func settle() { queue.sync {} }
}
