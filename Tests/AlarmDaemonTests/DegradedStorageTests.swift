import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// A write that cannot happen now (a locked database, a full disk) blocks nothing: the change
/// takes effect in memory (a Stop silences), the reply says it is not yet durable, and it is
/// saved once the disk allows.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct DegradedStorageTests {
    /// alarmd holds its database exclusively: another process (a backup tool, sqlite3) cannot
    /// take the write lock from under it, so that kind of delay cannot happen.
    @Test func anotherProcessCannotLockTheDatabaseAndChangesStayDurable() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let sqlite = try Subprocess.run("/usr/bin/sqlite3", [daemon.paths.database, "BEGIN IMMEDIATE;"], environment: nil)
        #expect(sqlite.stderr.contains("locked"), "sqlite3 is refused: \(sqlite.stderr)")

        let record = makeRecord(title: "Never behind a lock", schedule: .fixed(Date().addingTimeInterval(3600)))
        let started = Date()
        let reply = try daemon.connect().send(.schedule, record: record)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(reply.ok == true && !reply.isNotDurable, "\(reply.warning ?? "")")
        daemon.kill9()
        try daemon.start()
        #expect(try daemon.record(record.id) != nil, "saved at once, so it survives a kill -9")
    }

    @Test(.needsRoot("to mount a small tmpfs as the state folder"))
    func onAFullDiskStopStillSilencesTheAlarmAndSaysItIsNotYetDurable() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        let state = daemon.root.appendingPathComponent("state").path
        guard Subprocess.runQuietly("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", state]) else {
            Issue.record("cannot mount a small tmpfs as the state folder")
            return
        }
        defer { _ = Subprocess.runQuietly("/bin/umount", ["-l", state]) }
        try daemon.start()
        let timer = makeRecord(title: "Full disk", preAlert: 1)
        try daemon.connect().send(.schedule, record: timer)
        // Fill the disk to the last byte.
        let filler = state + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0, count: 4096)
        while write(fd, block, block.count) > 0 {}
        while write(fd, block, 1) > 0 {}
        close(fd)
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("sound") { daemon.audioBytes > 0 }

        let reply = try daemon.connect().send(.stop, alarm: timer.id)
        #expect(reply.ok == true)
        #expect(reply.unsaved?.kind == .cannotWrite, "\(String(describing: reply.unsaved))")
        try await Task.sleep(for: .milliseconds(300))
        let silent = daemon.audioBytes
        try await Task.sleep(for: .milliseconds(700))
        #expect(daemon.audioBytes == silent, "the sound stopped at once")
        #expect(try daemon.record(timer.id) == nil)
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.unsaved == reply.unsaved && status.storageProblem != nil)

        // Space again: the retry saves the stop, so a restart does not ring it again.
        unlink(filler)
        try await eventually("the change to be saved", within: 10) {
            try daemon.connect().send(.status).status?.storageProblem == nil
        }
        daemon.kill9()
        try daemon.start()
        #expect(try daemon.record(timer.id) == nil)
    }
}

extension Subprocess {
    /// Runs a command to its end, output discarded; true when it exited 0.
    static func runQuietly(_ executable: String, _ arguments: [String]) -> Bool {
        guard let process = try? Subprocess(executable, arguments, stdout: .null, stderr: .null) else { return false }
        return process.wait() == .exited(0)
    }
}

/// A garbage `-wal`, which SQLite would drop without a word, is set aside and reported.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct DamagedWALTests {
    @Test func aGarbageWALIsSetAsideAndReported() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let kept = makeRecord(title: "Kept", schedule: .fixed(Date().addingTimeInterval(3600)))
        try daemon.connect().send(.schedule, record: kept)
        daemon.stop()  // a clean stop checkpoints: `kept` is in the main file
        let wal = daemon.paths.database + "-wal"
        var random = TestRandom()
        try random.bytes(8192).write(to: URL(fileURLWithPath: wal))

        try daemon.start()
        #expect(daemon.logText.contains("write-ahead log was damaged"), "\(daemon.logText)")
        let folder = try FileManager.default.contentsOfDirectory(atPath: daemon.paths.stateDirectory)
        #expect(folder.contains { $0.hasPrefix("alarms.sqlite-wal.damaged-") }, "\(folder)")
        #expect(try daemon.record(kept.id) != nil, "the database itself is still used")
    }
}
