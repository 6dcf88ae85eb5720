import Foundation
import Testing

@testable import AlarmStore

@Suite(.timeLimit(.minutes(2))) struct DurabilitySettingsTests {
    @Test func usesWALWithFullSynchronousOnEveryOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for _ in 0..<2 {  // the second open finds an existing file
            let store = try AlarmStore(at: folder.database)
            let (mode, synchronous) = try store.database.access { db in
                (try db.texts("PRAGMA journal_mode").first, try db.integer("PRAGMA synchronous"))
            }
            #expect(mode == "wal")
            #expect(synchronous == 2)  // FULL; NORMAL is 1
            try store.save(sampleRecord())
            try store.close()
        }
    }

    @Test func createsMissingFoldersPrivately() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try AlarmStore(at: folder.database)
        for path in ["state", "state/openalarmkit"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(path).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "\(path)")
        }
    }

    @Test func aFileWhereTheFolderShouldBeIsAClearError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocker = folder.url.appendingPathComponent("state")
        try Data("not a folder".utf8).write(to: blocker)
        #expect {
            try AlarmStore.open(at: folder.database)
        } throws: { error in
            guard case AlarmStoreError.cannotCreateDirectory = error else { return false }
            return "\(error)".contains(blocker.path)
        }
        // Not a corrupt database: nothing was moved or written.
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
    }
}
