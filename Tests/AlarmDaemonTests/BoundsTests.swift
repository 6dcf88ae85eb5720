import AlarmStore
import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// Extreme values (1e300 s, which would trap converting to an integer): each edge refuses them
/// by name, and one already stored is set aside at start instead of crashing every restart.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct BoundsTests {
    private func refusal(_ connection: AlarmConnection, _ record: AlarmRecord) -> AlarmProtocol.ErrorReply? {
        do {
            try connection.send(.schedule, record: record)
            return nil
        } catch {
            if case .refused(let reply) = error { return reply }
            return nil
        }
    }

    @Test func extremeNumbersAreRefusedByFieldAndTheDaemonLives() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let connection = try daemon.connect()
        let cases: [(AlarmRecord, String)] = [
            (makeRecord(title: "huge countdown", preAlert: 1e300), "countdownDuration.preAlert"),
            (makeRecord(title: "huge snooze", preAlert: 60, postAlert: 1e300), "countdownDuration.postAlert"),
            (makeRecord(title: "huge date", schedule: .fixed(Date(timeIntervalSince1970: 1e300))), "schedule.fixed"),
            (makeRecord(title: "year 2200", schedule: .fixed(Date(timeIntervalSince1970: 7_258_118_400))), "schedule.fixed"),
            (makeRecord(title: "huge countdown before a date", schedule: .fixed(Date().addingTimeInterval(600)), preAlert: 1e18), "countdownDuration.preAlert"),
            (makeRecord(title: "two years", preAlert: 2 * 365 * 86400), "countdownDuration.preAlert"),
        ]
        for (record, field) in cases {
            let reply = refusal(connection, record)
            #expect(reply?.code == .invalidConfiguration, "\(record.presentation.alert.title.text)")
            #expect(reply?.message.contains(field) == true, "the error names \(field): \(reply?.message ?? "accepted")")
        }
        var longTitle = makeRecord(title: String(repeating: "t", count: 2000), preAlert: 60)
        #expect(refusal(connection, longTitle)?.message.contains("presentation.alert.title") == true)
        longTitle = makeRecord(title: "ok", preAlert: 60)
        longTitle.tintColor = Color(red: 2, green: 0, blue: 0)
        let color = refusal(connection, longTitle)
        #expect(color?.message.contains("tintColor") == true, "\(String(describing: color))")

        // Numbers JSON can carry but Swift's Double cannot hold are a malformed request.
        let raw = try ProtocolTests.RawClient(path: daemon.paths.socket)
        let record = String(decoding: try AlarmProtocol.encoder().encode(makeRecord(title: "x", preAlert: 60)), as: UTF8.self)
        raw.write(#"{"v":1,"id":1,"op":"schedule","record":"# + record.replacingOccurrences(of: #""preAlert":60"#, with: #""preAlert":1e999"#) + "}\n")
        let reply = raw.readLine()
        #expect(reply?["ok"] as? Bool == false)

        #expect(daemon.exitStatus == nil, "the daemon is still running")
        #expect(refusal(connection, makeRecord(title: "fine", preAlert: 3600)) == nil)
    }

    @Test func aStoredRecordOutOfBoundsIsSetAsideAndTheOthersStillRing() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        // Written the way an older version (or damage) would leave it, before alarmd starts.
        let store = try AlarmStore(at: URL(fileURLWithPath: daemon.paths.database))
        var poisoned = makeRecord(title: "Poisoned", preAlert: 1e300)
        poisoned.phase = .countdown(startDate: Date(), fireDate: Date(timeIntervalSince1970: 1e300), total: 1e300, previouslyElapsed: 0)
        try store.save(poisoned)
        var hugeSnooze = makeRecord(title: "Huge snooze", schedule: .fixed(Date().addingTimeInterval(3600)), postAlert: 1e300)
        hugeSnooze.phase = .scheduled(fireDate: Date().addingTimeInterval(3600))
        try store.save(hugeSnooze)
        var good = makeRecord(title: "Good", preAlert: 1)
        good.phase = .countdown(startDate: Date(), fireDate: Date().addingTimeInterval(1), total: 1, previouslyElapsed: 0)
        try store.save(good)
        try store.close()

        try daemon.start()
        let listed = try daemon.list().map(\.id)
        #expect(listed == [good.id], "only the alarm within bounds is loaded")
        #expect(daemon.logText.contains("set aside alarm \(poisoned.id)"))
        #expect(daemon.logText.contains("countdownDuration.postAlert"))
        await eventually("the good alarm to ring") { daemon.audioBytes > 0 }
        // And it starts again, the rows still in the file, untouched.
        daemon.stop()
        try daemon.start()
        #expect(daemon.exitStatus == nil)
        daemon.stop()  // alarmd holds its database exclusively while it runs
        let reopened = try AlarmStore(at: URL(fileURLWithPath: daemon.paths.database))
        #expect(try reopened.load().quarantined.count == 2)
    }

    @Test func theBoundsThemselves() throws {
        #expect(throws: AlarmBounds.Violation.self) { try AlarmBounds.checkDuration(.nan, "d") }
        #expect(throws: AlarmBounds.Violation.self) { try AlarmBounds.checkDuration(0, "d") }
        #expect(throws: AlarmBounds.Violation.self) { try AlarmBounds.checkDuration(-1, "d") }
        #expect(throws: AlarmBounds.Violation.self) { try AlarmBounds.checkDate(Date(timeIntervalSince1970: -1), "d") }
        try AlarmBounds.checkDuration(AlarmBounds.maxDuration, "d")
        try AlarmBounds.checkDate(AlarmBounds.latestDate, "d")
        #expect(Int(clampingFinite: 1e300) == Int.max)
        #expect(Int(clampingFinite: -.infinity) == Int.min)
        #expect(Int(clampingFinite: .nan) == 0)
        #expect(Int(clampingFinite: 41.9) == 41)
    }
}
