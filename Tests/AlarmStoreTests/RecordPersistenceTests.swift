import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

@Suite(.timeLimit(.minutes(2))) struct RecordPersistenceTests {
    @Test(arguments: everySchedule.indices)
    func everyScheduleKindRoundTrips(index: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let record = sampleRecord(schedule: everySchedule[index])
        try store.save(record)
        #expect(try store.all() == [record])
    }

    @Test(arguments: everyPhase.indices)
    func everyPhaseRoundTrips(index: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let record = sampleRecord(schedule: nil, phase: everyPhase[index])
        try store.save(record)
        #expect(try store.all() == [record])
    }

    @Test func saveReplacesTheRecordWithTheSameID() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let id = UUID()
        try store.save(sampleRecord(id: id, appID: "a", title: "First"))
        let updated = sampleRecord(id: id, appID: "b", title: "Second", phase: everyPhase[2])
        try store.save(updated)
        #expect(try store.all() == [updated])
        #expect(try store.count(appID: "a") == 0)
        #expect(try store.count(appID: "b") == 1)
    }

    @Test func deleteRemovesOnlyThatAlarm() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let kept = sampleRecord(title: "Kept")
        let removed = sampleRecord(title: "Removed")
        try store.save(kept)
        try store.save(removed)
        #expect(try store.delete(id: removed.id))
        #expect(try store.delete(id: removed.id) == false)
        #expect(try store.all() == [kept])
    }

    @Test func countsAlarmsPerApp() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        try store.write { batch in
            for _ in 0..<3 { try batch.save(sampleRecord(appID: "clock")) }
            for _ in 0..<2 { try batch.save(sampleRecord(appID: "timer")) }
        }
        #expect(try store.count(appID: "clock") == 3)
        #expect(try store.count(appID: "timer") == 2)
        #expect(try store.count(appID: "nobody") == 0)
        // The cap is checked on every schedule request: it must be an index lookup.
        let plan = try store.database.access { db in
            var details: [String] = []
            try db.query("EXPLAIN QUERY PLAN SELECT COUNT(*) FROM alarm WHERE appID = ?", ["x"]) { details.append($0.text(3)) }
            return details.joined(separator: " | ")
        }
        #expect(plan.contains("USING COVERING INDEX alarm_on_appID"), "plan: \(plan)")
    }

    @Test func aBatchIsOneTransaction() throws {
        struct Abort: Error {}
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let existing = sampleRecord(title: "Existing")
        try store.save(existing)

        #expect(throws: Abort.self) {
            try store.write { batch in
                try batch.save(sampleRecord(title: "New"))
                try batch.delete(id: existing.id)
                try batch.recordMissed(existing, dueAt: fireDate, reason: "tooLate", at: startDate)
                throw Abort()
            }
        }
        #expect(try store.all() == [existing])
        #expect(try store.missed().isEmpty)

        let added = sampleRecord(title: "Added")
        try store.write { batch in
            try batch.save(added)
            try batch.delete(id: existing.id)
        }
        #expect(try store.all() == [added])
    }

    @Test func reopeningKeepsEverything() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let records = everyPhase.map { sampleRecord(phase: $0) }
        do {
            let store = try AlarmStore(at: folder.database)
            try store.write { batch in for record in records { try batch.save(record) } }
            try store.recordMissed(records[0], dueAt: fireDate, reason: "tooLate", at: startDate)
            try store.close()
        }
        let (store, recovered) = try AlarmStore.open(at: folder.database)
        #expect(recovered == nil)
        #expect(Set(try store.all()) == Set(records))
        #expect(try store.missed().count == 1)
    }

    @Test func missedAlarmsAreListedNewestFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try AlarmStore(at: folder.database)
        let early = sampleRecord(title: "Early")
        let late = sampleRecord(title: "Late")
        try store.recordMissed(early, dueAt: fireDate, reason: "tooLate", at: startDate)
        try store.recordMissed(late, dueAt: startDate, reason: "ringTimeout", at: startDate.addingTimeInterval(60))
        // Still listed once the alarm itself is gone.
        try store.delete(id: late.id)

        let missed = try store.missed()
        #expect(missed == [
            MissedAlarm(alarmID: late.id, appID: late.appID, title: "Late", dueAt: startDate,
                        reason: "ringTimeout", recordedAt: startDate.addingTimeInterval(60)),
            MissedAlarm(alarmID: early.id, appID: early.appID, title: "Early", dueAt: fireDate,
                        reason: "tooLate", recordedAt: startDate),
        ])
        #expect(try store.missed(limit: 1).map(\.title) == ["Late"])
    }
}
