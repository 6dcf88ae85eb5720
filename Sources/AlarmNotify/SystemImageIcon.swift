/// Maps AlarmKit button images (SF Symbols names) to freedesktop icon-naming-spec names, for
/// servers that draw action icons. SF Symbols variants (`.fill`, `.circle`, `.circle.fill`,
/// `.square`, ...) do not exist in icon themes, so they are stripped down to the base symbol.
public enum SystemImageIcon {
    public static func freedesktopName(for systemImageName: String) -> String? {
        var name = systemImageName.lowercased()
        while true {
            if let icon = baseSymbols[name] { return icon }
            guard let dot = name.lastIndex(of: "."), variantSuffixes.contains(String(name[dot...])) else {
                return nil
            }
            name = String(name[..<dot])
        }
    }

    private static let variantSuffixes: Set<String> = [
        ".fill", ".circle", ".square", ".rectangle", ".badge", ".inverse",
    ]

    private static let baseSymbols: [String: String] = [
        "stop": "media-playback-stop",
        "xmark": "window-close",
        "pause": "media-playback-pause",
        "play": "media-playback-start",
        "playpause": "media-playback-pause",
        "repeat": "media-playlist-repeat",
        "repeat.1": "media-playlist-repeat",
        "arrow.clockwise": "view-refresh",
        "arrow.counterclockwise": "edit-undo",
        "goforward": "media-seek-forward",
        "gobackward": "media-seek-backward",
        "forward": "media-seek-forward",
        "backward": "media-seek-backward",
        "bell": "alarm-symbolic",
        "bell.slash": "notifications-disabled",
        "alarm": "alarm-symbolic",
        "timer": "appointment-soon",
        "clock": "appointment-soon",
        "zzz": "appointment-soon",
        "moon": "weather-clear-night",
        "checkmark": "object-select",
        "plus": "list-add",
        "minus": "list-remove",
        "trash": "user-trash",
    ]
}
