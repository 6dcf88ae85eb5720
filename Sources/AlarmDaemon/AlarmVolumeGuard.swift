import AlarmAudio
import Dispatch
import Foundation
import Logging

/// Applies the alarm volume policy for the daemon: raised while at least one alarm rings,
/// restored when the last one stops. Mixer work runs on a serial queue of its own, so a
/// sound server slow to answer never holds up the event loop or the ring.
final class AlarmVolumeGuard: @unchecked Sendable {
    // @unchecked: `override` is only touched on `queue`.
    private let queue = DispatchQueue(label: "openalarmkit.volume")
    private var override: VolumeOverride?
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
            override?.engage()
        }
    }

    /// The last ring ended.
    func quiet() {
        queue.async { [self] in
            override?.release()
            override = nil
        }
    }

    /// Waits for the queued mixer work (tests, shutdown).
    func settle() { queue.sync {} }
}
