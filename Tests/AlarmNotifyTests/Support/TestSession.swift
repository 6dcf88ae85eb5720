import AlarmNotify
import Foundation
import Synchronization
import TestSupport

/// The one private session bus of this test process. libnotify and GDBus resolve the session
/// bus once per process, so every libnotify test shares this bus and server (their suite is
/// serialized) and tells its popups apart by summary.
enum TestSession {
    /// A failure to start (no dbus-daemon, no python3-dbus) fails the libnotify tests with the
    /// reason instead of crashing every test target in the process.
    static let server: Result<FakeNotificationServer, FakeNotificationServer.LaunchError> = {
        do {
            let server = try FakeNotificationServer()
            setenv("DBUS_SESSION_BUS_ADDRESS", server.address, 1)
            return .success(server)
        } catch let error as FakeNotificationServer.LaunchError {
            return .failure(error)
        } catch {
            return .failure(.init(description: "cannot start the private session bus: \(error)"))
        }
    }()

    static let defaultCapabilities = "actions,body,body-markup,persistence"
}

/// Collects a presenter's events so a test can wait for them and also check that no more came.
final class EventRecorder: Sendable {
    private let received = Locked<[NotificationEvent]>([])
    private let task: Task<Void, Never>

    init(_ events: AsyncStream<NotificationEvent>) {
        let received = self.received
        task = Task {
            for await event in events { received.withLock { $0.append(event) } }
        }
    }

    deinit { task.cancel() }

    var events: [NotificationEvent] { received.withLock { $0 } }

    /// Waits until at least `count` events arrived (or the timeout), then returns all of them.
    func wait(count: Int, timeout: Duration = .seconds(5)) async throws -> [NotificationEvent] {
        let deadline = ContinuousClock.now + timeout
        while events.count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        return events
    }
}

