/// The one place the release version lives: `alarmd --version`, `alarmctl --version`, the
/// daemon's `status` reply and the .deb's version (scripts/package reads this line) all
/// come from here, so they cannot drift apart.
public enum PackageVersion {
    public static let current = "0.2.0"
}
