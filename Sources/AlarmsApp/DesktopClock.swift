import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport

/// How the window writes times: the locale's conventions (`LC_TIME`), with 12 or 24 hours as
/// GNOME's `clock-format` says where it speaks for the person (`ClockFormat`), followed live
/// as GNOME Settings changes it. Without the schema (no gsettings-desktop-schemas), the
/// locale alone, as alarmctl writes times.
@MainActor
final class DesktopClock {
    static let schema = "org.gnome.desktop.interface"
    static let key = "clock-format"

    private let settings = Settings(schema: schema, key: key)
    private let desktop = ProcessInfo.processInfo.environment["XDG_CURRENT_DESKTOP"]
    private(set) var localTime = LocalTimeText.current
    /// After the setting changed.
    var onChange: (@MainActor () -> Void)?

    init() {
        // Connected before the first read: GSettings reports changes of keys it has read.
        settings?.onChanged(Self.key) { [unowned self] in
            read()
            onChange?()
        }
        read()
    }

    private func read() {
        let twelveHour = ClockFormat.twelveHour(
            setting: settings?.string(Self.key), isSet: settings?.isSet(Self.key) ?? false, desktop: desktop)
        localTime = twelveHour.map(LocalTimeText.current.withTwelveHourClock) ?? LocalTimeText.current
    }
}
