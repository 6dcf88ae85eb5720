import Glibc
import LinuxSupport

/// How our streams name themselves to the sound server. An alarm says it is an alarm
/// (PipeWire `media.role=Alarm`, so a policy can route and duck for it) under an application
/// name of its own, distinct from test playback: the server's stream-restore remembers a
/// mute or a volume per application (or per role), so a test once muted in pavucontrol must
/// not silence every later alarm.
///
/// A mixer (pavucontrol, GNOME's and KDE's sound settings) shows a stream as its application
/// name and media name: "Alarms" is the app's name in the menu (org.openalarmkit.Alarms.desktop),
/// with its icon, and the media name says what plays.
///
/// ALSA's PipeWire plugin reads `PIPEWIRE_ALSA` (properties, SPA-JSON) at each open, and
/// libpulse (the ALSA pulse plugin) reads `PULSE_PROP` and `PULSE_PROP_OVERRIDE`; all are per
/// process, so a process sets its identity once, early, before any thread might read the
/// environment. The pulse plugin names its client "ALSA plug-in [alarmd]", which `PULSE_PROP`
/// (merged under what the client set) cannot change and `PULSE_PROP_OVERRIDE` does; it names
/// every stream "ALSA Playback" itself, on the stream, where no variable reaches, so under
/// PulseAudio a mixer shows "Alarms: ALSA Playback" (DesktopSoundTests/PulseAudioRoleTests).
public enum StreamIdentity: Sendable {
    /// alarmd ringing an alarm.
    case alarm
    /// `alarmctl sound play` and other trials.
    case test

    /// Distinct per identity: a sound server remembers a volume or mute per application. In
    /// the person's language, as the app's name in their menu ("Wecker").
    public var applicationName: String {
        switch self {
        case .alarm: tr("Alarms")
        case .test: tr("Alarms sound test")
        }
    }

    /// What plays, the second half of a mixer's line.
    public var mediaName: String {
        switch self {
        case .alarm: tr("Alarm")
        case .test: tr("Sound test")
        }
    }

    /// The app's icon (packaging/icons), which mixers show beside the stream.
    public static let iconName = "org.openalarmkit.Alarms"

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
                + "application.id = \"\(applicationID)\" application.icon_name = \"\(Self.iconName)\" node.name = \"\(node)\" "
                + "media.name = \"\(mediaName)\" }",
            "PULSE_PROP": "media.role=\(pulseRole) application.id=\(applicationID) application.icon_name=\(Self.iconName)",
            // Over the plugin's own "ALSA plug-in [alarmd]".
            "PULSE_PROP_OVERRIDE": "application.name='\(applicationName)'",
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
