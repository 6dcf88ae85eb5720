import Foundation

/// Runs blocking work (reading a pipe to its end, waiting for a process) on a thread of its
/// own, so the calling test's cooperative thread stays free. There are only as many of those
/// as cores (two on CI), and one held by a blocking call starves every other suite's timing.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
