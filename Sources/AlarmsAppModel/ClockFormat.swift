/// Whether the window writes times with a 12-hour clock: GNOME's `org.gnome.desktop.interface
/// clock-format` where it speaks for the person, else the locale (`LC_TIME`), as before.
///
/// The setting speaks when the person set it (GNOME Settings' "Time Format"), and in a GNOME
/// session even at its default ("24h"), because that is what the top bar's clock shows there.
/// Elsewhere an unset key is only the schema's default, which most desktops that install the
/// schema never show: an en_US person on another desktop keeps the locale's "7:30 PM".
package enum ClockFormat {
    /// nil: the locale decides. `setting`: the key's value ("12h", "24h"), nil without the
    /// schema; `isSet`: the person set it; `desktop`: `XDG_CURRENT_DESKTOP` ("ubuntu:GNOME").
    package static func twelveHour(setting: String?, isSet: Bool, desktop: String?) -> Bool? {
        guard let setting, setting == "12h" || setting == "24h" else { return nil }
        let gnome = (desktop ?? "").split(separator: ":").contains { $0.lowercased() == "gnome" }
        guard isSet || gnome else { return nil }
        return setting == "12h"
    }
}
