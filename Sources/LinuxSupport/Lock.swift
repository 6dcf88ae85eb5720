import Glibc

/// A non-recursive mutex with NSLock's `lock()`/`unlock()`/`withLock` shape, for the places
/// that hold a lock across statements (Synchronization's `Mutex` only offers `withLock`).
public final class Lock: @unchecked Sendable {  // the pthread mutex is the synchronisation
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
