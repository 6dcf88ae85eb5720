import Foundation
import OpenAlarmKit
import Testing
import TestSupport

/// State files made immutable (`chattr +i`, ext4) while alarmd runs: a `-shm` file that SQLite
/// maps into memory would turn that into a SIGBUS, so alarmd holds its database exclusively
/// with no `-shm` (the log's index in heap memory): a file-system fault is an error it
/// reports, and it keeps ringing.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ImmutableStateTests {
    @Test(.needsRoot("to loop-mount an ext4 image as the state folder"))
    func immutableStateFilesAreReportedAndTheAlarmStillRings() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        let state = daemon.root.appendingPathComponent("state").path
        let image = daemon.root.appendingPathComponent("state.ext4").path
        guard Subprocess.runQuietly("/usr/bin/truncate", ["-s", "32M", image]),
            Subprocess.runQuietly("/sbin/mkfs.ext4", ["-q", "-F", image]),
            Subprocess.runQuietly("/bin/mount", ["-o", "loop", image, state])
        else {
            Issue.record("cannot mount an ext4 image as the state folder: mkfs.ext4 and a loop device are needed")
            return
        }
        let folder = daemon.paths.stateDirectory
        func chattr(_ flag: String) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in files { _ = Subprocess.runQuietly("/usr/bin/chattr", [flag, folder + "/" + file]) }
        }
        defer {
            chattr("-i")
            _ = Subprocess.runQuietly("/bin/umount", ["-l", state])
        }
        try daemon.start()
        let saved = makeRecord(title: "Saved before", schedule: .fixed(Date().addingTimeInterval(3600)))
        #expect(try daemon.connect().send(.schedule, record: saved).isNotDurable == false)
        let timer = makeRecord(title: "Rings anyway", preAlert: 2)
        try daemon.connect().send(.schedule, record: timer)

        chattr("+i")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.contains("alarms.sqlite"), "\(files)")
        let later = makeRecord(title: "Made while immutable", schedule: .fixed(Date().addingTimeInterval(7200)))
        let reply = try daemon.connect().send(.schedule, record: later)
        #expect(reply.ok == true && reply.isNotDurable, "\(String(describing: reply.unsaved))")
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        await eventually("its sound") { daemon.audioBytes > 0 }
        #expect(daemon.exitStatus == nil, "alarmd is alive (exit: \(String(describing: daemon.exitStatus)))")
        let problem = try daemon.connect().send(.status).status?.unsaved
        #expect(problem != nil, "status reports the store error")
        #expect(daemon.logText.contains("could not save alarms"), "\(daemon.logText)")

        // Writable again: the retry saves what waited, so it survives a kill -9.
        chattr("-i")
        try await eventually("the pending changes to be saved", within: 40) {
            try daemon.connect().send(.status).status?.storageProblem == nil
        }
        daemon.kill9()
        try daemon.start()
        let ids = Set(try daemon.list().map(\.id))
        #expect(ids.contains(saved.id) && ids.contains(later.id), "both alarms survive")
    }
}
