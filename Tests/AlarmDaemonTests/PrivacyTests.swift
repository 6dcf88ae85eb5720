import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// What another user could use: a predictable /tmp socket path to squat, files readable by
/// others when started from a shell, titles that reach the terminal raw.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct PrivacyTests {
    @Test(.needsRoot("to make a folder owned by another user, in a /tmp of the test's own"))
    func withoutXDGRuntimeDirASquattedTmpFolderIsRefused() async throws {
        // Another user's folder at our path, then a symlink to one.
        for squat in ["folder", "symlink"] {
            let daemon = try DaemonHarness(withNotificationServer: false, extra: ["XDG_RUNTIME_DIR": nil])
            let prefix = Self.inOwnTmp(root: daemon.root.path, squat: squat)
            let run = try Subprocess.run(prefix[0], Array(prefix.dropFirst()) + [BuildProducts.path("alarmd")], environment: daemon.environment)
            #expect(run.termination != .exited(0), "alarmd refused to start (\(squat))")
            #expect(run.stderr.contains("refusing /tmp/openalarmkit-\(getuid())"), "\(run.stderr)")
            // And a client refuses to talk through it.
            let list = try Subprocess.run(prefix[0], Array(prefix.dropFirst()) + [BuildProducts.path("alarmctl"), "list"], environment: daemon.environment)
            #expect(list.termination != .exited(0) && list.stderr.contains("refusing"), "\(list.stderr)")
        }
    }

    /// A command prefix that runs the next words in a mount namespace whose /tmp is a new,
    /// empty tmpfs (the harness's folder `root` bound back into it), squatted as `squat` says
    /// at /tmp/openalarmkit-UID: whatever the machine's /tmp holds (an alarmd run as root
    /// without XDG_RUNTIME_DIR leaves that folder behind) neither fails the test nor is touched.
    static func inOwnTmp(root: String, squat: String) -> [String] {
        let script = #"""
            set -e
            root=$0 squat=$1; shift
            new="$root/private-tmp"
            mkdir -p "$new"
            mount -t tmpfs -o mode=1777 tmpfs "$new"
            case $root in /tmp/*)
                mkdir -p "$new/${root#/tmp/}"
                mount --bind "$root" "$new/${root#/tmp/}" ;;
            esac
            mount --rbind "$new" /tmp
            fallback=/tmp/openalarmkit-$(id -u)
            if [ "$squat" = folder ]; then
                mkdir "$fallback"; chmod 777 "$fallback"; chown 65534:65534 "$fallback"
            else
                mkdir -m 700 /tmp/elsewhere; ln -s /tmp/elsewhere "$fallback"
            fi
            exec "$@"
            """#
        return ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, root, squat]
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
