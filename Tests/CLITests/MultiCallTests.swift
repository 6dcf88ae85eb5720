import Foundation
import Testing
import TestSupport

/// The package ships one executable: alarmctl, which is alarmd when started by that name
/// (/usr/libexec/openalarmkit/alarmd and scripts/install's PREFIX/bin/alarmd are links to it).
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct MultiCallTests {
    /// A folder holding `alarmd`, a link to the built alarmctl.
    private static func linkFolder(in root: URL) throws -> String {
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("alarmd").path, withDestinationPath: BuildProducts.path("alarmctl"))
        return bin.appendingPathComponent("alarmd").path
    }

    @Test func alarmctlStartedAsAlarmdIsTheDaemon() throws {
        let daemon = try CLIDaemon()
        let alarmd = try Self.linkFolder(in: daemon.root)
        let version = try Subprocess.run(alarmd, ["--version"], environment: daemon.environment)
        #expect(version.stdout.hasPrefix("alarmd "), "\(version.stdout)\(version.stderr)")
        #expect(version.termination.status == 0)

        // alarmctl starts "alarmd" on demand: through the link, in the background.
        let status = try daemon.alarmctl(with: ["OPENALARMKIT_NO_AUTOSTART": "", "OPENALARMKIT_ALARMD": alarmd], "status", "--json")
        #expect(status.status == 0, "\(status.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])
        let pid = try #require(json["pid"] as? Int)
        // Held by a pidfd: not our child, and its pid may be another process's once it ends.
        let started = try #require(ProcessHandle(pid_t(pid)), "the alarmd alarmctl started (pid \(pid)) already ended")
        defer {
            started.signal(SIGTERM)
            started.waitForEnd(within: 5)
        }
        // The one binary serves, under the daemon's name (ps, pgrep and scripts look for it).
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(URL(fileURLWithPath: executable).lastPathComponent == "alarmctl")
        let comm = try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        #expect(comm == "alarmd\n")
        #expect(try daemon.alarmctl("timer", "5m", "--title", "Tea").status == 0)
        #expect(try daemon.alarms().count == 1)
    }
}
