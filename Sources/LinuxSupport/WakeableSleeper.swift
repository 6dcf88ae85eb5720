import Glibc

/// Sleeps until an absolute CLOCK_MONOTONIC deadline, or until `wake()` is called from
/// another thread. The playback thread paces itself with it (absolute deadlines do not
/// drift), and `stop()` interrupts it at once instead of waiting out a period.
public final class WakeableSleeper: @unchecked Sendable {
    // @unchecked: the pthread objects are the synchronisation; `woken` is only touched
    // with the mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var woken = false

    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Returns false when woken early.
    @discardableResult
    public func sleep(untilNanoseconds deadline: UInt64) -> Bool {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !woken {
            if pthread_cond_timedwait(condition, mutex, &ts) == ETIMEDOUT { return true }
        }
        return false
    }

    public func sleep(forNanoseconds duration: UInt64) {
        sleep(untilNanoseconds: MonotonicClock.now() + duration)
    }

    /// Wakes the sleeper now and every later sleep returns at once.
    public func wake() {
        pthread_mutex_lock(mutex)
        woken = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// Nanoseconds on CLOCK_MONOTONIC.
public enum MonotonicClock {
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
