import AlarmCore
import AlarmStore
import Foundation
import Logging
import AlarmClient
import OpenAlarmKit
import Testing

@testable import AlarmDaemon

/// A flood of requests must not hold the loop thread that also rings with a disk sync each:
/// the changes of one loop turn are committed in one transaction at its end, and the turn's
/// replies wait for it, so a reply still means durable.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct BatchedCommitTests {
    @Test func theChangesOfOneTurnAreOneCommit() throws {
        let persistence = CountingPersistence()
        let engine = Engine(
            lifecycle: Lifecycle(calendar: FireTimeCalendar(timeZone: .utc)), maxAlarmsPerApp: 100,
            persistence: persistence, sounds: SilentOutputs(), presenter: SilentOutputs(), logger: Logger(label: "test"))
        var requested = 0
        engine.onCommitNeeded = { requested += 1 }
        try engine.start(now: Date())
        let records = (0..<5).map { makeRecord(title: "Batch \($0)", schedule: .fixed(Date().addingTimeInterval(3600))) }
        for record in records { _ = try engine.schedule(record, now: Date()) }
        #expect(persistence.commits.isEmpty, "nothing is written before the turn ends")
        #expect(requested == 1, "one commit asked for, however many changes")
        #expect(engine.commitIsRequested)

        engine.commitPending()
        #expect(persistence.commits.count == 1)
        #expect(Set(persistence.commits.first ?? []) == Set(records.map(\.id)))
        #expect(!engine.commitIsRequested && engine.storageProblem == nil)
    }

    @Test func everyReplyOfAPipelinedBatchIsDurable() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let client = try ProtocolTests.RawClient(path: daemon.paths.socket)
        let encoder = AlarmProtocol.encoder()
        let records = (0..<300).map { makeRecord(title: "Pipelined \($0)", schedule: .fixed(Date().addingTimeInterval(3600))) }
        var lines = ""
        for (index, record) in records.enumerated() {
            let request = AlarmProtocol.Request(id: index, op: .schedule, record: record)
            lines += String(decoding: try encoder.encode(request), as: UTF8.self) + "\n"
        }
        client.write(lines)
        var acknowledged: [UUID] = []
        for _ in records {
            guard let reply = client.readLine(), reply["ok"] as? Bool == true, let id = reply["id"] as? Int else { continue }
            #expect(reply["warning"] == nil, "\(reply)")
            acknowledged.append(records[id].id)
        }
        daemon.kill9()  // at once: whatever was acknowledged must be on disk
        #expect(acknowledged.count == records.count)
        try daemon.start()
        let stored = Set(try daemon.list().map(\.id))
        let lost = acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged alarms lost")
    }
}

/// Records each commit's saved ids.
final class CountingPersistence: AlarmPersistence {
    var commits: [[UUID]] = []
    func loadAll() throws -> [AlarmRecord] { [] }
    func commit(saves: [AlarmRecord], deletes: [UUID], missed: [MissedEntry], sync: SyncChanges) throws { commits.append(saves.map(\.id)) }
    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm] { [] }
}

final class SilentOutputs: SoundOutput, PresentationOutput {
    func start(_ record: AlarmRecord, firedFor: Date) {}
    func stop(_ id: UUID) {}
    func stopAll() {}
    func present(_ record: AlarmRecord) {}
    func withdraw(_ id: UUID) {}
    func reportMissed(_ entries: [MissedEntry]) {}
    var audioStatus: AlarmProtocol.AudioStatus { .init(device: "none", state: .opens) }
    var notifier: AlarmProtocol.NotifierStatus { .init(via: .terminal) }
}
