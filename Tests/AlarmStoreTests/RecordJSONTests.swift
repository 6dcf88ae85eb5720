import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// The `record` column holds the protocol's record JSON (dates since 1970) from schema v3 on;
/// rows older versions wrote (dates since 2001, by JSONEncoder or RecordWriter) are rewritten
/// once when the file is migrated, and read as they are by a load that cannot migrate.
@Suite(.timeLimit(.minutes(2))) struct RecordJSONTests {
    private var records: [AlarmRecord] {
        var full = sampleRecord()
        full.sound.bundleDirectory = "/opt/app/Sounds"
        full.metadata = #"{"path":"/a/b","quote":"\""}"#
        full.disabledAt = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        full.skippedFire = Date(timeIntervalSinceReferenceDate: -0.5)  // exact in both epochs
        return everySchedule.map { sampleRecord(schedule: $0) } + everyPhase.map { sampleRecord(phase: $0) } + [full]
    }

    @Test func writesTheProtocolsRecordJSON() throws {
        for record in records {
            let written = try RecordJSON.encode(record)
            #expect(written == String(decoding: try AlarmProtocol.encoder().encode(record), as: UTF8.self))
            #expect(try AlarmProtocol.decoder().decode(AlarmRecord.self, from: Data(written.utf8)) == record)
        }
    }

    /// A v2 file (as 0.1.0's JSONEncoder and the later RecordWriter wrote it) loads the same
    /// alarms after its rows are rewritten, read-only before and read-write after.
    @Test func rowsWithDatesSince2001AreRewrittenOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let byRecordWriter = records
        let byJSONEncoder = records.map { record in var copy = record; copy.id = UUID(); return copy }
        do {
            let v2 = try SQLiteConnection(folder.database.path)
            try StoreSchema.migrator.migrate(v2, upTo: "v2: apps, alarm intents and pending intents")
            for record in byRecordWriter {
                try v2.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)", [.text(record.id.uuidString), .text(record.appID), .text(v2RowJSON(record))])
            }
            for record in byJSONEncoder {
                let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)  // 0.1.0's layout and epoch
                try v2.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)", [.text(record.id.uuidString), .text(record.appID), .text(json)])
            }
            try v2.close()
        }
        let expected = Set(byRecordWriter + byJSONEncoder)
        #expect(Set(try AlarmStore.loadReadOnly(at: folder.database).records) == expected)

        let store = try AlarmStore(at: folder.database)
        #expect(Set(try store.all()) == expected)
        try store.close()
        #expect(FileManager.default.fileExists(atPath: folder.database.path + ".before-v3"))
        // On disk now: the protocol's JSON, once; opening again rewrites nothing.
        let db = try SQLiteConnection(folder.database.path)
        let rows = try db.texts("SELECT record FROM alarm")
        try db.close()
        let current = Set(try expected.map { try RecordJSON.encode($0) })
        #expect(Set(rows) == current)
        #expect(Set(try AlarmStore(at: folder.database).all()) == expected)
        #expect(Set(try AlarmStore.loadReadOnly(at: folder.database).records) == expected)
    }
}
