import Foundation

/// The environment every child process of the tests starts from, stated in full: nothing of the
/// machine's desktop session (its bus, XDG folders, sound server, display), locale or zone
/// leaks into alarmd, alarmctl or a helper, so a test means the same on a laptop as in CI.
/// A test adds what its child needs (`with`).
public enum ChildEnvironment {
    /// PATH, an empty HOME of this test process, the C.UTF-8 locale and UTC, no translation
    /// catalog (English messages, whatever catalogs the build or the system holds; a test of
    /// translations sets OPENALARMKIT_LOCALEDIR to `Translations.localeDirectory()`); and the
    /// variables the toolchain may need to run what it built (its library path), if the test
    /// process has them.
    public static let base: [String: String] = {
        var environment = [
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "OPENALARMKIT_LOCALEDIR": "/nonexistent/openalarmkit-locale",
        ]
        for key in ["LD_LIBRARY_PATH", "TMPDIR"] {
            if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
        }
        return environment
    }()

    /// `base` with `changes` applied; a nil value removes a variable.
    public static func with(_ changes: [String: String?]) -> [String: String] {
        var environment = base
        for (key, value) in changes { environment[key] = value }
        return environment
    }

    /// An empty folder, removed when the test process exits.
    private static let home: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("oak-test-home-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ChildEnvironment.base["HOME"]!) }
        return path
    }()
}
