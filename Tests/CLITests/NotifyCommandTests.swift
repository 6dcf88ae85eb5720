import Foundation
import Testing
import TestSupport

/// `alarmctl notify` against the project's scriptable notification server.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct NotifyCommandTests {
    @Test func aLoopingSoundPlaysUntilAButtonIsPressedAndTheKeyIsPrinted() async throws {
        let server = try FakeNotificationServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("out.raw").path
        var environment = ChildEnvironment.base
        environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        environment["OPENALARMKIT_AUDIO_DEVICE"] = "file:FILE=\(audio),FORMAT=raw"
        let binary = try #require(AlarmctlRun.binary)
        let child = try Subprocess(
            binary.path, ["notify", "Kettle", "boiled", "-u", "critical", "-A", "stop=Stop", "-A", "snooze=Snooze", "--sound", "Chime", "--loop"],
            environment: environment, stdout: .pipe, stderr: .pipe)

        let popup = try #require(try await server.waitForNotifies(summary: "Kettle").first)
        #expect(popup.actions == ["stop", "Stop", "snooze", "Snooze"])
        #expect(popup.hints["urgency"] == "y:2")
        // Chime is 2 s of 48 kHz mono, 192,000 bytes as s16: looping, the recording grows past one pass.
        let onePass = 2 * 48000 * 2
        var size = 0
        for _ in 0..<400 {
            size = (try? FileManager.default.attributesOfItem(atPath: audio)[.size] as? Int) ?? 0
            if size > onePass { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(size > onePass, "the sound loops while the popup is up")

        try await server.send("invoke \(popup.id) snooze")
        // The sound loops until the command ends: its exit after the button (within the
        // deadline) is the sound stopping with the popup; nothing can write after it.
        let output = try await onOwnThread { String(decoding: child.readToEnd(within: 20), as: UTF8.self) }
        #expect(try await onOwnThread { child.wait(within: 20) } == .exited(0), "the looping sound ended with the popup")
        #expect(output == "snooze\n")
    }

    @Test func aWaitEndsWithTheSessionBusAsNotifySendsDoes() async throws {
        let server = try FakeNotificationServer()
        var environment = ChildEnvironment.base
        environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        let child = try Subprocess(try #require(AlarmctlRun.binary).path, ["notify", "-w", "Logout"], environment: environment)
        _ = try await server.waitForNotifies(summary: "Logout")
        try await Task.sleep(for: .milliseconds(200))
        server.stop()  // its bus goes with it, as at the end of a session
        for _ in 0..<250 where child.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!child.isRunning, "a waiting notify must not outlive the session")
        if child.isRunning { child.signal(SIGKILL) }
        #expect(child.wait() == .signalled(SIGTERM))
    }

    @Test func thePopupOutlivesTheCommand() async throws {
        let server = try FakeNotificationServer()
        var environment = ChildEnvironment.base
        environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        let run = try Subprocess.run(try #require(AlarmctlRun.binary).path, ["notify", "Stays", "after the command"], environment: environment)
        #expect(run.termination == .exited(0))
        // Not a pause: once the bus says alarmctl's connection is gone, all it sent has arrived.
        let calls = try await server.callsOnceTheirSendersLeft()
        #expect(calls.filter { $0.method == "Notify" && $0.summary == "Stays" }.count == 1)
        #expect(calls.contains { $0.method == "Disconnected" }, "alarmctl left the bus")
        #expect(!calls.contains { $0.method == "CloseNotification" }, "nothing withdraws it on the way out")
    }
}
