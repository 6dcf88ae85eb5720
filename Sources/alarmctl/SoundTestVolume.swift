import AlarmAudio
import AlarmSystem
import FoundationEssentials
import Logging
import AlarmClient

/// `sound play --override-mute`: the alarm volume policy around a test playback, so a user
/// can hear what an alarm would sound like on a muted laptop. Its own state file, repaired
/// the next time the flag is used if the command was killed mid-way.
struct SoundTestVolume {
    let override: VolumeOverride

    init(device: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let paths = AlarmPaths(environment: environment)
        let config = (try? DaemonConfig.load(path: paths.configFile, environment: environment)) ?? DaemonConfig()
        let stateFile = paths.stateDirectory + "/volume-override-soundtest.json"
        var logger = Logger(label: "alarmctl.volume")
        logger.logLevel = .warning
        VolumeOverride.repair(stateFile: stateFile, logger: logger)
        override = VolumeOverride(ctl: MixerVolume.ctlName(forDevice: device), minimumPercent: max(config.minimumVolumePercent, 1),
                                  stateFile: stateFile, logger: logger)
    }

    func engage() {
        let before = try? MixerVolume.read(ctl: override.ctl)
        override.engage()
        let after = try? MixerVolume.read(ctl: override.ctl)
        if let before, let after, before.level != after.level {
            print(Text.volumeRaised(from: "\(before.level)", to: "\(after.level)"))
        }
    }

    func release() { override.release() }
}
