import Foundation
import Testing
import TestSupport

/// Children of the tests see only the environment the tests give them: not the session bus,
/// XDG folders, sound server or locale of whoever runs `swift test`.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ChildEnvironmentTests {
    private func variables(_ environment: [String: String]?) throws -> [String: String] {
        let run = try Subprocess.run("/usr/bin/env", [], environment: environment)
        var seen: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
            seen[pair[0]] = pair.count == 2 ? pair[1] : ""
        }
        return seen
    }

    @Test func aChildGetsTheStatedEnvironmentAndNothingElse() throws {
        let seen = try variables(nil)
        #expect(seen == ChildEnvironment.base)
        #expect(seen["LANG"] == "C.UTF-8" && seen["TZ"] == "UTC")
        for leaked in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "LC_ALL", "PULSE_SERVER", "DISPLAY", "WAYLAND_DISPLAY"] {
            #expect(seen[leaked] == nil, "\(leaked) reached the child")
        }
        #expect(seen["HOME"] != ProcessInfo.processInfo.environment["HOME"], "a HOME of the tests' own, not the user's")
    }

    @Test func aDaemonHomeAddsItsFoldersToTheBase() throws {
        let daemon = try CLIDaemon()
        let seen = try variables(daemon.environment)
        #expect(seen["XDG_STATE_HOME"] == daemon.root.appendingPathComponent("state").path)
        #expect(seen["HOME"] == daemon.root.path)
        #expect(seen["DBUS_SESSION_BUS_ADDRESS"] == "unix:path=\(daemon.root.path)/no-bus")
        let added: Set = ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "OPENALARMKIT_AUDIO_DEVICE", "OPENALARMKIT_NO_AUTOSTART",
                          "DBUS_SESSION_BUS_ADDRESS", "LC_ALL"]
        #expect(Set(seen.keys) == Set(ChildEnvironment.base.keys).union(added))
    }
}
