import CLinux
import Foundation

/// A single-threaded epoll loop: every handler runs on the loop's thread, so the state those
/// handlers touch has exactly one owner. Other threads hand work over with `post`.
final class EventLoop: @unchecked Sendable {
    private let epoll: Int32
    private let wakeFD: Int32
    // Loop thread only.
    private var handlers: [Int32: (UInt32) -> Void] = [:]
    private var running = false
    private var afterTurn: [() -> Void] = []
    // Any thread, under `lock`.
    private let lock = NSLock()
    private var posted: [@Sendable () -> Void] = []

    init() throws(DaemonError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard epoll >= 0, wakeFD >= 0 else { throw .system("cannot create the event loop", errno) }
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_ADD, wakeFD, EPOLLIN.rawValue)
    }

    deinit {
        close(wakeFD)
        close(epoll)
    }

    /// Calls `handler` with the epoll event bits whenever `fd` is ready. Loop thread only.
    func watch(_ fd: Int32, events: UInt32 = EPOLLIN.rawValue, handler: @escaping (UInt32) -> Void) {
        handlers[fd] = handler
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_ADD, fd, events)
    }

    func modify(_ fd: Int32, events: UInt32) {
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_MOD, fd, events)
    }

    func unwatch(_ fd: Int32) {
        handlers[fd] = nil
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_DEL, fd, 0)
    }

    /// Runs `work` on the loop thread soon. Safe from any thread.
    func post(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        posted.append(work)
        lock.unlock()
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Runs `work` once the current turn's handlers are done. Loop thread only.
    func afterThisTurn(_ work: @escaping () -> Void) { afterTurn.append(work) }

    /// Runs until `stop()`; sleeps in epoll_wait with no timeout, so an idle loop never wakes.
    func run() {
        running = true
        var fds = [Int32](repeating: 0, count: 64)
        var events = [UInt32](repeating: 0, count: 64)
        while running {
            let n = oak_epoll_wait(epoll, &fds, &events, 64, -1)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in 0..<Int(n) {
                if fds[i] == wakeFD {
                    var count: UInt64 = 0
                    _ = read(wakeFD, &count, 8)
                    runPosted()
                } else if let handler = handlers[fds[i]] {
                    handler(events[i])
                }
            }
            while !afterTurn.isEmpty {
                let work = afterTurn
                afterTurn.removeAll()
                for item in work { item() }
            }
        }
    }

    /// Ends `run()` after the current handler. Loop thread only (use `post` from elsewhere).
    func stop() { running = false }

    private func runPosted() {
        lock.lock()
        let work = posted
        posted.removeAll()
        lock.unlock()
        for item in work { item() }
    }
}

/// A failure of the daemon's own machinery: what failed, and errno's word for why.
public enum DaemonError: Error, CustomStringConvertible {
    case system(String, Int32)
    case configuration(String)
    /// Another alarmd holds this user's instance lock (its pid, when it could be read).
    case alreadyRunning(pid: Int32?)

    public var description: String {
        switch self {
        case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
        case .configuration(let why): why
        case .alreadyRunning(let pid): "another alarmd\(pid.map { " (pid \($0))" } ?? "") is already serving this user"
        }
    }
}
