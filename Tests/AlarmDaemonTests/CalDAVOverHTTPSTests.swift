import AlarmClient
import Foundation
import Testing
import TestSupport

/// Sync as most people run it: HTTPS, to a server whose certificate their own CA signed. Two
/// alarmd (two machines) that trust the CA (`TestCertificates.trustedSystemWide`: the system's CA bundle, as
/// libcurl reads it, with the CA added) sync an alarm both ways through Radicale over TLS; a
/// third that does not trust it refuses the server and says so in `status`. CI runs this
/// against the shipped static binary too (libcurl and libxml2 loaded on first use there).
@Suite(.serialized, .tags(.products), .timeLimit(.minutes(3)),
       .enabled(if: CalDAVServer.canRun && TestCertificates.canMake, "needs radicale and openssl (scripts/setup)"),
       .needsRoot("to give alarmd a CA bundle of its own in a mount namespace"))
struct CalDAVOverHTTPSTests {
    func machine(_ server: CalDAVServer, trusting certificates: TestCertificates?) throws -> DaemonHarness {
        let daemon = try DaemonHarness(withNotificationServer: false, config: CalDAVSyncTests.config(server.calendarURL()))
        if let certificates { daemon.wrapper = try certificates.trustedSystemWide() }
        try daemon.start()
        return daemon
    }

    @Test func twoMachinesTrustingTheCASyncOverHTTPSAndOneThatDoesNotRefusesTheServer() async throws {
        let certificates = try TestCertificates.shared()
        let server = try CalDAVServer.start(.radicale, tls: certificates.server)
        #expect(server.calendarURL().hasPrefix("https://127.0.0.1:"))
        try CalDAVClientForTests.makeCalendar(server.calendarURL(), ca: certificates.ca)
        let a = try machine(server, trusting: certificates)
        let b = try machine(server, trusting: certificates)

        #expect(try a.alarmctl("add", "7:30", "--title", "Over TLS").status == 0)
        let sync = try a.alarmctl("sync")
        #expect(sync.status == 0, "\(sync)")
        try await eventually("the alarm added on A to reach B over HTTPS", within: 20) {
            try b.list().map(\.presentation.alert.title.text) == ["Over TLS"]
        }
        let id = try #require(try b.list().first?.id)
        #expect(try b.alarmctl("edit", id.uuidString, "--title", "Back over TLS").status == 0)
        try await eventually("B's edit to reach A", within: 20) {
            try a.record(id)?.presentation.alert.title.text == "Back over TLS"
        }

        // The control: the same server, a machine without the CA. Verification is on, so it
        // refuses and says why; nothing of the server's alarms arrives.
        let stranger = try machine(server, trusting: nil)
        let refused = try stranger.alarmctl("sync")
        #expect(refused.status != 0, "a sync with an untrusted server must fail: \(refused)")
        let status = try stranger.alarmctl("status")
        #expect((status.out + refused.err).contains("TLS failure with 127.0.0.1"), "\(status.out)\n\(refused.err)")
        #expect(try stranger.list().isEmpty)
    }
}
