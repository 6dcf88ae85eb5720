@testable import AlarmNotify
import Foundation
import TestSupport
import Testing

/// Without a bus or a server the program must go on with the terminal presenter. These probe
/// other buses than the libnotify suite's, through `sessionBusAddress`, so they never touch
/// libnotify's process-wide connection.
@Suite(.timeLimit(.minutes(2))) struct FallbackPresenterTests {
    @Test func noSessionBusFallsBackToTheTerminal() async throws {
        let presenter = await NotificationPresenter.start(
            appName: "oak-tests", sessionBusAddress: "unix:path=/nonexistent/oak-no-bus")
        #expect(presenter.server == nil)
        try await presenter.show(.alert(
            key: "x", title: "Fallback", body: "07:00", stop: NotificationAction(key: "stop", label: "Stop")))
        await presenter.withdraw(key: "x")
        await presenter.shutdown()
        var iterator = presenter.events.makeAsyncIterator()
        #expect(await iterator.next() == nil, "the fallback's events finish at shutdown")
    }

    @Test func aBusWithoutANotificationServerFallsBackToTheTerminal() async throws {
        let bare = try FakeNotificationServer(arguments: ["--no-server"])
        defer { bare.stop() }
        let presenter = await NotificationPresenter.start(appName: "oak-tests", sessionBusAddress: bare.address)
        #expect(presenter.server == nil)
        await presenter.shutdown()
    }

    @Test func theTerminalLineSaysHowToStop() {
        let line = TerminalNotificationPresenter.line(
            for: .alert(key: "k", title: "Wake up", body: "07:00 · Clock",
                        stop: NotificationAction(key: "stop", label: "Stop"),
                        noActionsHint: "Stop with: alarmctl stop 1a2b3c4d"),
            appName: "alarmd")
        #expect(line == "[alarmd] Wake up — 07:00 · Clock — Stop with: alarmctl stop 1a2b3c4d")
    }
}
