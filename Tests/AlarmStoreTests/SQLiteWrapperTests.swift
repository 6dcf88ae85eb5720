import Foundation
import Testing

@testable import AlarmStore

/// The store's own SQLite wrapper: what a wrapper library would take care of.
@Suite(.timeLimit(.minutes(2))) struct SQLiteWrapperTests {
    private func connection(_ folder: TemporaryFolder, _ name: String = "wrapper.sqlite") throws -> SQLiteConnection {
        try SQLiteConnection(folder.url.appendingPathComponent(name).path)
    }

    @Test func anEmptyStringIsBoundAsTextNotNull() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let db = try connection(folder)
        try db.execute("CREATE TABLE t (x TEXT NOT NULL)")
        try db.run("INSERT INTO t VALUES (?)", [.text("")])
        #expect(try db.texts("SELECT typeof(x) || ':' || x FROM t") == ["text:"])
        // Nor is a text with a NUL inside cut short.
        try db.run("DELETE FROM t")
        try db.run("INSERT INTO t VALUES (?)", [.text("a\u{0}b")])
        #expect(try db.integer("SELECT length(CAST(x AS BLOB)) FROM t") == 3)
        try db.close()
    }

    @Test func errorsCarrySQLitesCodeAndMessageButNotTheArguments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let db = try connection(folder)
        try db.execute("CREATE TABLE t (x TEXT PRIMARY KEY)")
        try db.run("INSERT INTO t VALUES (?)", [.text("secret")])
        #expect {
            try db.run("INSERT INTO t VALUES (?)", [.text("secret")])
        } throws: { error in
            // SQLITE_CONSTRAINT_PRIMARYKEY, an extended code.
            guard let error = error as? SQLiteError, error.code == 1555 else { return false }
            return "\(error)".contains("UNIQUE constraint failed") && !"\(error)".contains("secret")
        }
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", []) }
        try db.close()
        #expect(throws: SQLiteError.closed) { try db.run("SELECT 1") }
    }

    /// A statement left mid-way would hold its read snapshot, and a checkpoint could then
    /// never finish: the WAL would grow without bound. Every use ends with a reset.
    @Test func statementsAreResetSoNoReadIsLeftOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        try store.write { batch in for _ in 0..<3 { try batch.save(sampleRecord()) } }
        // Each reads a row and stops before SQLite says it is done.
        _ = try store.count(appID: "org.example.clock")
        _ = try store.missed(limit: 1)
        _ = try store.load()
        #expect(throws: AlarmStoreError.self) {
            try store.write { batch in
                try batch.save(sampleRecord())
                throw AlarmStoreError.unencodable(id: UUID(), reason: "test")
            }
        }
        let other = try SQLiteConnection(folder.database.path)
        var checkpoint: [Int64] = []
        try other.query("PRAGMA wal_checkpoint(TRUNCATE)") { row in checkpoint = [row.int64(0), row.int64(1), row.int64(2)] }
        #expect(checkpoint == [0, 0, 0], "busy, log pages, checkpointed pages")
        try other.close()
        try store.close()
    }

    @Test func aLockHeldElsewhereFailsAWriteAfterTheLimitWithTheCode() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        store.limitLockWait(to: 0.05)
        let holder = try SQLiteConnection(folder.database.path)
        try holder.execute("BEGIN IMMEDIATE")
        #expect {
            try store.save(sampleRecord())
        } throws: { error in
            guard case AlarmStoreError.writeFailed(_, let reason) = error else { return false }
            return reason.contains("(SQLite error 5)")  // SQLITE_BUSY
        }
        try holder.execute("ROLLBACK")
        try holder.close()
        // The failed write rolled back and left nothing open: the next one goes through.
        let record = sampleRecord()
        try store.save(record)
        #expect(try store.all() == [record])
        try store.close()
    }
}
