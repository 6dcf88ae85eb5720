import CLinux
import Glibc

/// How a helper command ended (`boundedToolOutput`).
public enum BoundedToolResult: Equatable, Sendable {
    /// It exited with status 0; what it printed (at most `maxOutputBytes`).
    case output(String)
    /// It exited with another status, or was killed by a signal.
    case failed
    /// It did not finish within the time given: it and what it started were killed.
    case timedOut
    /// It could not be started (no pipe, no process).
    case notStarted
}

/// Runs `tool` as `toolOutput` does, but bounded: its standard output read for at most
/// `seconds`, then the child's process group is killed (a password command waiting for a
/// keyring that never unlocks). The child also dies with the calling thread
/// (PR_SET_PDEATHSIG), so it never outlives the daemon that asked.
public func boundedToolOutput(_ tool: String, _ arguments: [String], seconds: Double, maxOutputBytes: Int = 64 << 10) -> BoundedToolResult {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return .notStarted }
    _ = oak_set_cloexec(pipeEnds[0])
    _ = oak_set_cloexec(pipeEnds[1])
    let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let pid = oak_spawn_tied(tool, argv, environ, devNull, pipeEnds[1], devNull)
    close(pipeEnds[1])
    if devNull >= 0 { close(devNull) }
    guard pid > 0 else {
        close(pipeEnds[0])
        return .notStarted
    }
    let deadline = MonotonicClock.now() + UInt64(max(0, seconds) * 1e9)
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    while true {
        let now = MonotonicClock.now()
        guard now < deadline else { timedOut = true; break }
        var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: (deadline - now) / 1_000_000 + 1))
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0 else { continue }  // the deadline is checked at the top
        let count = read(pipeEnds[0], &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        if output.count < maxOutputBytes { output += chunk[..<min(count, maxOutputBytes - output.count)] }
    }
    close(pipeEnds[0])
    // Its group: a shell script's children too. Also when it closed its output but lingers.
    if timedOut { kill(-pid, SIGKILL) }
    var raw: Int32 = 0
    while true {
        let reaped = waitpid(pid, &raw, timedOut ? 0 : WNOHANG)
        if reaped < 0 && errno == EINTR { continue }
        if reaped == 0 {
            // Output closed but not yet exited: give it the time that is left, then kill it.
            if MonotonicClock.now() >= deadline {
                timedOut = true
                kill(-pid, SIGKILL)
            } else {
                usleep(5_000)
            }
            continue
        }
        break
    }
    if timedOut { return .timedOut }
    // WIFEXITED && WEXITSTATUS == 0
    return raw & 0x7F == 0 && (raw >> 8) & 0xFF == 0 ? .output(String(decoding: output, as: UTF8.self)) : .failed
}
