import Glibc

/// How our streams name themselves to the sound server. An alarm says it is an alarm
/// (PipeWire `media.role=Alarm`, so a policy can route and duck for it) under an application
/// name of its own, distinct from test playback: the server's stream-restore remembers a
/// mute or a volume per application (or per role), so a test once muted in pavucontrol must
/// not silence every later alarm.
///
/// ALSA's PipeWire plugin reads `PIPEWIRE_ALSA` (properties, SPA-JSON) at each open, and
/// libpulse (the ALSA pulse plugin) reads `PULSE_PROP`; both are per process, so a process
/// sets its identity once, early, before any thread might read the environment.
public enum StreamIdentity: Sendable {
    /// alarmd ringing an alarm.
    case alarm
    /// `alarmctl sound play` and other trials.
    case test

    public var applicationName: String {
        switch self {
        case .alarm: "OpenAlarmKit alarm"
        case .test: "OpenAlarmKit sound test"
        }
    }

    public var applicationID: String {
        switch self {
        case .alarm: "org.openalarmkit.alarm"
        case .test: "org.openalarmkit.soundtest"
        }
    }

    /// PipeWire's role names (WirePlumber's role policy knows "Alarm"); PulseAudio's own
    /// list has no alarm, and its stream-restore keys on the role when one is set.
    public var pipewireRole: String { self == .alarm ? "Alarm" : "Test" }
    public var pulseRole: String { self == .alarm ? "alarm" : "test" }

    /// The environment that carries the identity to either plugin.
    public var environment: [String: String] {
        let node = self == .alarm ? "openalarmkit-alarm" : "openalarmkit-soundtest"
        return [
            "PIPEWIRE_ALSA": "{ media.role = \"\(pipewireRole)\" application.name = \"\(applicationName)\" "
                + "application.id = \"\(applicationID)\" node.name = \"\(node)\" media.name = \"\(applicationName)\" }",
            "PULSE_PROP": "media.role=\(pulseRole) application.name='\(applicationName)' application.id=\(applicationID)",
        ]
    }

    /// Sets the identity for this process, leaving variables the user set alone. Call before
    /// starting threads: setenv is not safe against a concurrent getenv.
    public func adopt() {
        for (name, value) in environment where getenv(name) == nil {
            setenv(name, value, 0)
        }
    }
}
