import Foundation
import AlarmClient
import OpenAlarmKit
import Testing

/// `ended` events: why an alarm went away, for watchers that ask (a waiting `timer --wait`
/// must tell a person's Stop before the ring from a cancel); never for watchers that did not
/// ask, which may be clients too old to decode the event.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct EndedEventTests {
    @Test func stopAndCancelSayWhyAndOnlyToWatchersThatAsked() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let asking = try daemon.connect().watch(app: "e2e", endings: true)
        let plain = try daemon.connect().watch(app: "e2e")
        let client = try daemon.connect()
        let stopped = makeRecord(title: "Tea", preAlert: 300)
        let cancelled = makeRecord(title: "Eggs", preAlert: 300)
        for record in [stopped, cancelled] { _ = try client.send(.schedule, record: record) }
        _ = try client.send(.stop, alarm: stopped.id)  // before it rang, as a popup's Stop does
        _ = try client.send(.cancel, alarm: cancelled.id)
        // A marker after both, so each stream can be read up to it.
        let marker = makeRecord(title: "marker", preAlert: 300)
        _ = try client.send(.schedule, record: marker)

        var endings: [UUID: String] = [:]
        var seen: Set<UUID> = []
        var goneBeforeItsEvent: [UUID] = []
        for await message in asking {
            if message.event == .ended, let id = message.alarm { endings[id] = message.reason }
            guard message.event == .alarms, let alarms = message.alarms else { continue }
            let listed = Set(alarms.map(\.id))
            goneBeforeItsEvent += seen.subtracting(listed).filter { endings[$0] == nil }
            seen.formUnion(listed)
            if listed.contains(marker.id) { break }
        }
        #expect(endings[stopped.id] == AlarmProtocol.EndReason.stopped.rawValue)
        #expect(endings[cancelled.id] == AlarmProtocol.EndReason.cancelled.rawValue)
        #expect(goneBeforeItsEvent.isEmpty, "the event comes before the list without the alarm")

        var plainKinds: Set<String> = []
        for await message in plain {
            if let event = message.event { plainKinds.insert(event.rawValue) }
            if message.event == .alarms, message.alarms?.contains(where: { $0.id == marker.id }) == true { break }
        }
        #expect(!plainKinds.contains(AlarmProtocol.EventKind.ended.rawValue), "\(plainKinds)")
    }

    /// A ring nobody answers ends by itself: `ringTimeout`, after its `missed` report and
    /// before the list without it, to a watcher that asked.
    @Test func aRingThatTimesOutSaysSo() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nring_timeout = 5\n")
        try daemon.start()
        let asking = try daemon.connect().watch(app: "e2e", endings: true)
        let record = makeRecord(title: "Tea", preAlert: 1)
        _ = try daemon.connect().send(.schedule, record: record)

        var kinds: [String] = []
        var rang = false
        for await message in asking {
            if message.event == .missed, message.record?.id == record.id { kinds.append("missed:\(message.reason ?? "")") }
            if message.event == .ended, message.alarm == record.id { kinds.append("ended:\(message.reason ?? "")") }
            guard message.event == .alarms, let alarms = message.alarms else { continue }
            if alarms.contains(where: { $0.id == record.id && $0.phase.state == .alerting }) { rang = true }
            if rang, !alarms.contains(where: { $0.id == record.id }) { break }
        }
        #expect(rang)
        #expect(kinds == ["missed:ringTimeout", "ended:\(AlarmProtocol.EndReason.ringTimeout.rawValue)"])
    }
}
