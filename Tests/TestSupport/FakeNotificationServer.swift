import Foundation
import Testing
import Synchronization

/// Runs scripts/testing/fake-notification-server.py: a private dbus-daemon plus a scriptable
/// org.freedesktop.Notifications server. The script exits, stops its bus and removes its
/// folder (log included) when our end of its stdin closes, which also happens when the test
/// process exits or dies, so nothing is left behind.
public final class FakeNotificationServer: @unchecked Sendable {
    public let address: String
    public let logURL: URL
    private let process: Subprocess
    private let output = Locked<[String]>([])

    public struct LaunchError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/testing/fake-notification-server.py")

    public init(arguments: [String] = []) throws {
        process = try Subprocess("/usr/bin/python3", [Self.script.path] + arguments, stdin: .pipe, stdout: .pipe)
        process.collectLines(into: output)

        let deadline = Date().addingTimeInterval(15)
        var found: String?
        var log: String?
        while Date() < deadline {
            let seen = output.withLock { $0 }
            if let line = seen.first(where: { $0.hasPrefix("address ") }) { found = String(line.dropFirst(8)) }
            if let line = seen.first(where: { $0.hasPrefix("log ") }) { log = String(line.dropFirst(4)) }
            if found != nil, log != nil, seen.contains("ready") { break }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard let found, let log, output.withLock({ $0.contains("ready") }) else {
            throw LaunchError(description: "fake notification server did not start: \(output.withLock { $0 })")
        }
        address = found
        logURL = URL(fileURLWithPath: log)
    }

    deinit { stop() }

    /// Sends one control command and waits for the script's acknowledgement.
    public func send(_ command: String) async throws {
        let already = output.withLock { $0.count }
        process.input?.write(Data((command + "\n").utf8))
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let answer = output.withLock { Array($0.dropFirst(already)) }
                .first { $0 == "ok \(command)" || $0.hasPrefix("error") }
            if let answer {
                if answer.hasPrefix("error") { throw LaunchError(description: answer) }
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw LaunchError(description: "no answer to '\(command)'")
    }

    public func stop() {
        try? process.input?.close()
        process.wait()
    }

    /// Every call recorded so far, oldest first.
    public func calls() -> [ServerCall] {
        guard let text = try? String(contentsOf: logURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.map(ServerCall.init)
    }

    /// Waits until `condition` holds for the recorded calls, returning them.
    public func waitForCalls(
        timeout: Duration = .seconds(5), _ condition: ([ServerCall]) -> Bool
    ) async throws -> [ServerCall] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let recorded = calls()
            if condition(recorded) || ContinuousClock.now >= deadline { return recorded }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until every client that called the server has left the bus, and returns the
    /// calls then (`Disconnected` records included). The bus delivers all a connection sent
    /// before it says the connection is gone: after this, nothing more can come from them.
    /// What a "nothing else was sent" check waits for, instead of a pause.
    public func callsOnceTheirSendersLeft(timeout: Duration = .seconds(10)) async throws -> [ServerCall] {
        let calls = try await waitForCalls(timeout: timeout) { calls in
            Self.senders(calls).isSubset(of: Set(calls.filter { $0.method == "Disconnected" }.map(\.sender)))
        }
        let left = Self.senders(calls).subtracting(calls.filter { $0.method == "Disconnected" }.map(\.sender))
        if !left.isEmpty { Issue.record("clients \(left.sorted()) did not leave the bus within \(timeout)") }
        return calls
    }

    static func senders(_ calls: [ServerCall]) -> Set<String> {
        Set(calls.filter { $0.method != "Disconnected" && !$0.sender.isEmpty }.map(\.sender))
    }

    public func notifies(summary: String) -> [ServerCall] {
        calls().filter { $0.method == "Notify" && $0.summary == summary }
    }

    /// Waits for at least `count` Notify calls with this summary and returns all of them.
    public func waitForNotifies(summary: String, count: Int = 1, timeout: Duration = .seconds(5)) async throws -> [ServerCall] {
        try await waitForCalls(timeout: timeout) { calls in
            calls.filter { $0.method == "Notify" && $0.summary == summary }.count >= count
        }.filter { $0.method == "Notify" && $0.summary == summary }
    }

    /// The same for ringing popups alone (urgency critical): a timer's countdown popup comes
    /// first under the same summary, and has no Snooze.
    public func waitForAlerts(summary: String, count: Int = 1, timeout: Duration = .seconds(5)) async throws -> [ServerCall] {
        let isAlert = { (call: ServerCall) in call.method == "Notify" && call.summary == summary && call.hints["urgency"] == "y:2" }
        return try await waitForCalls(timeout: timeout) { $0.filter(isAlert).count >= count }.filter(isAlert)
    }
}

/// One recorded D-Bus call. Hints are rendered "TYPE:VALUE" (e.g. "y:2", "b:true") so a test
/// checks the D-Bus type as well as the value.
public struct ServerCall: Sendable, CustomStringConvertible {
    public let method: String
    public let id: UInt32
    public let appName: String
    public let replacesID: UInt32
    public let appIcon: String
    public let summary: String
    public let body: String
    public let actions: [String]
    public let hints: [String: String]
    public let expireTimeout: Int32
    /// The caller's unique bus name (":1.5"); for a `Disconnected` record, the one that left.
    public let sender: String

    /// The key of the popup's Stop and Snooze buttons (alarmd's `app.stop-alarm::ID`,
    /// `app.snooze-alarm::ID`); "none" when it has no such button, so invoking it changes
    /// nothing and the test fails.
    public var stopKey: String { actions.first { $0.hasPrefix("app.stop-alarm::") } ?? "none" }
    public var snoozeKey: String { actions.first { $0.hasPrefix("app.snooze-alarm::") } ?? "none" }

    public init(_ json: [String: Any]) {
        method = json["method"] as? String ?? ""
        id = UInt32(json["id"] as? Int ?? 0)
        appName = json["app_name"] as? String ?? ""
        replacesID = UInt32(json["replaces_id"] as? Int ?? 0)
        appIcon = json["app_icon"] as? String ?? ""
        summary = json["summary"] as? String ?? ""
        body = json["body"] as? String ?? ""
        actions = json["actions"] as? [String] ?? []
        expireTimeout = Int32(json["expire_timeout"] as? Int ?? 0)
        sender = json["sender"] as? String ?? ""
        var hints: [String: String] = [:]
        for (name, value) in json["hints"] as? [String: [Any]] ?? [:] {
            guard value.count == 2, let type = value[0] as? String else { continue }
            let rendered: String
            switch value[1] {
            case let flag as Bool where type == "b": rendered = flag ? "true" : "false"
            case let number as Int: rendered = String(number)
            default: rendered = "\(value[1])"
            }
            hints[name] = "\(type):\(rendered)"
        }
        self.hints = hints
    }

    public var description: String { "\(method)(id \(id), replaces \(replacesID), '\(summary)', actions \(actions), hints \(hints))" }
}

/// A Mutex that can be shared by reference with a thread or task.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    public init(_ value: Value) { mutex = Mutex(value) }
    public func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
