import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// `AlarmStore.loadReadOnly` on a folder nobody may write. Tests run as root, whom file modes
/// do not stop, so the folder is a read-only bind mount of a writable one.
@Suite(.timeLimit(.minutes(2)), .serialized) struct ReadOnlyLoadTests {
    /// `folder`'s database folder, also mounted read-only at `readOnly`, unmounted by `remove`.
    struct ReadOnlyView {
        let folder: TemporaryFolder
        let readOnly: URL

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
            readOnly = folder.url.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
            let source = folder.database.deletingLastPathComponent().path
            do {
                try Self.mount(["--bind", source, readOnly.path])
                try Self.mount(["-o", "remount,ro,bind", readOnly.path])
            } catch {
                remove()
                throw error
            }
        }

        var database: URL { readOnly.appendingPathComponent(folder.database.lastPathComponent) }

        func remove() {
            _ = try? Self.run("/bin/umount", [readOnly.path])
            folder.remove()
        }

        static func mount(_ arguments: [String]) throws {
            let status = try run("/bin/mount", arguments)
            if status != 0 { throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: "mount \(arguments) failed: \(status)"]) }
        }

        static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test func noFileIsNoAlarms() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try AlarmStore.loadReadOnly(at: folder.database) == LoadedAlarms(records: [], undecodable: []))
        #expect(!FileManager.default.fileExists(atPath: folder.database.deletingLastPathComponent().path))
    }

    @Test func aClosedStoreInAReadOnlyFolderLoadsEveryAlarm() throws {
        let view = try ReadOnlyView()
        defer { view.remove() }
        let records = (0..<20).map { sampleRecord(title: "Alarm \($0)") }
        do {
            let store = try AlarmStore(at: view.folder.database)
            try store.write { batch in for record in records { try batch.save(record) } }
            try store.database.access { db in
                try db.run("INSERT INTO alarm (id, appID, record) VALUES ('odd', 'org.example.odd', '{}')")
            }
            try store.close()  // checkpointed: no -wal, no -shm, and none can be made
        }
        #expect(!FileManager.default.createFile(atPath: view.readOnly.appendingPathComponent("probe").path, contents: nil),
                "the view is not read-only")

        let loaded = try AlarmStore.loadReadOnly(at: view.database)
        #expect(Set(loaded.records) == Set(records))
        #expect(loaded.undecodable.map(\.id) == ["odd"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: view.readOnly.path) == ["alarms.sqlite"])
    }

    /// A store still open elsewhere (or killed): its newest changes are only in the -wal,
    /// whose -shm exists but may not be written here.
    @Test func changesStillInTheWALAreLoaded() throws {
        let view = try ReadOnlyView()
        defer { view.remove() }
        let store = try AlarmStore(at: view.folder.database)
        let first = sampleRecord(title: "First")
        try store.save(first)
        try store.database.access { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        let second = sampleRecord(title: "Second")
        try store.save(second)  // in the -wal only
        #expect(FileManager.default.fileExists(atPath: view.database.path + "-wal"))

        let loaded = try AlarmStore.loadReadOnly(at: view.database)
        #expect(Set(loaded.records) == [first, second])
        try store.close()
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndLeftAlone() throws {
        let view = try ReadOnlyView()
        defer { view.remove() }
        try Data("not SQLite at all, not even close".utf8).write(to: view.folder.database)
        #expect {
            try AlarmStore.loadReadOnly(at: view.database)
        } throws: { error in
            guard case AlarmStoreError.corrupt(let path, .notADatabase) = error else { return false }
            return path == view.database.path
        }
        #expect(try String(contentsOf: view.folder.database, encoding: .utf8) == "not SQLite at all, not even close")
    }

    @Test func aPathThatNeedsEscapingInAURIIsFound() throws {
        #expect(AlarmStore.fileURI("/tmp/a b/x?y#z%.sqlite", query: "mode=ro") == "file:/tmp/a%20b/x%3Fy%23z%25.sqlite?mode=ro")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("odd ?#% name/alarms.sqlite")
        let record = sampleRecord()
        let store = try AlarmStore(at: url)
        try store.save(record)
        try store.close()
        #expect(try AlarmStore.loadReadOnly(at: url).records == [record])
    }
}
