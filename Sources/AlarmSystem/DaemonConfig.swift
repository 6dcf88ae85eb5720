import AlarmCore
import FoundationEssentials
import TOMLKit

/// The daemon's settings: defaults, then `config.toml`, then the environment.
///
/// ```toml
/// [sound]
/// device = "default"      # ALSA PCM; OPENALARMKIT_AUDIO_DEVICE overrides it
/// volume = 100            # percent, for alarms that do not set their own
/// ramp = 0                # seconds of fade-in, for alarms that do not set their own
/// min_volume = 60         # percent: a muted or quieter output is raised while ringing (0: never)
/// pause_media = true      # pause playing MPRIS media players while an alarm rings
///
/// [system]
/// wake_early = 60         # seconds before an alarm the machine is woken from suspend (needs CAP_WAKE_ALARM)
///
/// [alarms]
/// snooze = 540            # seconds, when an alarm has no postAlert or preAlert
/// ring_timeout = 600      # seconds an alarm rings before it stops and counts as missed
/// late_tolerance = 600    # seconds late an alarm may still ring (daemon down, asleep)
/// max_per_app = 1000
///
/// [sync]                  # CalDAV (docs/SYNC.md); no [sync]: no sync, libcurl never loaded
/// url = "https://dav.example.org/calendars/me/alarms/"
/// username = "me"
/// password_command = "secret-tool lookup service openalarmkit"
/// interval = 60           # seconds between polls, 1-86400
/// ca_file = "/etc/ssl/home-ca.pem"   # optional: trust this CA instead of the system's
/// ```
/// A `[sync]` that cannot be used (a refused URL, a bad interval) turns sync off and is
/// reported (`syncRefusal`); every other setting still applies.
public struct DaemonConfig: Hashable, Sendable {
    public var audioDevice = "default"
    public var volume = 1.0
    public var rampSeconds = 0.0
    /// The alarm volume policy's floor, 0–100; 0 leaves the output alone.
    public var minimumVolumePercent = 60.0
    /// Pause playing media players (MPRIS) while an alarm rings, resume them after.
    public var pauseMedia = true
    /// How long before an alarm a suspended machine is woken.
    public var wakeEarlySeconds = 60.0
    public var policy = LifecyclePolicy()
    public var maxAlarmsPerApp = 1000
    /// CalDAV sync, when config.toml has a usable `[sync]`.
    public var sync: SyncSettings?
    /// Why config.toml's `[sync]` is not used: sync is off, every other setting applies.
    public var syncRefusal: SyncRefusal?
    /// Calendars whose reminders ring here (`[[calendars]]`), read only.
    public var calendars: [CalendarSubscriptionSettings] = []

    public init() {}

    /// Reads `path` (a missing file means defaults) and the environment. A bad file (a folder,
    /// unreadable, not UTF-8 text: `ConfigFileText`) is an error that names the problem; the
    /// daemon then logs it and keeps the defaults.
    public static func load(path: String, environment: [String: String]) throws(ConfigProblem) -> DaemonConfig {
        var config = DaemonConfig()
        if let text = try ConfigFileText.read(path) { config = try read(text, path: path) }
        if let device = environment["OPENALARMKIT_AUDIO_DEVICE"], !device.isEmpty { config.audioDevice = device }
        return config
    }

    /// The settings the bytes of a config.toml at `path` give (the file's whole reading, without
    /// the file: the fuzzer's entry, docs/SECURITY.md).
    package static func read(_ bytes: [UInt8], path: String) throws(ConfigProblem) -> DaemonConfig {
        try read(try ConfigFileText.text(bytes, path: path), path: path)
    }

    private static func read(_ text: String, path: String) throws(ConfigProblem) -> DaemonConfig {
        var config = DaemonConfig()
        if let unknown = ConfigKeys.unknownKeys(in: text, path: path).first { throw unknown }
        let file: ConfigFile
        do { file = try TOMLDecoder().decode(ConfigFile.self, from: text) } catch {
            throw describe(error, path: path, text: text)
        }
        do { try config.apply(file, path: path) } catch {
            // A value out of range: point at the line that sets it.
            var located = error
            located.line = error.setting.flatMap { ConfigKeys.line(of: $0, in: text) }
            throw located
        }
        if let key = config.syncRefusal?.key {
            config.syncRefusal?.line = ConfigKeys.line(of: "sync." + key, in: text) ?? ConfigKeys.line(ofSection: "sync", in: text)
        }
        return config
    }

    /// A decoding error as file, line, key and what was expected, not a raw DecodingError dump.
    private static func describe(_ error: any Error, path: String, text: String) -> ConfigProblem {
        func dotted(_ codingPath: [any CodingKey]) -> String { codingPath.map(\.stringValue).joined(separator: ".") }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            let key = dotted(context.codingPath)
            return ConfigProblem(path: path, line: ConfigKeys.line(of: key, in: text), key: key, message: "wrong type: expected \(type == Bool.self ? "true or false" : type == String.self ? "a string in quotes" : "a number")")
        case DecodingError.dataCorrupted(let context):
            let key = dotted(context.codingPath)
            return ConfigProblem(path: path, line: ConfigKeys.line(of: key, in: text), key: key.isEmpty ? nil : key, message: context.debugDescription)
        case DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            let key = dotted(context.codingPath)
            return ConfigProblem(path: path, line: ConfigKeys.line(of: key, in: text), key: key, message: context.debugDescription)
        default:
            return ConfigProblem(path: path, line: nil, key: nil, message: "not valid TOML: \(error)")
        }
    }

    private mutating func apply(_ file: ConfigFile, path: String) throws(ConfigProblem) {
        func check(_ ok: Bool, _ setting: String, _ what: String) throws(ConfigProblem) {
            if !ok { throw ConfigProblem(path: path, line: nil, key: nil, message: what, setting: setting) }
        }
        if let sound = file.sound {
            if let device = sound.device {
                try check(!device.isEmpty, "sound.device", "sound.device must not be empty")
                audioDevice = device
            }
            if let volume = sound.volume?.value {
                try check((0...100).contains(volume), "sound.volume", "sound.volume must be 0-100 (percent)")
                self.volume = volume / 100
            }
            if let ramp = sound.ramp?.value {
                try check((0...3600).contains(ramp), "sound.ramp", "sound.ramp must be 0-3600 seconds")
                rampSeconds = ramp
            }
            if let floor = sound.minVolume?.value {
                try check((0...100).contains(floor), "sound.min_volume", "sound.min_volume must be 0-100 (percent)")
                minimumVolumePercent = floor
            }
            if let pause = sound.pauseMedia { pauseMedia = pause }
        }
        if let wakeEarly = file.system?.wakeEarly?.value {
            try check((0...3600).contains(wakeEarly), "system.wake_early", "system.wake_early must be 0-3600 seconds")
            wakeEarlySeconds = wakeEarly
        }
        if let section = file.sync {
            // A [sync] that cannot be used turns sync off, not the rest of the file.
            do {
                sync = try CalDAVAccount(section, section: "sync", defaultInterval: 60)
            } catch {
                syncRefusal = SyncRefusal(error, url: section.url)
            }
        }
        for entry in file.calendars ?? [] {
            let settings: CalendarSubscriptionSettings
            do {
                settings = try CalendarSubscriptionSettings(name: entry.name, account: entry.account)
            } catch { throw error.at(path) }
            try check(!calendars.contains { $0.name == settings.name }, "calendars.name", "calendars.name '\(settings.name)' is used twice: give each calendar its own name")
            calendars.append(settings)
        }
        if let alarms = file.alarms {
            if let snooze = alarms.snooze?.value {
                try check(snooze > 0 && snooze <= 86400, "alarms.snooze", "alarms.snooze must be 1-86400 seconds")
                policy.defaultSnooze = snooze
            }
            if let timeout = alarms.ringTimeout?.value {
                try check(timeout >= 5 && timeout <= 86400, "alarms.ring_timeout", "alarms.ring_timeout must be 5-86400 seconds")
                policy.ringTimeout = timeout
            }
            if let tolerance = alarms.lateTolerance?.value {
                try check(tolerance >= 0 && tolerance <= 7 * 86400, "alarms.late_tolerance", "alarms.late_tolerance must be 0-604800 seconds")
                policy.lateTolerance = tolerance
            }
            if let cap = alarms.maxPerApp {
                try check(cap >= 1 && cap <= 1_000_000, "alarms.max_per_app", "alarms.max_per_app must be 1-1000000")
                maxAlarmsPerApp = cap
            }
        }
    }

    /// A TOML number: `540` and `540.0` both mean 540 (TOML keeps integers and floats apart).
    struct Number: Decodable {
        var value: Double

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let integer = try? container.decode(Int.self) {
                value = Double(integer)
            } else {
                value = try container.decode(Double.self)
            }
        }
    }

    private struct ConfigFile: Decodable {
        var sound: Sound?
        var alarms: Alarms?
        var system: System?
        var sync: CalDAVAccount.Section?
        var calendars: [Calendar]?

        /// A `[[calendars]]` entry: its name and the account keys `[sync]` has too.
        struct Calendar: Decodable {
            var name: String?
            var account: CalDAVAccount.Section
            enum CodingKeys: String, CodingKey { case name }
            init(from decoder: any Decoder) throws {
                name = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .name)
                account = try CalDAVAccount.Section(from: decoder)
            }
        }

        struct System: Decodable {
            var wakeEarly: Number?
            enum CodingKeys: String, CodingKey { case wakeEarly = "wake_early" }
        }

        struct Sound: Decodable {
            var device: String?
            var volume: Number?
            var ramp: Number?
            var minVolume: Number?
            var pauseMedia: Bool?

            enum CodingKeys: String, CodingKey {
                case device, volume, ramp
                case minVolume = "min_volume"
                case pauseMedia = "pause_media"
            }
        }

        struct Alarms: Decodable {
            var snooze: Number?
            var ringTimeout: Number?
            var lateTolerance: Number?
            var maxPerApp: Int?

            enum CodingKeys: String, CodingKey {
                case snooze
                case ringTimeout = "ring_timeout"
                case lateTolerance = "late_tolerance"
                case maxPerApp = "max_per_app"
            }
        }
    }
}
