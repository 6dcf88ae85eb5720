import AlarmSync
import Foundation
import Testing
import TestSupport

/// A machine's alarms as a dictionary: title, SEQUENCE and LAST-MODIFIED per UID, written as
/// a minimal VEVENT. What SyncSession needs from alarmd, without alarmd.
final class MemoryReplica: SyncReplica, @unchecked Sendable {
    struct Alarm: Equatable { var title: String; var sequence: Int; var modified: Double }
    var alarms: [String: Alarm] = [:]
    var state = SyncState()
    /// Called before each upload's text is handed out: the test kills the server here.
    var beforeUpload: (Int) -> Void = { _ in }
    private var uploads = 0

    static func text(_ uid: String, _ alarm: Alarm) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//OpenAlarmKit//tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
         "SEQUENCE:\(alarm.sequence)", "X-TEST-MODIFIED:\(alarm.modified)", "DTSTART:20261127T063000Z", "SUMMARY:\(alarm.title)",
         "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:PT0S", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    static func field(_ name: String, _ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)) }
    }

    func localItems() -> [String: LocalItem] {
        alarms.reduce(into: [:]) { result, entry in
            result[entry.key] = LocalItem(uid: entry.key, fingerprint: Self.text(entry.key, entry.value),
                                          version: SyncVersion(sequence: entry.value.sequence, lastModified: entry.value.modified))
        }
    }

    func calendarData(for uids: [String]) -> [String: String] {
        var texts: [String: String] = [:]
        for uid in uids {
            uploads += 1
            beforeUpload(uploads)
            texts[uid] = alarms[uid].map { Self.text(uid, $0) }
        }
        return texts
    }

    func describe(_ object: RemoteObject) -> RemoteDescription? {
        let calendarData = object.calendarData
        guard let uid = Self.field("UID", calendarData) else { return nil }
        return RemoteDescription(uid: uid, version: SyncVersion(sequence: Int(Self.field("SEQUENCE", calendarData) ?? "0") ?? 0,
                                                                lastModified: Double(Self.field("X-TEST-MODIFIED", calendarData) ?? "0") ?? 0),
                                 foreign: false)
    }

    func apply(downloads: [String: RemoteObject], deletions: [String]) -> [String: SyncedItem] {
        var held: [String: SyncedItem] = [:]
        for (uid, object) in downloads {
            let text = object.calendarData
            let alarm = Alarm(title: Self.field("SUMMARY", text) ?? "", sequence: Int(Self.field("SEQUENCE", text) ?? "0") ?? 0,
                              modified: Double(Self.field("X-TEST-MODIFIED", text) ?? "0") ?? 0)
            alarms[uid] = alarm
            held[uid] = SyncedItem(href: object.href, etag: object.etag, fingerprint: Self.text(uid, alarm))
            recorded.items[uid] = held[uid]
        }
        for uid in deletions {
            alarms[uid] = nil
            recorded.items[uid] = nil
        }
        return held
    }

    /// What the session told this replica to store, as a database would hold it.
    var recorded = SyncState()

    func record(_ progress: SyncProgress) {
        for (uid, item) in progress.items { recorded.items[uid] = item }
        if let token = progress.token { recorded.token = token }
    }

    func sync(_ session: SyncSession) throws -> SyncReport { try session.run(self, state: &state) }
}

/// Two machines (two replicas with their own sync state) through one real server: adds,
/// edits, deletions and conflicts go both ways; a server killed mid-round loses nothing.
@Suite(.timeLimit(.minutes(2)), .serialized, .enabled(if: CalDAVServer.canRun, "needs radicale and xandikos (scripts/setup)"))
struct SyncSessionTests {
    func session(_ server: CalDAVServer, uploadBatch: Int = 50) throws -> SyncSession {
        SyncSession(client: try CalDAVClient(url: server.calendarURL(), username: "u", password: "x"), uploadBatch: uploadBatch)
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func addEditDeleteReachTheOtherMachine(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer.start(kind)
        let a = MemoryReplica(), b = MemoryReplica()
        let toA = try session(server), toB = try session(server)
        try toA.client.makeCalendar()

        a.alarms["wake"] = .init(title: "Wake up", sequence: 0, modified: 1)
        #expect(try a.sync(toA).uploaded == ["wake"])
        #expect(try b.sync(toB).downloaded == ["wake"])
        #expect(b.alarms == a.alarms)
        #expect(try a.sync(toA).isEmpty, "nothing new: nothing done")
        #expect(try b.sync(toB).isEmpty)

        b.alarms["wake"] = .init(title: "Get up", sequence: 1, modified: 2)
        #expect(try b.sync(toB).uploaded == ["wake"])
        #expect(try a.sync(toA).downloaded == ["wake"])
        #expect(a.alarms["wake"]?.title == "Get up")

        a.alarms["wake"] = nil
        #expect(try a.sync(toA).deletedOnServer == ["wake"])
        #expect(try b.sync(toB).deletedHere == ["wake"])
        #expect(b.alarms.isEmpty)
        #expect(try toA.client.list().isEmpty)
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func bothEditedTheNewerSequenceWins(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer.start(kind)
        let a = MemoryReplica(), b = MemoryReplica()
        let toA = try session(server), toB = try session(server)
        try toA.client.makeCalendar()
        a.alarms["x"] = .init(title: "Old", sequence: 0, modified: 1)
        _ = try a.sync(toA)
        _ = try b.sync(toB)
        a.alarms["x"] = .init(title: "A's edit", sequence: 1, modified: 10)
        b.alarms["x"] = .init(title: "B's edit", sequence: 2, modified: 5)
        _ = try a.sync(toA)
        let report = try b.sync(toB)  // B's is newer (SEQUENCE 2): it replaces A's on the server
        #expect(report.uploaded == ["x"])
        #expect(report.conflicts.count == 1)
        _ = try a.sync(toA)
        #expect(a.alarms["x"]?.title == "B's edit")
        #expect(b.alarms["x"]?.title == "B's edit")
    }

    @Test(arguments: CalDAVServer.Kind.allCases)
    func aServerKilledMidRoundLosesNothingAndTheNextRoundResumes(kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer.start(kind)
        let a = MemoryReplica(), b = MemoryReplica()
        let toA = try session(server, uploadBatch: 1), toB = try session(server)
        try toA.client.makeCalendar()
        for index in 0..<20 { a.alarms["alarm-\(index)"] = .init(title: "Alarm \(index)", sequence: 0, modified: 1) }
        a.beforeUpload = { count in if count == 8 { server.kill() } }
        #expect(throws: CalDAVError.self) { try a.sync(toA) }
        #expect(a.state.items.count == 7, "the seven uploads before the cut are remembered")
        #expect(a.recorded.items == a.state.items, "and handed to the replica to store, though the round failed")
        #expect(a.recorded.token == nil, "the token moves only with a complete round")
        #expect(a.alarms.count == 20, "nothing local is touched by a failed round")
        a.beforeUpload = { _ in }
        try server.restart()
        #expect(try a.sync(toA).uploaded.count == 13)
        #expect(try toA.client.list().count == 20)
        _ = try b.sync(toB)
        #expect(b.alarms == a.alarms)
        #expect(a.recorded.items == a.state.items && a.recorded.token == a.state.token && a.state.token != nil)
    }
}
