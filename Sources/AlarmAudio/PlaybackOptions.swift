import FoundationEssentials
import Logging

/// A fade-in: the volume starts at `fromPercent` of the target and rises linearly to the
/// target over `seconds`.
public struct Ramp: Sendable, Equatable {
    public var fromPercent: Double
    public var seconds: Double
    public init(fromPercent: Double = 10, seconds: Double) {
        self.fromPercent = fromPercent
        self.seconds = seconds
    }
}

/// How one playback sounds and where it goes.
public struct PlaybackOptions: Sendable {
    /// The PCM tried first (`--device`, `OPENALARMKIT_AUDIO_DEVICE`, config), e.g.
    /// "default", "plughw:1", "null", "file:FILE=/tmp/out.raw,FORMAT=raw".
    public var device: String
    /// Tried in order when `device` cannot be opened or fails while playing.
    public var fallbackDevices: [String]
    /// 0–100.
    public var volumePercent: Double
    public var ramp: Ramp?
    public var loop: Bool
    /// Stop after this many seconds on the monotonic clock, counted from the first frame,
    /// even when looping or while the device is away; nil for no limit.
    public var maximumDuration: Double?
    /// When no device of the chain opens (a sound server restarting, nothing plugged in),
    /// keep retrying every 0.5 s until stopped instead of ending as `.failed`. Alarms do.
    public var waitForDevice: Bool
    /// Called on the playback thread, once per outage while `waitForDevice` retries, with
    /// why nothing can play now; `onFirstFrame`/playing status follow when sound resumes.
    public var onSilent: (@Sendable (AudioError) -> Void)?
    /// Called on the playback thread, once, right after the first frame was written to the
    /// device, with the wall-clock time of that write.
    public var onFirstFrame: (@Sendable (Date) -> Void)?
    /// Called on the playback thread each time a device is taken up again after the first
    /// (reopened after a loss, or a fallback): the sound is back.
    public var onResumed: (@Sendable () -> Void)?
    /// Called on the playback thread, once, when it ends (finished, stopped or failed): how a
    /// caller that avoids Swift concurrency learns what `finished()` would say.
    public var onEnd: (@Sendable (Playback.Status) -> Void)?
    public var logger: Logger
    /// A prepared start: the sound is opened, the device set up and the first chunk decoded
    /// at once, and the first frame is written at this instant (nil: as soon as possible).
    /// Stopping before the instant plays nothing.
    public var startAt: Date?

    /// `default` (the sound server on a desktop), then the first sound card through a plug
    /// layer, for a server that is gone for good.
    public static var standardFallbackDevices: [String] {
        ["default", SoundCards.first.map { "plughw:\($0)" } ?? "plughw:0"]
    }

    public init(
        device: String = "default",
        fallbackDevices: [String] = PlaybackOptions.standardFallbackDevices,
        volumePercent: Double = 100,
        ramp: Ramp? = nil,
        loop: Bool = false,
        maximumDuration: Double? = nil,
        waitForDevice: Bool = false,
        onSilent: (@Sendable (AudioError) -> Void)? = nil,
        onFirstFrame: (@Sendable (Date) -> Void)? = nil,
        onResumed: (@Sendable () -> Void)? = nil,
        onEnd: (@Sendable (Playback.Status) -> Void)? = nil,
        logger: Logger = Logger(label: "openalarmkit.audio")
    ) {
        self.device = device
        self.fallbackDevices = fallbackDevices
        self.volumePercent = volumePercent
        self.ramp = ramp
        self.loop = loop
        self.maximumDuration = maximumDuration
        self.waitForDevice = waitForDevice
        self.onSilent = onSilent
        self.onFirstFrame = onFirstFrame
        self.onResumed = onResumed
        self.onEnd = onEnd
        self.logger = logger
    }

    /// `maximumDuration` made safe for arithmetic: NaN and negatives are 0, and anything
    /// beyond 30 years is 30 years (a Double that large would trap converting to an integer).
    var maximumDurationSeconds: Double? {
        maximumDuration.map { $0.isNaN ? 0 : min(max($0, 0), 1e9) }
    }

    /// `device` then the fallbacks, each once.
    var deviceChain: [String] {
        var seen = Set<String>()
        return ([device] + fallbackDevices).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The device a command-line tool should use: its flag, else the environment, else
    /// "default".
    public static func device(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let env = environment["OPENALARMKIT_AUDIO_DEVICE"], !env.isEmpty { return env }
        return "default"
    }
}

/// What to play, in order of preference; the playback thread opens the first that works.
public enum SoundChoice: Sendable, Equatable {
    /// A file path, played as is.
    case file(String)
    /// A sound name looked up with the resolver.
    case named(String, SoundResolver)
    /// The default alarm sound (`Default`, then the theme's `alarm-clock-elapsed`).
    case defaultSound(SoundResolver)
    /// The tone synthesized in code; cannot fail.
    case tone
}

extension SoundResolver: Equatable {
    public static func == (a: SoundResolver, b: SoundResolver) -> Bool {
        a.locations == b.locations
    }
}
