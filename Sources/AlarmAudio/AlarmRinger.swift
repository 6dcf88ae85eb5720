import CALSA
import FoundationEssentials

/// The sound an alarm asks for.
public enum RingSound: Sendable, Equatable {
    /// The default alarm sound.
    case `default`
    /// A name resolved in the Sounds folders (`AlertSound.named`).
    case named(String)
    /// A file given by path (the CLI, or a config file).
    case file(String)
}

/// The daemon's entry point: ring an alarm sound and never fail silently.
public enum AlarmRinger {
    /// Starts ringing on a new thread and returns at once. The fallback chain is applied on
    /// that thread and each step taken is logged with its reason: the requested sound,
    /// then the default sound, then a tone synthesized in code. Only when no audio device
    /// at all can be opened does the returned playback end as `.failed`.
    ///
    /// - Parameters:
    ///   - sound: what to play.
    ///   - appID: the requesting app; its `$XDG_DATA_HOME/<app-id>/Sounds` is searched.
    ///   - bundleSoundsDirectory: the app bundle's `Sounds/` folder, searched first.
    ///   - options: device, fallback devices, volume, ramp, loop, first-frame callback, logger.
    ///   - environment: where XDG variables are read from.
    public static func ring(
        _ sound: RingSound,
        appID: String? = nil,
        bundleSoundsDirectory: String? = nil,
        options: PlaybackOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Playback {
        let resolver = SoundResolver(
            appID: appID, bundleSoundsDirectory: bundleSoundsDirectory, environment: environment)
        return Playback.start(choices(for: sound, resolver: resolver), options: options)
    }

    /// Does once, ahead of time, what the first ring would otherwise pay for: parsing ALSA's
    /// configuration (several milliseconds) and finding and opening the default sound. A
    /// daemon calls it at start so that its first alarm is as punctual as the rest.
    public static func warmUp(environment: [String: String] = ProcessInfo.processInfo.environment) {
        _ = snd_config_update()
        let resolver = SoundResolver(environment: environment)
        if let sound = try? resolver.resolveDefault() {
            _ = try? SoundFileInspector.format(ofFile: sound.path)
        }
    }

    /// The fallback chain for `sound`.
    public static func choices(for sound: RingSound, resolver: SoundResolver) -> [SoundChoice] {
        switch sound {
        case .default: return [.defaultSound(resolver), .tone]
        case .named(let name): return [.named(name, resolver), .defaultSound(resolver), .tone]
        case .file(let path): return [.file(path), .defaultSound(resolver), .tone]
        }
    }
}
