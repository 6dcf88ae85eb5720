#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection that any thread may use, one at a time: the store's only way to its file.
/// The daemon calls it from one thread, but tests and tools share a store between threads.
final class SerialDatabase: @unchecked Sendable {
    // @unchecked: `connection` is touched only inside `access`, under `mutex`.
    private let connection: SQLiteConnection
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ connection: SQLiteConnection) {
        self.connection = connection
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Error-checking: a nested call (a store method from inside `write`'s closure) would
        // otherwise deadlock in silence; it is a programming error, so it stops loudly.
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func access<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "AlarmStore called from inside one of its own closures (not reentrant)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(connection)
    }
}
