import CLinux
import Foundation

/// A process this test did not start and cannot reap (alarmd started by alarmctl or by its
/// supervisor), held by a pidfd from the moment its pid was learned while it answered: a
/// signal sent later reaches that process or nothing, never another that got the same pid after
/// it ended, and its end is an event to wait for rather than a guess after a sleep.
public final class ProcessHandle: @unchecked Sendable {
    public let pid: pid_t
    private let fd: Int32

    /// Nil when the process has already gone (or the kernel has no pidfd).
    public init?(_ pid: pid_t) {
        let fd = oak_pidfd_open(pid)
        guard pid > 0, fd >= 0 else { return nil }
        self.pid = pid
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends `signal` to this process; false if it has ended.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool { oak_pidfd_send_signal(fd, signal) == 0 }

    /// Whether it has ended (a zombie waiting for its parent counts as ended).
    public var hasEnded: Bool { waitForEnd(within: 0) }

    /// Waits up to `seconds` for it to end; true if it did.
    @discardableResult
    public func waitForEnd(within seconds: Double) -> Bool {
        let deadline = Deadline(seconds)
        while true {
            var polled = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 1, deadline.milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Waits without blocking the caller's cooperative thread.
    public func ended(within seconds: Double) async -> Bool {
        let deadline = Deadline(seconds)
        while !deadline.passed {
            if hasEnded { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return hasEnded
    }
}
