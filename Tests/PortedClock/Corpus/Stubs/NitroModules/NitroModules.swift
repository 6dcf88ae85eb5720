// Written for the porting corpus, not an app's code: the part of Margelo's NitroModules that
// a React Native hybrid object uses (`HybridObject`, `Promise`), so that the corpus's Nitro
// module (Apps/NitroAlarms) compiles on Linux as written for iOS. A promise here only holds
// its work: nothing runs it. It imports nothing.

public protocol HybridObject: AnyObject {
    var memorySize: Int { get }
}

public final class Promise<T> {
    private let work: () async throws -> T

    private init(_ work: @escaping () async throws -> T) { self.work = work }

    /// Nitro runs `run` in a new Task.
    public static func async(_ run: @escaping () async throws -> T) -> Promise<T> { Promise(run) }

    /// Nitro runs `run` on a background queue.
    public static func parallel(_ run: @escaping () throws -> T) -> Promise<T> { Promise(run) }

    public static func resolved(withResult result: T) -> Promise<T> { Promise { result } }
}
