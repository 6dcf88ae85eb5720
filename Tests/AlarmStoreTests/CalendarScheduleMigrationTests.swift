import AlarmModel
import Foundation
import AlarmWire
import Testing

@testable import AlarmStore

/// Schema v6: records may hold an event's schedule. A v4 file (today's main) opens with every
/// alarm as it was, after the copy an older alarmd can read whole (made before v5, the first
/// migration it needs); a calendar schedule is stored under `schedule` as a case an older
/// reader refuses, and comes back whole.
@Suite(.timeLimit(.minutes(2))) struct CalendarScheduleMigrationTests {
    @Test func aV4FileKeepsEveryAlarmAndGainsCalendarSchedules() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        var weekly = sampleRecord(title: "Work days")
        weekly.schedule = .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .friday])))
        var zoned = sampleRecord(title: "Stand-up")
        zoned.timeZone = "America/New_York"
        zoned.calendarUID = "standup-2026@example.com"
        let timer = sampleRecord(title: "Tea")
        var old = [weekly, zoned, timer]
        old[2].schedule = nil
        do {
            let v4 = try SQLiteConnection(folder.database.path)
            try StoreSchema.migrator.migrate(v4, upTo: "v4: calendar UIDs")
            for record in old {
                try v4.run("INSERT INTO alarm (id, appID, record, calendarUID) VALUES (?, ?, ?, ?)",
                           [.text(record.id.uuidString), .text(record.appID), .text(try RecordJSON.encode(record)), record.calendarUID.map { .text($0) } ?? .null])
            }
            try v4.close()
        }
        let store = try AlarmStore(at: folder.database)
        #expect(Set(try store.all()) == Set(old))
        var event = sampleRecord(title: "Evening class")
        event.timeZone = "Europe/Berlin"
        event.calendarUID = "class@example.com"
        event.calendar = CalendarSchedule(
            start: CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 66_600),
            rule: try RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;COUNT=10"),
            exclusions: [CalendarDateTime(year: 2026, month: 10, day: 5, secondOfDay: 66_600)],
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(days: -1))), CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
        try store.write { batch in try batch.save(event) }
        #expect(Set(try store.all()) == Set(old + [event]))
        try store.close()
        #expect(FileManager.default.fileExists(atPath: folder.database.path + ".before-v5"))

        let db = try SQLiteConnection(folder.database.path)
        defer { try? db.close() }
        #expect(try db.texts("SELECT identifier FROM grdb_migrations").contains(StoreSchema.calendarSchedules))
        // The AlarmKit-shaped rows kept their bytes; the event's schedule is a case of its own.
        for record in old {
            #expect(try db.texts("SELECT record FROM alarm WHERE id = '\(record.id.uuidString)'") == [try RecordJSON.encode(record)])
        }
        let stored = try #require(try db.texts("SELECT record FROM alarm WHERE id = '\(event.id.uuidString)'").first)
        #expect(stored.contains(#""schedule":{"calendar":{"alerts":[{"trigger":"-P1D"},{"trigger":"-PT15M"}],"exclusions":["20261005T183000"],"rule":"FREQ=WEEKLY;INTERVAL=2;COUNT=10","start":"20260907T183000"}}"#), "\(stored)")
    }

    /// What an older alarmd's reader does with such a row: the `schedule` object has a case it
    /// does not know, which it refuses (so the row is set aside, never rung by a rule it
    /// cannot see). Today's reader, shown the same JSON with the case renamed, refuses it too.
    @Test func anUnknownScheduleCaseIsRefusedNotGuessed() throws {
        var event = sampleRecord(title: "Evening class")
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 66_600), rule: RecurrenceRule(frequency: .daily))
        let json = try RecordJSON.encode(event).replacingOccurrences(of: #"{"calendar":"#, with: #"{"lunar":"#)
        let bytes = Array(json.utf8)
        let result = bytes.withUnsafeBytes { RecordReader(dates: .since1970).read($0) }
        guard case .failure = result else { Issue.record("a schedule case this reader does not know was read"); return }
    }
}
