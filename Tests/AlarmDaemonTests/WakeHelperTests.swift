import Foundation
import Glibc
import Testing

@testable import AlarmDaemon

/// The confined alarmd.service holds no capability, and the kernel asks for CAP_WAKE_ALARM
/// each time a CLOCK_REALTIME_ALARM timer is armed: the launcher's `--wake-helper` keeps the
/// timer outside the sandbox, and the daemon sends it each wake instant over the socket systemd
/// passes as `wake-alarm`. Here the test is the helper; scripts/check-vm proves the whole under
/// the real user manager (the machine wakes from suspend).
@Suite(.timeLimit(.minutes(2))) struct WakeHelperTests {
    @Test func systemdsDescriptorsAreFoundByName() {
        let environment = ["LISTEN_PID": "\(getpid())", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "alarmd.socket:wake-alarm"]
        let passed = PassedDescriptors(environment: environment)
        #expect(passed.socket == 3)
        #expect(passed.wakeHelper == 4)
        // In either order; and only for the process they were passed to.
        let swapped = PassedDescriptors(environment: environment.merging(["LISTEN_FDNAMES": "wake-alarm:alarmd.socket"]) { $1 })
        #expect(swapped.socket == 4 && swapped.wakeHelper == 3)
        #expect(PassedDescriptors(environment: environment.merging(["LISTEN_PID": "1"]) { $1 }).all.isEmpty)
        let unnamed = PassedDescriptors(environment: ["LISTEN_PID": "\(getpid())", "LISTEN_FDS": "1"])
        #expect(unnamed.socket == 3 && unnamed.wakeHelper == nil)
    }

    @Test func eachWakeInstantGoesToTheHelperAndAGoneHelperIsReported() throws {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let wake = WakeTimer(wakeEarly: 60, helper: ends[1])
        #expect(wake.status.able && wake.fd == -1, "the helper's timer, not one of its own")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        wake.arm(forDeadline: now.addingTimeInterval(600.25), now: now)
        #expect(receive(ends[0]) == [1_800_000_540, 250_000_000], "wake_early (60 s) before the deadline")
        wake.arm(forDeadline: nil, now: now)
        #expect(receive(ends[0]) == [0, 0], "disarmed")
        close(ends[0])
        ends[0] = -1
        wake.arm(forDeadline: now.addingTimeInterval(600), now: now)
        #expect(!wake.status.able, "a helper that is gone cannot wake the machine")
    }

    @Test func aPassedDescriptorThatIsNoSocketIsNotTakenForTheHelper() {
        let file = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let wake = WakeTimer(wakeEarly: 60, helper: file)
        #expect(fcntl(file, F_GETFD) == -1 || wake.fd == file, "closed (or its number reused by alarmd's own timer)")
        // Then as without a helper: its own timer with the capability, else why not.
        #expect(wake.status.able == (wake.fd >= 0))
    }

    /// One message from the daemon: seconds and nanoseconds, as two Int64.
    private func receive(_ socket: Int32) -> [Int64] {
        var message: (Int64, Int64) = (-1, -1)
        let count = withUnsafeMutableBytes(of: &message) { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count == 16 ? [message.0, message.1] : []
    }
}
