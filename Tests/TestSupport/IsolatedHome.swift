import Foundation

/// A temporary home for a real alarmd and its clients: XDG folders of its own (the runtime one
/// 0700) and HOME, no autostart, UTC, C.UTF-8, and no session bus unless one is given
/// (`ChildEnvironment`: nothing else of the test process's environment). Every daemon
/// harness starts from it, so they isolate the same way.
public enum IsolatedHome {
    /// Creates the folders under a new temporary `root` named `prefix-XXXXXXXX` and returns the
    /// environment that points there (the caller adds its own variables after).
    public static func make(prefix: String, audioDevice: (URL) -> String, bus: String?) throws -> (root: URL, environment: [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        for folder in ["run", "state", "config/openalarmkit", "data"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        chmod(root.appendingPathComponent("run").path, 0o700)
        var environment = ChildEnvironment.base
        environment["HOME"] = root.path
        environment["XDG_RUNTIME_DIR"] = root.appendingPathComponent("run").path
        environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
        environment["OPENALARMKIT_AUDIO_DEVICE"] = audioDevice(root)
        environment["OPENALARMKIT_NO_AUTOSTART"] = "1"
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus ?? "unix:path=\(root.path)/no-bus"
        return (root, environment)
    }
}
