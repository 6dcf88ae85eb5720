@testable import AlarmNotify
import Foundation
import TestSupport
import Testing

/// Real libnotify over a private session bus, against the scriptable server. Serialized: the
/// bus, the server's capabilities and its quirk mode are shared by the whole process.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct LibNotifyPresenterTests {
    let server: FakeNotificationServer

    init() throws {
        server = try TestSession.server.get()
    }

    let stop = NotificationAction(key: "stop", label: "Stop", systemImageName: "stop.circle")
    let snooze = NotificationAction(key: "snooze", label: "Snooze", systemImageName: "zzz")

    func withPresenter(
        capabilities: String = TestSession.defaultCapabilities, closeAfterAction: Bool = false,
        _ body: (any NotificationPresenting, EventRecorder) async throws -> Void
    ) async throws {
        try await server.send("caps \(capabilities)")
        try await server.send("quirk close-after-action \(closeAfterAction ? "on" : "off")")
        let presenter = await NotificationPresenter.start(appName: "oak-tests")
        let recorder = EventRecorder(presenter.events)
        do {
            try #require(presenter.server != nil, "expected the libnotify presenter, got the fallback")
            try await body(presenter, recorder)
        } catch {
            await presenter.shutdown()
            throw error
        }
        await presenter.shutdown()
    }

    /// Waits until everything the steps so far caused has happened, instead of pausing: a marker
    /// popup is shown and closed by the server, then a second one shown. The server's signals
    /// reach the presenter in order and it handles them one by one, so once the first marker's
    /// close is an event, every earlier signal has been handled (and a wrong event recorded);
    /// the presenter's calls reach the server in order on its one connection, so once the second
    /// marker's Notify has arrived, a re-show sent while handling them has arrived too.
    /// Returns the events without the markers'.
    func settle(_ presenter: any NotificationPresenting, _ recorder: EventRecorder) async throws -> [NotificationEvent] {
        let first = "settle-\(UUID().uuidString.prefix(8))", second = first + "-after"
        try await presenter.show(.countdown(key: first, title: first, body: "", actions: [stop]))
        let call = try #require(try await server.waitForNotifies(summary: first).first, "the marker popup was not shown")
        try await server.send("close \(call.id) 1")
        let deadline = ContinuousClock.now + .seconds(10)
        while !recorder.events.contains(.closed(key: first, reason: .expired)), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(recorder.events.contains(.closed(key: first, reason: .expired)), "the marker's close never arrived: \(recorder.events)")
        try await presenter.show(.countdown(key: second, title: second, body: "", actions: [stop]))
        _ = try #require(try await server.waitForNotifies(summary: second).first, "the second marker popup was not shown")
        return recorder.events.filter { $0 != .closed(key: first, reason: .expired) }
    }

    @Test func reportsTheServersInformationAndCapabilities() async throws {
        try await withPresenter(capabilities: "actions,body,action-icons") { presenter, _ in
            let info = try #require(presenter.server)
            #expect(info.name == "oak-fake-server")
            #expect(info.vendor == "OpenAlarmKit")
            #expect(info.specVersion == "1.2")
            #expect(info.capabilities == ["actions", "body", "action-icons"])
            #expect(info.supportsActionIcons)
        }
    }

    @Test func anAlertIsSentWithTheExactNotifyArguments() async throws {
        try await withPresenter { presenter, _ in
            try await presenter.show(.alert(
                key: "alert-args", title: "Wake up", body: "07:00 · Clock & Co", appName: "Clock",
                stop: stop, secondary: snooze, noActionsHint: "alarmctl stop 1a2b"))
            let call = try #require(try await server.waitForNotifies(summary: "Wake up").first)
            #expect(call.appName == "Clock")
            #expect(call.replacesID == 0)
            #expect(call.body == "07:00 · Clock &amp; Co")  // the server reads markup
            #expect(call.actions == ["stop", "Stop", "snooze", "Snooze"])
            #expect(call.expireTimeout == 0)
            #expect(call.hints["urgency"] == "y:2")
            #expect(call.hints["suppress-sound"] == "b:true")
            #expect(call.hints["resident"] == "b:true")
            #expect(call.hints["category"] == "s:x-openalarmkit.alarm")
            #expect(call.hints["action-icons"] == nil)
            #expect(call.appIcon == "alarm-symbolic")  // libnotify 0.8.1 sends the icon as app_icon
        }
    }

    @Test func showingTheSameKeyAgainReplacesInPlace() async throws {
        try await withPresenter { presenter, _ in
            let pause = NotificationAction(key: "pause", label: "Pause")
            try await presenter.show(.countdown(
                key: "countdown-1", title: "Tea", body: "3:00 left", actions: [pause, stop]))
            try await presenter.show(.countdown(
                key: "countdown-1", title: "Tea", body: "2:59 left", actions: [pause, stop]))
            let calls = try await server.waitForNotifies(summary: "Tea", count: 2)
            try #require(calls.count == 2)
            #expect(calls[0].replacesID == 0)
            #expect(calls[1].replacesID == calls[0].id)
            #expect(calls[1].id == calls[0].id)
            #expect(calls[1].body == "2:59 left")
            #expect(calls[1].actions == ["pause", "Pause", "stop", "Stop"])
            #expect(calls[1].hints["urgency"] == "y:1")
            #expect(calls[1].expireTimeout == 0)
        }
    }

    @Test(arguments: ["stop", "snooze"])
    func eachActionKeyArrivesAsOneEvent(action: String) async throws {
        try await withPresenter { presenter, recorder in
            let key = "action-\(action)"
            try await presenter.show(.alert(key: key, title: "Press \(action)", body: "", stop: stop, secondary: snooze))
            let call = try #require(try await server.waitForNotifies(summary: "Press \(action)").first)
            try await server.send("invoke \(call.id) \(action)")
            let events = try await recorder.wait(count: 1)
            #expect(events == [.actionInvoked(key: key, action: action)])
        }
    }

    @Test func anActionFollowedByTheServersCloseIsOneEvent() async throws {
        try await withPresenter(closeAfterAction: true) { presenter, recorder in
            try await presenter.show(.alert(key: "quirk", title: "Quirky", body: "", stop: stop, secondary: snooze))
            let call = try #require(try await server.waitForNotifies(summary: "Quirky").first)
            try await server.send("invoke \(call.id) snooze")
            _ = try await recorder.wait(count: 1)
            #expect(try await settle(presenter, recorder) == [.actionInvoked(key: "quirk", action: "snooze")], "no second event")
            #expect(server.notifies(summary: "Quirky").count == 1, "a decided alert must not come back")

            // The next presentation of the key is a new popup: the old id is gone on the server.
            try await presenter.show(.countdown(key: "quirk", title: "Quirky", body: "snoozed", actions: [stop]))
            let calls = try await server.waitForNotifies(summary: "Quirky", count: 2)
            #expect(calls.last?.replacesID == 0)
        }
    }

    @Test func aRingingAlertClosedByTheServerIsShownAgain() async throws {
        try await withPresenter { presenter, recorder in
            try await presenter.show(.alert(key: "reshow", title: "Still ringing", body: "", stop: stop))
            let first = try #require(try await server.waitForNotifies(summary: "Still ringing").first)

            try await server.send("close \(first.id) 1")  // expired
            let afterExpiry = try await server.waitForNotifies(summary: "Still ringing", count: 2)
            try #require(afterExpiry.count == 2)
            #expect(afterExpiry[1].replacesID == 0)
            #expect(afterExpiry[1].hints["urgency"] == "y:2")

            try await server.send("close \(afterExpiry[1].id) 4")  // undefined
            let afterUndefined = try await server.waitForNotifies(summary: "Still ringing", count: 3)
            try #require(afterUndefined.count == 3)
            #expect(recorder.events.isEmpty, "a re-show is not an event")

            try await server.send("close \(afterUndefined[2].id) 2")  // the person dismissed it
            let events = try await recorder.wait(count: 1)
            #expect(events == [.closed(key: "reshow", reason: .dismissedByUser)])
            _ = try await settle(presenter, recorder)
            #expect(server.notifies(summary: "Still ringing").count == 3, "a dismissed alert stays dismissed")
        }
    }

    @Test func anOrdinaryPopupThatExpiresIsReportedNotReshown() async throws {
        try await withPresenter { presenter, recorder in
            try await presenter.show(.countdown(key: "expire", title: "Short-lived", body: "", actions: [stop]))
            let call = try #require(try await server.waitForNotifies(summary: "Short-lived").first)
            try await server.send("close \(call.id) 1")
            #expect(try await recorder.wait(count: 1) == [.closed(key: "expire", reason: .expired)])
            _ = try await settle(presenter, recorder)
            #expect(server.notifies(summary: "Short-lived").count == 1)
        }
    }

    @Test func withdrawClosesThePopupWithoutAnEvent() async throws {
        try await withPresenter { presenter, recorder in
            try await presenter.show(.alert(key: "withdraw", title: "Withdrawn", body: "", stop: stop))
            let call = try #require(try await server.waitForNotifies(summary: "Withdrawn").first)
            await presenter.withdraw(key: "withdraw")
            let calls = try await server.waitForCalls { calls in
                calls.contains { $0.method == "CloseNotification" && $0.id == call.id }
            }
            #expect(calls.contains { $0.method == "CloseNotification" && $0.id == call.id })
            #expect(try await settle(presenter, recorder).isEmpty)
            #expect(server.notifies(summary: "Withdrawn").count == 1, "a withdrawn alert is not shown again")
        }
    }

    @Test func aServerWithoutActionsGetsTheHowToStopHint() async throws {
        try await withPresenter(capabilities: "body") { presenter, _ in
            try await presenter.show(.alert(
                key: "no-actions", title: "No buttons", body: "07:00 · Clock", stop: stop, secondary: snooze,
                noActionsHint: "Stop with: alarmctl stop 1a2b3c4d"))
            let call = try #require(try await server.waitForNotifies(summary: "No buttons").first)
            #expect(call.body == "07:00 · Clock\nStop with: alarmctl stop 1a2b3c4d")
            #expect(call.actions.isEmpty)
        }
    }

    @Test func buttonsKeepTheirLabelsOnServersThatDrawActionIcons() async throws {
        try await withPresenter(capabilities: "actions,action-icons,body") { presenter, recorder in
            try await presenter.show(.alert(key: "icons", title: "With icons", body: "", stop: stop, secondary: snooze))
            let call = try #require(try await server.waitForNotifies(summary: "With icons").first)
            #expect(call.actions == ["stop", "Stop", "snooze", "Snooze"])
            #expect(call.hints["action-icons"] == nil, "the hint would turn the labels into bare icons")
            try await server.send("invoke \(call.id) snooze")
            #expect(try await recorder.wait(count: 1) == [.actionInvoked(key: "icons", action: "snooze")])
        }
    }

    @Test func aResidentPopupIsClosedByUsOnceAButtonDecides() async throws {
        try await withPresenter { presenter, recorder in
            try await presenter.show(.alert(key: "resident", title: "Stays up", body: "", stop: stop, secondary: snooze))
            let call = try #require(try await server.waitForNotifies(summary: "Stays up").first)
            #expect(call.hints["resident"] == "b:true")
            // This server keeps resident popups after an action and sends no NotificationClosed.
            try await server.send("invoke \(call.id) stop")
            #expect(try await recorder.wait(count: 1) == [.actionInvoked(key: "resident", action: "stop")])
            let closes = try await server.waitForCalls { $0.contains { $0.method == "CloseNotification" && $0.id == call.id } }
            #expect(closes.contains { $0.method == "CloseNotification" && $0.id == call.id }, "no popup left behind")
        }
    }

    @Test func aRingingAlertComesBackWhenTheServerReturns() async throws {
        try await withPresenter { presenter, recorder in
            try await presenter.show(.alert(key: "vanish", title: "Server restarts", body: "", stop: stop))
            _ = try await server.waitForNotifies(summary: "Server restarts")
            try await server.send("vanish")
            try await Task.sleep(for: .milliseconds(300))
            try await server.send("own")
            let calls = try await server.waitForNotifies(summary: "Server restarts", count: 2, timeout: .seconds(10))
            #expect(calls.count >= 2)
            #expect(recorder.events.isEmpty)
        }
    }
}

/// The C callbacks' contexts are released by GLib's destroy notifies: none may outlive its
/// popup (a leak) and none may be released early (a use after free would crash the suite).
extension LibNotifyPresenterTests {
    @Test func callbackContextsAreReleasedWithTheirPopups() async throws {
        // The previous test's handles are unreffed on later turns of the GLib loop: let those
        // run before counting, or their release lands in the middle of this test.
        for _ in 0..<3 { await GLibMainLoopThread.shared.perform {} }
        let before = SignalContext.alive.load(ordering: .relaxed)
        try await withPresenter { presenter, _ in
            try await presenter.show(.alert(key: "leak-1", title: "Leak check", body: "", stop: stop, secondary: snooze))
            try await presenter.show(.alert(key: "leak-1", title: "Leak check", body: "again", stop: stop))
            try await presenter.show(.countdown(key: "leak-2", title: "Leak check 2", body: "", actions: [stop]))
            _ = try await server.waitForNotifies(summary: "Leak check", count: 2)
            // One closed-signal context per popup, one per current button.
            #expect(SignalContext.alive.load(ordering: .relaxed) - before == 4)
            await presenter.withdraw(key: "leak-1")
        }
        // Handles are unreffed on a later turn of the GLib loop; let it run.
        for _ in 0..<3 { await GLibMainLoopThread.shared.perform {} }
        #expect(SignalContext.alive.load(ordering: .relaxed) == before)
    }
}
