/// Namespace matching ActivityKit's, so `sound: .named("Chime")` reads as in AlarmKit.
public enum AlertConfiguration {
    /// The sound an alarm plays while it alerts.
    public enum AlertSound: Codable, Hashable, Sendable {
        /// The system's alarm sound.
        case `default`
        /// A sound file found by name (no extension, no path) in the app's or the user's
        /// `Sounds` folders; docs/SOUND.md gives the lookup order.
        case named(String)
    }
}
