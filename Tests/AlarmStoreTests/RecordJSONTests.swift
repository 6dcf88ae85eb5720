import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// The `record` column is written by RecordWriter; rows JSONEncoder wrote before (its default
/// layout: keys in another order, slashes escaped) must load as they did.
@Suite struct RecordJSONTests {
    private var records: [AlarmRecord] {
        var full = sampleRecord()
        full.sound.bundleDirectory = "/opt/app/Sounds"
        full.metadata = #"{"path":"/a/b","quote":"\""}"#
        full.disabledAt = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
        full.skippedFire = Date(timeIntervalSinceReferenceDate: -0.1)
        return everySchedule.map { sampleRecord(schedule: $0) } + everyPhase.map { sampleRecord(phase: $0) } + [full]
    }

    @Test func writesWhatItsJSONEncoderWrites() throws {
        for record in records {
            let written = try RecordJSON.encode(record)
            #expect(written == String(decoding: try RecordJSON.encoder().encode(record), as: UTF8.self))
            #expect(try JSONDecoder().decode(AlarmRecord.self, from: Data(written.utf8)) == record)
        }
    }

    @Test func rowsWrittenByJSONEncoderBeforeLoadTheSame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let records = self.records
        let old = records.map { record in var copy = record; copy.id = UUID(); return copy }
        try store.write { batch in for record in records { try batch.save(record) } }
        try store.close()
        let db = try SQLiteConnection(folder.database.path)
        for record in old {
            let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
            #expect(json.contains(#"\/"#) || record.sound.bundleDirectory == nil, "the old layout escapes slashes")
            try db.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)", [.text(record.id.uuidString), .text(record.appID), .text(json)])
        }
        try db.close()
        let loaded = try AlarmStore(at: folder.database).all()
        #expect(loaded.count == records.count + old.count)
        #expect(Set(loaded) == Set(records + old))
    }
}
