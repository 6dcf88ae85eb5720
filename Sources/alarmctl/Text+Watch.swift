extension Text {
    // `watch --waybar` and `--polybar` while alarmd cannot be reached or started.
    static func alarmsWillNotRing(_ why: String) -> String { "Alarms will not ring until alarmd runs again.\n\(why)" }
    static let barWarning = "⚠ alarmd is not running"
    static let oneWatchFormat = "choose one of --json, --waybar and --polybar"
}
