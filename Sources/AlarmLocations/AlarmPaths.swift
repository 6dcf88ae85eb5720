import FoundationEssentials
import Glibc

/// Where OpenAlarmKit keeps its files, per the XDG base-directory spec. Clients and the daemon
/// resolve the same way, so pointing the XDG variables at a folder isolates a whole setup.
package struct AlarmPaths: Sendable, Hashable {
    package var runtimeDirectory: String
    package var stateDirectory: String
    package var configDirectory: String
    package var dataHome: String

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func dir(_ name: String, _ fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return fallback
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let uid = getuid()
        // Without XDG_RUNTIME_DIR: a folder of our own in /tmp, which the daemon creates 0700
        // and checks (owner, mode, not a symlink) before use: see `RuntimeDirectoryCheck`.
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            runtimeDirectory = runtime + "/openalarmkit"
        } else {
            runtimeDirectory = "/tmp/openalarmkit-\(uid)"
        }
        stateDirectory = dir("XDG_STATE_HOME", home + "/.local/state") + "/openalarmkit"
        configDirectory = dir("XDG_CONFIG_HOME", home + "/.config") + "/openalarmkit"
        dataHome = dir("XDG_DATA_HOME", home + "/.local/share")
    }

    package var socket: String { runtimeDirectory + "/alarmd.sock" }
    package var database: String { stateDirectory + "/alarms.sqlite" }
    package var configFile: String { configDirectory + "/config.toml" }
    package var userSounds: String { dataHome + "/openalarmkit/Sounds" }
}
