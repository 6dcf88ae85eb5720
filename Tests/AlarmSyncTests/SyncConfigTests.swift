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

    /// A [sync] that cannot be used turns sync off and says why, with its line; every other
    /// setting of the file still applies.
    @Test func aBadSyncSectionTurnsSyncOffAlone() throws {
        let cases: [(String, String, String)] = [
            ("username = \"me\"", "sync.url is missing", "url"),
            ("url = \"http://dav.example.org/a/\"", "plain http would send the password in clear", "url"),
            ("url = \"http://127.evil.test/a/\"", "a name such as 127.example.org is not this machine", "url"),
            ("url = \"https://me:pw@dav.example.org/a/\"", "leave the user name out of the URL", "url"),
            ("url = \"https://dav.example.org/a/\"\ninterval = 0", "sync.interval must be 1-86400 seconds", "interval"),
            ("url = \"https://dav.example.org/a/\"\npassword_command = \" \"", "sync.password_command is empty", "password_command"),
        ]
        for (section, expected, key) in cases {
            let config = try load("[sound]\nvolume = 50\n\n[sync]\n" + section + "\n\n[alarms]\nsnooze = 120\n")
            #expect(config.sync == nil, "\(section)")
            let refusal = try #require(config.syncRefusal, "\(section)")
            #expect(refusal.message.contains(expected), "\(refusal.message)")
            #expect(refusal.key == key)
            #expect(refusal.line != nil && (5...6).contains(refusal.line!) || key == "url" && refusal.line == 4, "\(refusal)")
            #expect(config.volume == 0.5 && config.policy.defaultSnooze == 120, "the other settings keep their values")
        }
        // A key that does not exist is still an error of the whole file.
        #expect(throws: ConfigProblem.self) { try load("[sync]\nurl = \"https://dav.example.org/a/\"\npassword = \"hunter2\"") }
    }

    /// Plain http only to this machine: 127.0.0.0/8 and ::1 as literals, and the name localhost.
    /// `[[calendars]]` trusts a home server's own CA as `[sync]` does: an absolute `ca_file`;
    /// a relative one is refused with the calendar's name and the file's line.
    @Test func aCalendarSubscriptionTakesACAFile() throws {
        let config = try load("""
            [[calendars]]
            name = "team"
            url = "https://dav.example.org/team/"
            ca_file = "/etc/ssl/home-ca.pem"
            """)
        #expect(config.calendars.map(\.caFile) == ["/etc/ssl/home-ca.pem"])
        #expect(try load("[[calendars]]\nname = \"team\"\nurl = \"https://dav.example.org/team/\"").calendars.first?.caFile == nil)
        #expect(ConfigKeys.unknownKeys(in: "[[calendars]]\nca_file = \"/x.pem\"\n", path: "c.toml").isEmpty)
        do {
            _ = try load("[[calendars]]\nname = \"team\"\nurl = \"https://dav.example.org/team/\"\nca_file = \"home-ca.pem\"\n")
            Issue.record("a relative ca_file was taken")
        } catch {
            #expect(error.message == "calendars.ca_file of 'team' must be an absolute path to a PEM file", "\(error)")
            #expect(error.setting == "calendars.ca_file")
        }
    }

    /// `[sync]` and `[[calendars]]` are one account value checked once (`CalDAVAccount`): what
    /// one refuses the other does, each naming its own section (an empty password_command was
    /// refused in `[sync]` alone, and a subscription then ran an empty command at each poll).
    @Test func syncAndASubscriptionRefuseTheSameValues() throws {
        let account = "url = \"https://dav.example.org/a/\"\n"
        let cases: [(line: String, key: String)] = [
            ("password_command = \" \"", "password_command"), ("interval = 0", "interval"),
            ("username = \"a:b\"", "username"), ("ca_file = \"ca.pem\"", "ca_file"),
        ]
        for (line, key) in cases {
            let sync = try load("[sync]\n" + account + line)
            #expect(sync.sync == nil && sync.syncRefusal?.key == key, "[sync] \(line)")
            #expect(sync.syncRefusal?.message.hasPrefix("sync.\(key) ") == true, "\(sync.syncRefusal?.message ?? "")")
            do {
                _ = try load("[[calendars]]\nname = \"team\"\n" + account + line)
                Issue.record("[[calendars]] took \(line)")
            } catch {
                #expect(error.setting == "calendars.\(key)" && error.message.hasPrefix("calendars.\(key) of 'team' "), "\(error)")
            }
        }
        let both = try load("[sync]\n\(account)interval = 30\n[[calendars]]\nname = \"team\"\n\(account)")
        #expect(both.sync?.interval == 30 && both.calendars.first?.interval == 300, "each section's own default interval")
        #expect(both.calendars.first?.account.url == both.sync?.url)
    }

    @Test func plainHTTPOnlyToLoopbackLiterals() throws {
        for host in ["127.0.0.1", "127.1.2.3", "[::1]", "localhost", "LOCALHOST"] {
            #expect(throws: Never.self, "\(host)") { try CalDAVURL("http://\(host):5232/u/alarms/") }
        }
        for host in ["127.evil.test", "127.0.0.1.evil.test", "localhost.evil.test", "127.1", "0x7f.0.0.1", "[::ffff:127.0.0.1]", "128.0.0.1", "[::2]", "10.0.0.1"] {
            #expect(throws: CalDAVURL.Refusal.badURL("http://\(host)/u/alarms/", reason: .plainHTTP), "\(host)") { try CalDAVURL("http://\(host)/u/alarms/") }
        }
        #expect(throws: Never.self) { try CalDAVURL("https://127.evil.test/u/alarms/") }
    }

    @Test func passwordCommandRunsWithoutAShell() throws {
        #expect(try SyncPassword.split(#"secret-tool lookup service 'open alarm' "x\"y" a\ b"#)
                == ["secret-tool", "lookup", "service", "open alarm", "x\"y", "a b"])
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.split("echo 'unclosed") }
        #expect(try SyncPassword.resolve(command: "printf 's3cret\\nsecond line'", username: nil) == "s3cret")
        // No shell: `;` and `$(…)` are plain arguments to printf, nothing else runs.
        #expect(try SyncPassword.resolve(command: "printf '%s' '$(id);x'", username: nil) == "$(id);x")
        #expect(throws: SyncPassword.Problem.commandFailed) {
            try SyncPassword.resolve(command: "false", username: nil)
        }
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.resolve(command: "no-such-tool-here x", username: nil) }
        #expect(throws: SyncPassword.Problem.self) { try SyncPassword.resolve(command: "true", username: nil) }
    }

    /// A command that hangs (a keyring waiting to be unlocked) is stopped after its time, with
    /// what it started, and the reason says so.
    @Test func aHangingPasswordCommandIsStoppedInTime() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("hang-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let started = Date()
        #expect(throws: SyncPassword.Problem.timedOut(keyring: false, seconds: 1)) {
            try SyncPassword.resolve(command: "sh -c 'echo $$ > \(pidFile); sleep 60 & wait'", username: nil, timeoutSeconds: 1)
        }
        #expect(Date().timeIntervalSince(started) < 10)
        let pid = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "the command was killed and reaped")
        #expect(SyncPassword.Problem.timedOut(keyring: true, seconds: 15).description.contains("the keyring did not answer within 15 s"))
    }
}
