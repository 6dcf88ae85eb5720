import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// alarmd keeps every alarm in memory, so what SQLite's page cache holds after a load or a
/// burst of writes is a second copy nobody reads: the store gives it back at the end of
/// `load()`, and on `releaseMemory()` (which alarmd calls once a burst of requests settles).
@Suite(.timeLimit(.minutes(2))) struct PageCacheTests {
    @Test func writesFillThePageCacheAndReleaseEmptiesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        try store.write { batch in
            for index in 0..<2000 { try batch.save(sampleRecord(title: "Alarm \(index)")) }
        }
        #expect(store.pageCacheBytes > 512 * 1024, "the writes went through the cache: \(store.pageCacheBytes) bytes")
        store.releaseMemory()
        #expect(store.pageCacheBytes < 64 * 1024, "\(store.pageCacheBytes) bytes")
        // Still a working store: the next write reads back what it needs.
        try store.save(sampleRecord(title: "One more"))
        #expect(try store.count(appID: "org.example.clock") == 2001)
    }

    @Test func aLoadLeavesThePageCacheEmpty() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AlarmStore(at: folder.database).write { batch in
            for index in 0..<2000 { try batch.save(sampleRecord(title: "Alarm \(index)")) }
        }
        let store = try AlarmStore(at: folder.database)
        #expect(try store.load().records.count == 2000)
        #expect(store.pageCacheBytes < 64 * 1024, "\(store.pageCacheBytes) bytes")
    }
}
