import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// A read-only state folder at start (its instance lock and the store want a writable one):
/// alarmd serves from memory, so alarms still ring, and saves everything once the folder is
/// writable again.
///
/// The tests run as root, for whom a mode does not stop writes, so the folder is made
/// read-only by a mount: a bind mount of it remounted read-only, or an empty read-only tmpfs.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct ReadOnlyStateFolderTests {
    @Test(.needsRoot("to make the state folder read-only with a bind mount"))
    func aReadOnlyFolderAtStartIsServedFromMemoryAndSavedOnceWritable() async throws {
        let daemon = try DaemonHarness()
        let server = try #require(daemon.notifications)
        let state = daemon.root.appendingPathComponent("state").path
        try daemon.start()
        let kept = makeRecord(title: "Stored before", schedule: .fixed(Date().addingTimeInterval(3600)))
        try daemon.connect().send(.schedule, record: kept)
        daemon.stop()

        guard let mount = ReadOnlyMount(bindOf: state) else { return }
        defer { mount.remove() }
        try daemon.start()  // serves, though it cannot create alarmd.lock there
        #expect(try daemon.record(kept.id) != nil, "the stored alarms are served")

        let timer = makeRecord(title: "While read-only", preAlert: 1)
        let reply = try daemon.connect().send(.schedule, record: timer)
        #expect(reply.ok == true)
        #expect(reply.unsaved?.kind == .readOnly, "\(String(describing: reply.unsaved))")
        #expect(reply.unsaved?.path == daemon.paths.stateDirectory, "says where: \(String(describing: reply.unsaved))")
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.unsaved == reply.unsaved, "\(String(describing: status.unsaved))")
        #expect(status.storageProblem?.contains(daemon.paths.stateDirectory) == true, "for older clients: \(status.storageProblem ?? "none")")
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("sound") { daemon.audioBytes > 0 }
        let later = makeRecord(title: "Set while read-only", schedule: .fixed(Date().addingTimeInterval(7200)))
        #expect(try daemon.connect().send(.schedule, record: later).isNotDurable)
        let cancelled = try daemon.connect().send(.cancel, alarm: kept.id)
        #expect(cancelled.isNotDurable)

        let notices = try await server.waitForNotifies(summary: "Alarms cannot be saved")
        #expect(notices.count == 1, "one notification: \(notices)")
        #expect(notices.first?.body.contains("read-only") == true, "\(notices.first?.body ?? "")")

        // Writable again: the retry (1 s, 2 s, 4 s, ...) opens the store and saves it all.
        mount.makeWritable()
        try await eventually("everything to be saved", within: 40) {
            try daemon.connect().send(.status).status?.storageProblem == nil
        }
        daemon.kill9()
        mount.remove()
        try daemon.start()
        #expect(try daemon.record(later.id) != nil, "saved after the folder became writable")
        #expect(try daemon.record(timer.id)?.phase.state == .alerting, "the ringing timer too")
        #expect(try daemon.record(kept.id) == nil, "and the cancel")
        #expect(server.notifies(summary: "Alarms cannot be saved").count == 1)
    }

    @Test(.needsRoot("to mount a read-only tmpfs as the state folder"))
    func aFirstStartOnAReadOnlyHomeServesAndASecondDaemonIsRefused() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        let state = daemon.root.appendingPathComponent("state").path
        guard Subprocess.runQuietly("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", state]) else {
            Issue.record("cannot mount a read-only tmpfs as the state folder")
            return
        }
        defer { _ = Subprocess.runQuietly("/bin/umount", ["-l", state]) }
        try daemon.start()  // no folder, no lock file, no database can be made: the runtime lock
        let record = makeRecord(title: "Nowhere to save", schedule: .fixed(Date().addingTimeInterval(3600)))
        let reply = try daemon.connect().send(.schedule, record: record)
        #expect(reply.ok == true && reply.isNotDurable, "\(reply)")
        #expect(try daemon.record(record.id) != nil)

        // A second daemon for the same user must not serve beside it.
        let second = try Subprocess.run(BuildProducts.path("alarmd"), [], environment: daemon.environment)
        #expect(second.termination.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("already serving"), "\(second.stderr)")
        #expect(try daemon.record(record.id) != nil, "the first one still serves")
    }
}

/// A client starts alarmd with its log in the state folder; on a read-only one that open
/// failed, so only a daemon started by systemd or by hand served a read-only folder.
@Suite(.timeLimit(.minutes(2)), .tags(.products), .serialized) struct ReadOnlyAutostartTests {
    @Test(.needsRoot("to make the state folder read-only with a bind mount"))
    func alarmctlStartsTheDaemonOnAReadOnlyStateFolder() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["OPENALARMKIT_NO_AUTOSTART": nil])
        let state = daemon.root.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        guard let mount = ReadOnlyMount(bindOf: state) else { return }
        defer { mount.remove() }
        let started = try daemon.alarmctl("timer", "1h", "--title", "Started on a read-only home")
        let lock = daemon.paths.runtimeDirectory + "/alarmd.lock"
        // The daemon alarmctl started, held by a pidfd while it runs (it is not our child).
        let running = (try? String(contentsOfFile: lock, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .flatMap { ProcessHandle($0) }
        defer { running?.signal(SIGKILL) }
        // Started and in effect, but not on disk: 75, not 0.
        #expect(started.status == 75, "\(started.err)")
        #expect(started.err.contains("not yet durable"), "\(started.err)")
        #expect(FileManager.default.fileExists(atPath: daemon.paths.runtimeDirectory + "/alarmd.log"), "the log went to the runtime folder")
    }
}

/// Found while staging a state folder that turns read-only mid-run: alarmd's log (its stderr;
/// `alarmd.log` in the state folder when a client started it) on a full or read-only disk
/// killed it at the next log line, because FileHandle.write traps on an error.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct UnwritableLogTests {
    @Test func aLogThatCannotBeWrittenDoesNotStopTheDaemon() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        daemon.wrapper = ["/bin/sh", "-c", "exec \"$0\" 2>/dev/full"]  // every write: ENOSPC
        try daemon.start()
        let timer = makeRecord(title: "Logged nowhere", preAlert: 1)
        try daemon.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        #expect(try daemon.connect().send(.stop, alarm: timer.id).ok == true)
        #expect(daemon.exitStatus == nil, "still running")
    }
}

/// A bind mount of a folder onto itself, remounted read-only; removed by `remove()`.
struct ReadOnlyMount {
    let path: String

    /// Nil (and a recorded issue saying why) when mounting fails; its tests are `.needsRoot`.
    init?(bindOf path: String) {
        self.path = path
        guard Subprocess.runQuietly("/bin/mount", ["--bind", path, path]) else {
            Issue.record("cannot bind-mount \(path) to make it read-only")
            return nil
        }
        guard Subprocess.runQuietly("/bin/mount", ["-o", "remount,bind,ro", path]) else {
            _ = Subprocess.runQuietly("/bin/umount", ["-l", path])
            Issue.record("cannot remount \(path) read-only")
            return nil
        }
    }

    func makeWritable() { _ = Subprocess.runQuietly("/bin/mount", ["-o", "remount,bind,rw", path]) }

    func remove() {
        while Subprocess.runQuietly("/bin/umount", ["-l", path]) {}
    }
}
