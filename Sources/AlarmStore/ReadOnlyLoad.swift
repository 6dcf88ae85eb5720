import Foundation
import GRDB

extension AlarmStore {
    /// The stored alarms, read without writing anything next to the file: for a state folder
    /// that cannot be written (a read-only mount), where `init` would fail creating the
    /// folder, the -shm or the schema. A missing file is an empty store.
    ///
    /// SQLite reads a WAL database read-only only while its -shm exists; after a clean stop
    /// there is none (and none can be made), so then the file and its log are copied to a
    /// private temporary folder and read there, which also replays a log left by a crash.
    public static func loadReadOnly(at url: URL) throws -> LoadedAlarms {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return LoadedAlarms(records: [], undecodable: []) }
        try StoreOpening.checkHeader(path: path)
        do {
            return try loadAlarms(path: path, readonly: true)
        } catch {
            return try loadFromCopy(of: path, after: error)
        }
    }

    private static func loadAlarms(path: String, readonly: Bool) throws -> LoadedAlarms {
        var configuration = Configuration()
        configuration.label = "AlarmStore.readOnly"
        configuration.readonly = readonly
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue(path: path, configuration: configuration) } catch let error as DatabaseError {
            throw AlarmStoreError.readFailed(path: path, reason: StoreOpening.reason(error))
        }
        defer { try? queue.close() }
        do {
            return try queue.read { db in
                var loader = RecordJSON.Loader()
                let cursor = try Row.fetchCursor(db, sql: "SELECT id, appID, record FROM alarm")
                while let row = try cursor.next() {
                    let id: String = row[0], appID: String = row[1]
                    try row.withUnsafeData(atIndex: 2) { json in loader.add(id: id, appID: appID, json: json ?? Data()) }
                }
                return loader.loaded
            }
        } catch let error as DatabaseError {
            throw AlarmStoreError.readFailed(path: path, reason: StoreOpening.reason(error))
        }
    }

    private static func loadFromCopy(of path: String, after first: any Error) throws -> LoadedAlarms {
        var template = Array((NSTemporaryDirectory() + "/oak-readonly-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw first
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/alarms.sqlite"
        do {
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            if FileManager.default.fileExists(atPath: path + "-wal") {
                try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            }
        } catch {
            throw first
        }
        return try loadAlarms(path: copy, readonly: false)
    }
}
