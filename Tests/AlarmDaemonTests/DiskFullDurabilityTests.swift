import Foundation
import OpenAlarmKit
import Testing
import TestSupport

/// A full disk: `alarmctl add` exits 0 only when the change is on disk; otherwise 75 and a
/// message saying what to do; and nothing acknowledged with 0 is lost by a restart on the
/// still-full disk.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct DiskFullDurabilityTests {
    /// Fills the file system holding `folder` to its last byte with one file.
    static func fill(_ folder: String) {
        let fd = open(folder + "/filler", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let block = [UInt8](repeating: 0, count: 65536)
        while write(fd, block, block.count) > 0 {}
        while write(fd, block, 1) > 0 {}
        close(fd)
    }

    @Test(.needsRoot("to mount a small tmpfs as the state folder"))
    func onAFullDiskOnlyDurableChangesExitZeroAndNoneOfThemIsLostOnARestart() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        let state = daemon.root.appendingPathComponent("state").path
        guard Subprocess.runQuietly("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", state]) else {
            Issue.record("cannot mount a small tmpfs as the state folder")
            return
        }
        defer { _ = Subprocess.runQuietly("/bin/umount", ["-l", state]) }
        try daemon.start()

        var acknowledged: Set<String> = []  // titles of the alarms alarmctl said were saved
        var notSaved = 0
        func add(_ title: String) throws {
            let run = try daemon.alarmctl("add", "tomorrow", "7am", "--title", title)
            #expect(run.status == 0 || run.status == 75, "exit \(run.status): \(run.err)")
            if run.status == 0 { acknowledged.insert(title) }
            if run.status == 75 {
                notSaved += 1
                #expect(run.err.contains("not yet durable") && run.err.contains("free disk space"), "\(run.err)")
            }
        }
        for n in 0..<10 { try add("room \(n)") }
        #expect(acknowledged.count == 10, "with room, every change is saved")
        Self.fill(state)
        for n in 0..<60 { try add("full \(n)") }
        #expect(notSaved > 0, "the disk was full: some changes could not be saved")
        let status = try daemon.alarmctl("status")
        #expect(status.out.contains("storage:"), "\(status.out)")

        // Restarts on the disk still full, clean and not: every alarm acknowledged with 0 is there.
        for restart in ["SIGTERM", "kill -9"] {
            if restart == "SIGTERM" { daemon.stop() } else { daemon.kill9() }
            try daemon.start()
            let listed = Set(try daemon.list().map(\.presentation.alert.title.text))
            let lost = acknowledged.subtracting(listed)
            #expect(lost.isEmpty, "after \(restart): \(lost.count) of \(acknowledged.count) alarms acknowledged with 0 were lost: \(lost.sorted())")
        }
    }
}
