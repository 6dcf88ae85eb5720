import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

@Suite(.timeLimit(.minutes(2))) struct UndecodableRowTests {
    @Test func rowsFromANewerVersionAreSkippedReportedAndKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let good = [sampleRecord(title: "One"), sampleRecord(title: "Two")]
        for record in good { try store.save(record) }

        // A phase this version does not know, and a shape it does not know at all.
        let futurePhase = sampleRecord(appID: "org.example.clock")
        let futureJSON = try RecordJSON.encode(futurePhase).replacingOccurrences(of: "\"scheduled\"", with: "\"hibernating\"")
        let strangerID = UUID()
        try store.database.access { db in
            try db.run(
                "INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?), (?, ?, ?)",
                [.text(futurePhase.id.uuidString), "org.example.clock", .text(futureJSON),
                 .text(strangerID.uuidString), "org.example.other", #"{"version": 9}"#])
        }

        let loaded = try store.load()
        #expect(Set(loaded.records) == Set(good))
        #expect(Set(loaded.undecodable.map(\.id)) == [futurePhase.id.uuidString, strangerID.uuidString])
        let stranger = try #require(loaded.undecodable.first { $0.id == strangerID.uuidString })
        #expect(stranger.appID == "org.example.other")
        #expect(stranger.reason.contains("missing"), "\(stranger.reason)")
        #expect("\(stranger)".contains(strangerID.uuidString))
        #expect(Set(try store.all()) == Set(good))
        // Still alarms of their app, and still in the file after a reopen.
        #expect(try store.count(appID: "org.example.clock") == 3)
        try store.close()
        let reopened = try AlarmStore(at: folder.database)
        #expect(try reopened.load().undecodable.count == 2)

        // Saving a record with that id replaces the unreadable row.
        let replacement = sampleRecord(id: strangerID, title: "Replaced")
        try reopened.save(replacement)
        let after = try reopened.load()
        #expect(after.undecodable.map(\.id) == [futurePhase.id.uuidString])
        #expect(after.records.contains(replacement))
    }

    @Test func aRowHoldingAnotherAlarmsRecordIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let record = sampleRecord()
        let wrongKey = UUID()
        try store.database.access { db in
            try db.run("INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)",
                       [.text(wrongKey.uuidString), .text(record.appID), .text(try RecordJSON.encode(record))])
        }
        let loaded = try store.load()
        #expect(loaded.records.isEmpty)
        #expect(loaded.undecodable.map(\.id) == [wrongKey.uuidString])
    }
}
