import LinuxSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One thread that runs work in turn, now or after a delay: the window's requests to alarmd
/// and its connection attempts. The window's requests share one connection, whose lock made
/// the thread a request used to start wait for the one before anyway; a fixed thread does the
/// same without creating a thread per click. Idle, it waits on a condition variable with no
/// timeout, so it wakes only when work comes or a delayed item falls due.
package final class SerialWorker: @unchecked Sendable {
    // @unchecked: the pthread mutex guards `items`, `sequence` and `started`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let name: String
    private var items: [Item] = []
    private var sequence = 0
    private var started = false

    private struct Item {
        var due: UInt64
        var sequence: Int
        var work: @Sendable () -> Void
    }

    /// `name`: the thread's name in top and gdb (at most 15 bytes are kept).
    package init(name: String) {
        self.name = name
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// The thread runs for the rest of the process; a worker is made once per app.
    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `work` after what is already due, in the order given.
    package func run(_ work: @escaping @Sendable () -> Void) { enqueue(due: 0, work) }

    /// Runs `work` once `seconds` have passed (monotonic time), without holding up what is
    /// queued meanwhile.
    package func run(after seconds: Double, _ work: @escaping @Sendable () -> Void) {
        enqueue(due: Self.now() + UInt64(max(seconds, 0) * 1e9), work)
    }

    private func enqueue(due: UInt64, _ work: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        sequence += 1
        items.append(Item(due: due, sequence: sequence, work: work))
        let start = !started
        started = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        if start { DetachedThread.start(name: name) { [self] in loop() } }
    }

    private func loop() {
        pthread_mutex_lock(mutex)
        while true {
            guard let next = items.indices.min(by: { (items[$0].due, items[$0].sequence) < (items[$1].due, items[$1].sequence) }) else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let due = items[next].due
            if due > Self.now() {
                var deadline = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &deadline)
                continue
            }
            let work = items.remove(at: next).work
            pthread_mutex_unlock(mutex)
            work()
            pthread_mutex_lock(mutex)
        }
    }

    private static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
