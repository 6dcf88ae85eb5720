@testable import AlarmNotify
import Foundation
import TestSupport
import Testing

/// A notification server that stalls longer than libnotify's call timeout (25 s) and then
/// catches up, carrying out every call it held: the presenter must not have sent a second
/// popup meanwhile, and a popup it no longer wants (the alarm was stopped) must not stay on
/// screen with dead buttons. Real libnotify, real GDBus timeouts: each case waits ~25 s.
@Suite(.timeLimit(.minutes(10)), .serialized)
struct StalledServerTests {
    let server: FakeNotificationServer

    init() throws {
        server = try TestSession.server.get()
    }

    let stop = NotificationAction(key: "stop", label: "Stop", systemImageName: "stop.circle")

    /// The popups the server has on screen now: made by Notify, gone by CloseNotification.
    func onScreen(_ summary: String) -> Set<UInt32> {
        var live: Set<UInt32> = []
        for call in server.calls() {
            if call.method == "Notify", call.summary == summary { live.insert(call.id) }
            if call.method == "CloseNotification" { live.remove(call.id) }
        }
        return live
    }

    func withStalledPresenter(_ body: (any NotificationPresenting) async throws -> Void) async throws {
        try await server.send("caps \(TestSession.defaultCapabilities)")
        let presenter = await NotificationPresenter.start(appName: "oak-tests")
        do {
            try #require(presenter.server != nil, "expected the libnotify presenter, got the fallback")
            try await server.send("stall on")
            try await body(presenter)
        } catch {
            try? await server.send("stall off")
            await presenter.shutdown()
            throw error
        }
        await presenter.shutdown()
    }

    @Test func aStalledServerGetsOnePopupWhichIsUpdatedInPlaceAndClosedWhenStopped() async throws {
        try await withStalledPresenter { presenter in
            // Times out inside libnotify (25 s); the presenter waits for the late answer.
            try await presenter.show(.alert(key: "stall-1", title: "Stalled alarm", body: "07:00", stop: stop))
            // Meanwhile the alarm is re-shown (a daemon retry, a changed body): nothing is sent.
            try await presenter.show(.alert(key: "stall-1", title: "Stalled alarm", body: "07:00 · later", stop: stop))
            #expect(server.notifies(summary: "Stalled alarm").isEmpty, "the stalled server has carried out nothing yet")
            try await server.send("stall off")
            let calls = try await server.waitForNotifies(summary: "Stalled alarm", count: 2)
            try #require(calls.count == 2, "\(calls)")
            #expect(calls[0].replacesID == 0 && calls[0].body == "07:00")
            #expect(calls[1].replacesID == calls[0].id, "the latest content replaces the late popup in place")
            #expect(calls[1].body == "07:00 · later")
            await presenter.withdraw(key: "stall-1")
            _ = try await server.waitForCalls { $0.contains { $0.method == "CloseNotification" && $0.id == calls[0].id } }
            #expect(onScreen("Stalled alarm").isEmpty)
        }
    }

    @Test func aPopupStoppedDuringTheStallIsClosedWhenTheServerCatchesUp() async throws {
        try await withStalledPresenter { presenter in
            try await presenter.show(.alert(key: "stall-2", title: "Stopped meanwhile", body: "07:05", stop: stop))
            await presenter.withdraw(key: "stall-2")  // Stop pressed elsewhere while the server hangs
            try await server.send("stall off")
            let created = try #require(try await server.waitForNotifies(summary: "Stopped meanwhile").first)
            _ = try await server.waitForCalls { $0.contains { $0.method == "CloseNotification" && $0.id == created.id } }
            #expect(onScreen("Stopped meanwhile").isEmpty, "no popup with dead buttons stays")
            #expect(server.notifies(summary: "Stopped meanwhile").count == 1)
        }
    }
}
