import AlarmSync
import AlarmSystem
import Foundation
import Testing

/// `[sync]` in config.toml as alarmd and `alarmctl config check` read it, and the password's
/// sources.
@Suite(.timeLimit(.minutes(2))) struct SyncConfigTests {
    func load(_ text: String) throws(ConfigProblem) -> DaemonConfig {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-config-\(UUID().uuidString).toml").path
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DaemonConfig.load(path: path, environment: [:])
    }

    @Test func readsTheSection() throws {
        let config = try load("""
            [sync]
            url = "https://dav.example.org/calendars/me/alarms/"
            username = "me"
            password_command = "secret-tool lookup service openalarmkit"
            interval = 5
            """)
        #expect(config.sync?.url == "https://dav.example.org/calendars/me/alarms/")
        #expect(config.sync?.username == "me")
        #expect(config.sync?.passwordCommand == "secret-tool lookup service openalarmkit")
        #expect(config.sync?.interval == 5)
        #expect(try load("[sync]\nurl = \"http://127.0.0.1:5232/u/a/\"").sync?.interval == 60)
        #expect(try load("[sound]\nvolume = 50").sync == nil)
    }

    @Test func badValuesSayWhatToFix() {
        let cases: [(String, String)] = [
            ("[sync]\nusername = \"me\"", "sync.url is missing"),
            ("[sync]\nurl = \"http://dav.example.org/a/\"", "plain http would send the password in clear"),
            ("[sync]\nurl = \"https://me:pw@dav.example.org/a/\"", "leave the user name out of the URL"),
            ("[sync]\nurl = \"https://dav.example.org/a/\"\ninterval = 0", "sync.interval must be 1-86400 seconds"),
            ("[sync]\nurl = \"https://dav.example.org/a/\"\npassword_command = \" \"", "sync.password_command is empty"),
            ("[sync]\nurl = \"https://dav.example.org/a/\"\npassword = \"hunter2\"", "unknown key"),
        ]
        for (text, expected) in cases {
            do {
                _ = try load(text)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(!error.description.contains("hunter2") || expected == "unknown key")
            }
        }
    }

    @Test func passwordCommandRunsWithoutAShell() throws {
        #expect(try SyncPassword.split(#"secret-tool lookup service 'open alarm' "x\"y" a\ b"#)
                == ["secret-tool", "lookup", "service", "open alarm", "x\"y", "a b"])
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.split("echo 'unclosed") }
        #expect(try SyncPassword.resolve(command: "printf 's3cret\\nsecond line'", username: nil) == "s3cret")
        // No shell: `;` and `$(…)` are plain arguments to printf, nothing else runs.
        #expect(try SyncPassword.resolve(command: "printf '%s' '$(id);x'", username: nil) == "$(id);x")
        #expect(throws: SyncPassword.Problem(description: "sync.password_command failed (it exited with an error): run it by hand to see why")) {
            try SyncPassword.resolve(command: "false", username: nil)
        }
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.resolve(command: "no-such-tool-here x", username: nil) }
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.resolve(command: "true", username: nil) }
    }
}
