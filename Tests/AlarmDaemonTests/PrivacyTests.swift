import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// What another user could use: a predictable /tmp socket path to squat, files readable by
/// others when started from a shell, titles that reach the terminal raw.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct PrivacyTests {
    @Test(.needsRoot("to make a folder owned by another user"))
    func withoutXDGRuntimeDirASquattedTmpFolderIsRefused() async throws {
        let fallback = "/tmp/openalarmkit-\(getuid())"
        guard access(fallback, F_OK) != 0 else {
            Issue.record("\(fallback) exists already (another alarmd of this user without XDG_RUNTIME_DIR?): remove it to run this test")
            return
        }
        defer {
            unlink(fallback)
            rmdir(fallback)
        }
        // Another user's folder at our path, then a symlink to one.
        for squat in ["folder", "symlink"] {
            if squat == "folder" {
                mkdir(fallback, 0o777)
                chown(fallback, 65534, 65534)
            } else {
                rmdir(fallback)
                let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("squat-\(UUID().uuidString.prefix(6))").path
                mkdir(elsewhere, 0o700)
                symlink(elsewhere, fallback)
            }
            let daemon = try DaemonHarness(withNotificationServer: false, extra: ["XDG_RUNTIME_DIR": nil])
            let run = try Subprocess.run(BuildProducts.path("alarmd"), [], environment: daemon.environment)
            #expect(run.termination != .exited(0), "alarmd refused to start (\(squat))")
            #expect(run.stderr.contains("refusing \(fallback)"), "\(run.stderr)")
            // And a client refuses to talk through it.
            let list = try daemon.alarmctl("list")
            #expect(list.status != 0 && list.err.contains("refusing"), "\(list.err)")
        }
    }

    @Test func stateFilesArePrivateHoweverTheDaemonIsStarted() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        let previous = umask(0o022)  // a shell's umask, inherited by the daemon
        defer { umask(previous) }
        try daemon.start()
        try daemon.connect().send(.schedule, record: makeRecord(title: "x", preAlert: 600))
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o7777
        }
        #expect(mode(daemon.paths.stateDirectory) == 0o700)
        for suffix in ["", "-wal"] {
            #expect(mode(daemon.paths.database + suffix) == 0o600, "alarms.sqlite\(suffix)")
        }
        // Held exclusively, the log's index lives in alarmd's memory: no -shm at all.
        #expect(!FileManager.default.fileExists(atPath: daemon.paths.database + "-shm"))
    }

    @Test func escapeSequencesInTitlesAreShownNotObeyed() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let title = "\u{1B}]0;pwned\u{07}\u{1B}[2JTea\u{202E}gnp.exe"
        try daemon.connect().send(.schedule, record: makeRecord(title: title, preAlert: 600))
        for command in [["list"], ["show", try daemon.list()[0].id.uuidString]] {
            let result = try daemon.alarmctl(command[0], command.count > 1 ? command[1] : "--app=e2e")
            #expect(result.status == 0, "\(command): \(result.err)")
            #expect(!result.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(command)")
            #expect(result.out.contains(#"\x1b]0;pwned\x07\x1b[2JTea\u{202e}gnp.exe"#), "\(command): \(result.out)")
        }
        // JSON keeps the text as it is (JSON escapes it itself).
        let json = try daemon.alarmctl("list", "--json")
        #expect(json.out.contains(#"\u001b]0;pwned"#), "\(json.out)")
    }
}

/// The log holds no environment: a sound fallback logs what failed, not its resolver.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct LogPrivacyTests {
    @Test func aSoundFallbackLogsNoEnvironment() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["OAK_TEST_SECRET": "hunter2-do-not-log"])
        let sounds = daemon.root.appendingPathComponent("data/openalarmkit/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 100).write(to: sounds.appendingPathComponent("Broken.wav"))
        try daemon.start()
        var record = makeRecord(title: "Falls back", preAlert: 0.5)
        record.sound.sound = .named("Broken")
        try daemon.connect().send(.schedule, record: record)
        await eventually("the fallback to be logged") { daemon.logText.contains("falling back") }
        await eventually("sound") { daemon.audioBytes > 0 }
        #expect(!daemon.logText.contains("hunter2"), "\(daemon.logText)")
    }
}
