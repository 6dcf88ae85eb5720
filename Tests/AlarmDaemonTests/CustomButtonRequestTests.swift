import Foundation
import AlarmClient
import Testing

/// The `custom` request: the ringing view's secondary button for an alert whose behavior is
/// `custom` does what the popup's does, and nothing when the alarm does not ring.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct CustomButtonRequestTests {
    @Test func customEndsARingingAlertAndIsRefusedWhileCountingDown() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let timer = makeRecord(title: "Call back", preAlert: 1, secondary: .custom)
        try daemon.connect().send(.schedule, record: timer)
        #expect {
            try daemon.connect().send(.custom, alarm: timer.id)
        } throws: { error in
            guard case .refused(let reply) = error as? ConnectionError else { return false }
            return reply.code == .invalidTransition
        }
        try await eventually("the timer to ring", within: 10) { try daemon.record(timer.id)?.phase.state == .alerting }
        let reply = try daemon.connect().send(.custom, alarm: timer.id)
        #expect(reply.ok == true && reply.record == nil, "a one-shot timer ends")
        #expect(try daemon.record(timer.id) == nil)
    }
}
