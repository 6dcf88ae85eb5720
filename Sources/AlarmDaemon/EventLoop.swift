import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport

/// A single-threaded epoll loop: every handler runs on the loop's thread, so the state those
/// handlers touch has exactly one owner. Other threads hand work over with `post`.
final class EventLoop: @unchecked Sendable {
    private let epoll: Int32
    private let wakeFD: Int32
    // Loop thread only.
    private var handlers: [Int32: (UInt32) -> Void] = [:]
    /// Served before every other ready descriptor of the same turn: the alarm timer and the
    /// hand-over from other threads (button presses), so a busy socket cannot delay a ring.
    private var urgent: Set<Int32> = []
    private var running = false
    private var afterTurn: [() -> Void] = []
    /// Work left over from a turn (a client's bounded slice ran out): the next turn does not
    /// sleep, but still serves whatever became ready first.
    private var backlog: [() -> Void] = []
    /// One-shot work at a monotonic instant (accept back-off, persistence retries). An idle
    /// daemon has none, so it still never wakes.
    private var delayed: [(at: UInt64, work: () -> Void)] = []
    // Any thread, under `lock`.
    private let lock = Lock()
    private var posted: [@Sendable () -> Void] = []

    init() throws(DaemonError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard epoll >= 0, wakeFD >= 0 else { throw .system("cannot create the event loop", errno) }
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_ADD, wakeFD, EPOLLIN.rawValue)
        urgent.insert(wakeFD)
    }

    deinit {
        close(wakeFD)
        close(epoll)
    }

    /// Calls `handler` with the epoll event bits whenever `fd` is ready. Loop thread only.
    /// `urgent` descriptors are served first in every turn.
    func watch(_ fd: Int32, events: UInt32 = EPOLLIN.rawValue, urgent isUrgent: Bool = false, handler: @escaping (UInt32) -> Void) {
        handlers[fd] = handler
        if isUrgent { urgent.insert(fd) }
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_ADD, fd, events)
    }

    func modify(_ fd: Int32, events: UInt32) {
        _ = oak_epoll_ctl(epoll, EPOLL_CTL_MOD, fd, events)
    }

    func unwatch(_ fd: Int32) {
        handlers[fd] = nil
        urgent.remove(fd)
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

    /// Runs `work` in the next turn, after that turn's ready descriptors. Loop thread only.
    func nextTurn(_ work: @escaping () -> Void) { backlog.append(work) }

    /// Runs `work` once, `seconds` from now (monotonic). Loop thread only.
    func after(_ seconds: Double, _ work: @escaping () -> Void) {
        delayed.append((Self.monotonicNanos() &+ UInt64(clampingFinite: seconds * 1e9), work))
    }

    /// Runs until `stop()`; sleeps in epoll_wait with no timeout when nothing is pending, so
    /// an idle loop never wakes.
    func run() {
        running = true
        var fds = [Int32](repeating: 0, count: 64)
        var events = [UInt32](repeating: 0, count: 64)
        while running {
            let n = oak_epoll_wait(epoll, &fds, &events, 64, sleepMilliseconds())
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            let ready = Int(n)
            // Urgent ones first (the ring path), then the rest in the kernel's order.
            for i in 0..<ready where urgent.contains(fds[i]) { serve(fds[i], events[i]) }
            for i in 0..<ready where !urgent.contains(fds[i]) { serve(fds[i], events[i]) }
            if !backlog.isEmpty {
                let work = backlog
                backlog.removeAll()
                for item in work { item() }
            }
            runDelayed()
            while !afterTurn.isEmpty {
                let work = afterTurn
                afterTurn.removeAll()
                for item in work { item() }
            }
        }
    }

    private func serve(_ fd: Int32, _ bits: UInt32) {
        if fd == wakeFD {
            var count: UInt64 = 0
            _ = read(wakeFD, &count, 8)
            runPosted()
        } else if let handler = handlers[fd] {
            handler(bits)
        }
    }

    private func sleepMilliseconds() -> Int32 {
        if !backlog.isEmpty || !afterTurn.isEmpty { return 0 }  // work queued before the loop ran
        guard let soonest = delayed.map(\.at).min() else { return -1 }
        let now = Self.monotonicNanos()
        guard soonest > now else { return 0 }
        return Int32(min((soonest - now + 999_999) / 1_000_000, 60_000))
    }

    private func runDelayed() {
        guard !delayed.isEmpty else { return }
        let now = Self.monotonicNanos()
        let due = delayed.filter { $0.at <= now }
        guard !due.isEmpty else { return }
        delayed.removeAll { $0.at <= now }
        for item in due { item.work() }
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

    static func monotonicNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

extension UInt64 {
    /// Like `Int(clampingFinite:)`: never traps, NaN and negatives are 0.
    init(clampingFinite value: Double) {
        if value.isNaN || value <= 0 {
            self = 0
        } else if value >= 1.8e19 {
            self = .max
        } else {
            self = UInt64(value)
        }
    }
}

/// A failure of the daemon's own machinery: what failed, and errno's word for why.
public enum DaemonError: Error, Sendable, CustomStringConvertible {
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
