import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// After a crash, the next alarmd closes the ringing popup the dead one left, so it does not
/// stay on screen next to the one the new instance shows.
@Suite struct LeftoverPopupTests {
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
        try await Task.sleep(for: .milliseconds(300))  // the ids file is written after the show

        daemon.kill9()
        let before = server.calls().count
        try daemon.start()
        let after = try await server.waitForCalls(timeout: .seconds(10)) { calls in
            let closed = calls.dropFirst(before).contains { $0.method == "CloseNotification" && old.contains($0.id) }
            return closed && Self.live(calls, summary: "Left behind").count == 1
        }
        try await Task.sleep(for: .milliseconds(500))  // nothing more may come
        let settled = server.calls()
        #expect(after.dropFirst(before).contains { $0.method == "CloseNotification" && old.contains($0.id) }, "the old popup was closed: \(settled)")
        let live = Self.live(settled, summary: "Left behind")
        #expect(live.count == 1, "exactly one popup on screen: \(settled)")
        #expect(live.isDisjoint(with: old), "the current one, shown by the new instance")
        #expect(try daemon.record(timer.id)?.phase.state == .alerting)
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
