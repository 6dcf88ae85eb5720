import AlarmStore
import Foundation
import Testing

/// The sync state of schema v5 (`Tests/Fixtures/alarms-sync-v5.sqlite`, made by
/// scripts/make-sync-fixture with the built alarmd and a Radicale): today's store reads what
/// was agreed with the server, the versions, and another program's event as the server had it.
@Suite(.timeLimit(.minutes(2))) struct SyncFixtureTests {
    static func withFixture<T>(_ name: String, _ body: (AlarmStore) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-sync-fixture-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("alarms.sqlite")
        try FileManager.default.copyItem(at: FixtureFiles.url(name), to: copy)
        let store = try AlarmStore(at: copy)
        defer { try? store.close() }
        return try body(store)
    }

    @Test func theSyncStateReadsAsAgreed() throws {
        try Self.withFixture("alarms-sync-v5.sqlite") { store in
            let state = try store.syncState()
            #expect(state.url == "http://127.0.0.1:52329/u/alarms/")
            #expect(state.token != nil)
            #expect(state.items.count == 2, "the timer is not synced")
            let records = try store.all()
            let ours = try #require(state.items.first { !$0.foreign })
            let wakeUp = try #require(records.first { $0.id.uuidString == ours.uid })
            #expect(wakeUp.presentation.alert.title.text == "Get up")
            #expect(ours.href == "/u/alarms/\(ours.uid).ics" && ours.etag != nil && ours.fingerprint != nil)
            #expect(ours.sequence == 1 && ours.lastModified != nil, "the edit's version")
            #expect(try store.syncServerText(uid: ours.uid) == nil, "an alarm made here keeps no server text")
            let meeting = try #require(state.items.first { $0.foreign })
            #expect(meeting.uid == "standup-fixture@example.org")
            #expect(records.contains { $0.calendarUID == meeting.uid && $0.presentation.alert.title.text == "Stand-up" })
            let text = try #require(try store.syncServerText(uid: meeting.uid))
            #expect(text.contains("ORGANIZER;CN=Boss:mailto:boss@example.org") && text.contains("X-OPENALARMKIT-SKIPPED:"))
            #expect(!text.contains("EXDATE"))
        }
    }

    /// The 0.1.0 database gains the v5 tables, empty: no alarm was synced with this store yet.
    @Test func anOlderDatabaseGainsEmptySyncTables() throws {
        try Self.withFixture("alarms-0.1.0.sqlite") { store in
            let state = try store.syncState()
            #expect(state.url == nil && state.token == nil && state.items.isEmpty)
            var changes = SyncChanges()
            changes.collection = ("https://dav.example.org/a/", "token-1")
            changes.items["u1"] = StoredSyncItem(uid: "u1", href: "/a/u1.ics", etag: "\"e1\"", fingerprint: "f", sequence: 2,
                                                 lastModified: Date(timeIntervalSince1970: 1_800_000_000.5), acknowledged: Date(timeIntervalSince1970: 1_800_000_001),
                                                 foreign: true)
            changes.serverTexts["u1"] = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
            try store.write { try $0.write(changes) }
            let after = try store.syncState()
            #expect(after.url == "https://dav.example.org/a/" && after.token == "token-1")
            #expect(after.items == [StoredSyncItem(uid: "u1", href: "/a/u1.ics", etag: "\"e1\"", fingerprint: "f", sequence: 2,
                                                   lastModified: Date(timeIntervalSince1970: 1_800_000_000.5),
                                                   acknowledged: Date(timeIntervalSince1970: 1_800_000_001), foreign: true)])
            #expect(try store.syncServerText(uid: "u1") == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
            var removal = SyncChanges()
            removal.items["u1"] = .some(nil)
            try store.write { try $0.write(removal) }
            #expect(try store.syncState().items.isEmpty)
        }
    }
}
