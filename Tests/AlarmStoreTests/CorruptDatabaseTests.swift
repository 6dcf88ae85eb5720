import Foundation
import AlarmWire
import Testing
import TestSupport

@testable import AlarmStore

@Suite(.timeLimit(.minutes(2))) struct CorruptDatabaseTests {
    /// 4 KiB of bytes that are not SQLite, from the test's printed seed (`TestRandom`:
    /// OPENALARMKIT_TEST_SEED makes the same garbage again).
    private func randomBytes(_ count: Int = 4096, _ random: inout TestRandom) -> Data { random.bytes(count) }

    /// Asserts that the fresh store at `url` is empty and works.
    private func expectFreshStoreWorks(_ store: AlarmStore) throws {
        #expect(try store.load() == LoadedAlarms(records: [], undecodable: []))
        let record = sampleRecord()
        try store.save(record)
        #expect(try store.all() == [record])
    }

    @Test func randomBytesAreMovedAsideWithTheirWALAndSHM() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.database.path
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        var random = TestRandom()
        let contents = ["": randomBytes(4096, &random), "-wal": randomBytes(4096, &random), "-shm": randomBytes(32768, &random)]
        for (suffix, data) in contents { try data.write(to: URL(fileURLWithPath: path + suffix)) }

        let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
        let (store, recovered) = try AlarmStore.open(at: folder.database, now: moment)
        let corrupt = try #require(recovered)
        guard case .notADatabase = corrupt.reason else {
            Issue.record("reason: \(corrupt.reason)")
            return
        }
        #expect(corrupt.originalPath == path)
        #expect(corrupt.movedTo == path + ".corrupt-20261118T110640Z")
        #expect(corrupt.movedFiles == ["", "-wal", "-shm"].map { corrupt.movedTo + $0 })
        for (suffix, data) in contents {
            #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt.movedTo + suffix)) == data, "\(suffix)")
        }
        #expect("\(corrupt)".contains(path) && "\(corrupt)".contains(corrupt.movedTo))
        try expectFreshStoreWorks(store)
    }

    @Test func aTruncatedDatabaseIsMovedAside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let store = try AlarmStore(at: folder.database)
            try store.write { batch in for _ in 0..<500 { try batch.save(sampleRecord()) } }
            try store.close()  // checkpoints: every row is now in the main file
        }
        let handle = try FileHandle(forWritingTo: folder.database)
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()

        let (store, recovered) = try AlarmStore.open(at: folder.database)
        let corrupt = try #require(recovered)
        switch corrupt.reason {
        case .malformed, .failedQuickCheck: break
        default: Issue.record("reason: \(corrupt.reason)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt.movedTo)).count == Int(size / 2))
        try expectFreshStoreWorks(store)
    }

    @Test func foreignTablesOfTheSameNameAreMovedAsideUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let other = try SQLiteConnection(folder.database.path)
            try other.execute("CREATE TABLE alarm (what, ever); INSERT INTO alarm VALUES ('keep', 'me')")
            try other.close()
        }

        let (store, recovered) = try AlarmStore.open(at: folder.database)
        let corrupt = try #require(recovered)
        guard case .incompatibleSchema(let message) = corrupt.reason else {
            Issue.record("reason: \(corrupt.reason)")
            return
        }
        #expect(message.contains("already exists"), "\(message)")
        // The failed migration was rolled back: the moved file holds exactly what it held.
        let moved = try SQLiteConnection(corrupt.movedTo)
        #expect(try moved.columns(in: "alarm") == ["what", "ever"])
        #expect(try moved.texts("SELECT what || ever FROM alarm") == ["keepme"])
        #expect(try moved.tableExists("missedAlarm") == false)
        #expect(try moved.tableExists(Migrator.table) == false)
        try moved.close()
        try expectFreshStoreWorks(store)
    }

    @Test func aMigratedLookingFileWithoutOurColumnsIsMovedAside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            let store = try AlarmStore(at: folder.database)
            try store.database.access { db in
                try db.execute("DROP TABLE alarm; CREATE TABLE alarm (id TEXT PRIMARY KEY, blob BLOB)")
            }
            try store.close()
        }
        let (store, recovered) = try AlarmStore.open(at: folder.database)
        let corrupt = try #require(recovered)
        #expect(corrupt.reason == .incompatibleSchema("table alarm lacks appID, calendarUID, record"))
        try expectFreshStoreWorks(store)
    }

    @Test func theStrictInitializerThrowsAndTouchesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        var random = TestRandom()
        let garbage = randomBytes(4096, &random)
        try garbage.write(to: folder.database)
        #expect {
            try AlarmStore(at: folder.database)
        } throws: { error in
            guard case AlarmStoreError.corrupt(let path, .notADatabase) = error else { return false }
            return path == folder.database.path
        }
        #expect(try Data(contentsOf: folder.database) == garbage)
        #expect(try folder.filesBesideDatabase() == ["alarms.sqlite"])
    }

    @Test func twoRecoveriesInOneSecondKeepBothCopies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        var random = TestRandom()
        let first = randomBytes(4096, &random), second = randomBytes(4096, &random)
        try first.write(to: folder.database)
        let one = try #require(try AlarmStore.open(at: folder.database, now: moment).recovered)
        try FileManager.default.removeItem(at: folder.database)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder.database.path + suffix) }
        try second.write(to: folder.database)
        let two = try #require(try AlarmStore.open(at: folder.database, now: moment).recovered)

        #expect(two.movedTo == one.movedTo + "-2")
        #expect(try Data(contentsOf: URL(fileURLWithPath: one.movedTo)) == first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: two.movedTo)) == second)
    }

    @Test func aFailureThatIsNotCorruptionMovesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A folder where the database file should be: SQLite cannot open it, but it is not
        // a damaged database, so it must stay where it is.
        try FileManager.default.createDirectory(at: folder.database, withIntermediateDirectories: true)
        #expect {
            try AlarmStore.open(at: folder.database)
        } throws: { error in
            guard case AlarmStoreError.cannotOpen(let path, _) = error else { return false }
            return path == folder.database.path && "\(error)".hasPrefix("cannot open the alarm database \(path)")
        }
        #expect(try folder.filesBesideDatabase() == ["alarms.sqlite"])
    }
}
