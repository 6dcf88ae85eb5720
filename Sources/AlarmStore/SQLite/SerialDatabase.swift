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
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func access<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(connection)
    }
}
