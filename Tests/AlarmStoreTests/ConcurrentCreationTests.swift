import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// Two openers of one fresh file at the same moment (a tool opening the database while
/// alarmd creates it): both must end with a working store, and neither may take the other's
/// half-made schema for damage.
@Suite(.timeLimit(.minutes(2))) struct ConcurrentCreationTests {
    @Test func twoOpenersOfAFreshFileBothSucceedAndNothingIsSetAside() throws {
        for round in 1...40 {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let outcomes = OpenOutcomes()
            let threads = (0..<2).map { _ in
                Thread {
                    do { outcomes.add(try AlarmStore(at: folder.database)) } catch { outcomes.add(error) }
                }
            }
            threads.forEach { $0.start() }
            while outcomes.count < 2 { usleep(1000) }
            #expect(outcomes.errors.isEmpty, "round \(round): \(outcomes.errors)")
            for store in outcomes.stores {
                try store.save(sampleRecord())
                try store.close()
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.database.deletingLastPathComponent().path)
            #expect(!leftovers.contains { $0.contains("corrupt") }, "round \(round): \(leftovers)")
            if !outcomes.errors.isEmpty { break }
        }
    }
}

private final class OpenOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<AlarmStore, any Error>] = []

    func add(_ store: AlarmStore) { lock.withLock { results.append(.success(store)) } }
    func add(_ error: any Error) { lock.withLock { results.append(.failure(error)) } }
    var count: Int { lock.withLock { results.count } }
    var stores: [AlarmStore] { lock.withLock { results.compactMap { try? $0.get() } } }
    var errors: [String] {
        lock.withLock {
            results.compactMap {
                if case .failure(let error) = $0 { return "\(error)" }
                return nil
            }
        }
    }
}
