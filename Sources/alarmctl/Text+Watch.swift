import LinuxSupport

extension Text {
    // `watch --waybar` and `--polybar` while alarmd cannot be reached or started.
    static func alarmsWillNotRing(_ why: String) -> String { tr("Alarms will not ring until alarmd runs again.") + "\n" + why }
    static var barWarning: String { tr("⚠ alarmd is not running") }
    static var oneWatchFormat: String { tr("choose one of --json, --waybar and --polybar") }
}
