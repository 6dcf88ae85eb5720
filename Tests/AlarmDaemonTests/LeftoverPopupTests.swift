import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// After a crash, the next alarmd closes the ringing popup the dead one left, so it does not
/// stay on screen next to the one the new instance shows.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct LeftoverPopupTests {
    @Test func theNextInstanceClosesTheRingingPopupOfAKilledOne() async throws {
        let daemon = try DaemonHarness()
        let server = try #require(daemon.notifications)
        try daemon.start()
        let timer = makeRecord(title: "Left behind", preAlert: 1)
        try daemon.connect().send(.schedule, record: timer)
        try await eventually("the timer to ring") { try daemon.record(timer.id)?.phase.state == .alerting }
        let ringing = try await server.waitForCalls { Self.live($0, summary: "Left behind").count == 1 }
        let old = Self.live(ringing, summary: "Left behind")
        #expect(old.count == 1, "\(ringing)")
        // The ids file is written after the show: wait for it to name the popup.
        let ids = daemon.paths.runtimeDirectory + "/popups.json"
        await eventually("\(ids) to name the ringing popup") {
            let text = (try? String(contentsOfFile: ids, encoding: .utf8)) ?? ""
            return old.allSatisfy { text.contains("\($0)") }
        }

        daemon.kill9()
        let before = server.calls().count
        try daemon.start()
        let after = try await server.waitForCalls(timeout: .seconds(10)) { calls in
            let closed = calls.dropFirst(before).contains { $0.method == "CloseNotification" && old.contains($0.id) }
            return closed && Self.live(calls, summary: "Left behind").count == 1
        }
        #expect(try daemon.record(timer.id)?.phase.state == .alerting)
        // Not a pause: once the new instance has left the bus, all it sent has arrived.
        daemon.kill9()
        let settled = try await server.callsOnceTheirSendersLeft()
        #expect(after.dropFirst(before).contains { $0.method == "CloseNotification" && old.contains($0.id) }, "the old popup was closed: \(settled)")
        let live = Self.live(settled, summary: "Left behind")
        #expect(live.count == 1, "exactly one popup on screen: \(settled)")
        #expect(live.isDisjoint(with: old), "the current one, shown by the new instance")
    }

    /// The ids of popups with this summary still on the fake server's screen.
    static func live(_ calls: [ServerCall], summary: String) -> Set<UInt32> {
        var shown: [UInt32: String] = [:]
        for call in calls {
            if call.method == "Notify" { shown[call.id] = call.summary }
            if call.method == "CloseNotification" { shown[call.id] = nil }
        }
        return Set(shown.filter { $0.value == summary }.keys)
    }
}
