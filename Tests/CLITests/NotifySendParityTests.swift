import Foundation
import Testing
import TestSupport

/// `alarmctl notify` against notify-send 0.8.1 (libnotify-bin): each argument vector runs
/// through both, each against its own fresh scriptable notification server, and the D-Bus
/// calls, stdout, stderr and exit status must match. The only differences allowed are the
/// deliberate ones, each named by a `Difference`.
@Suite(.timeLimit(.minutes(3)), .tags(.products)) struct NotifySendParityTests {
    /// What differs on purpose (README, "alarmctl notify").
    enum Difference {
        /// Without `-a`, the app name is `alarmctl`, not `notify-send`.
        case defaultAppName
        /// `--version` and `--help` describe alarmctl: same exit status, different text.
        case ownText
        /// `--wait` for a popup that was never posted (no session bus, or no notification
        /// server on it): notify-send prints the D-Bus error and waits forever; alarmctl
        /// prints the same error and exits 1 (`waitWithoutAPopupEndsWithTheDBusError`).
        case noWaitWithoutPopup
    }

    struct Case: Sendable {
        var arguments: [String]
        /// What the test does once the first popup is on the server: "invoke KEY", "close
        /// REASON", "sigint", or nothing (the command ends by itself, or by its own timeout).
        var then: String? = nil
        var caps: String? = nil
        var noServer = false
        /// The session bus: nil for the server's own, "unset" for none at all (no
        /// DBUS_SESSION_BUS_ADDRESS, no DISPLAY, an empty runtime folder), else this address.
        var bus: String? = nil
        /// How long the command may run before it is killed.
        var deadline: TimeInterval = 15
        var testDescription: String { arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ") + (then.map { "  [then \($0)]" } ?? "") }
    }

    static let cases: [Case] = [
        Case(arguments: ["Summary"]),
        Case(arguments: ["Summary", "Body"]),
        Case(arguments: ["Tea", #"a\tb\n<b>bold</b> &amp; <i>it</i> \101\102 \q \\ \"x\""#]),
        Case(arguments: ["<b>not markup in a summary</b>", "x"]),
        Case(arguments: ["-u", "low", "S"]),
        Case(arguments: ["-u", "CRITICAL", "S"]),
        Case(arguments: ["--urgency=Normal", "S"]),
        Case(arguments: ["-u", "urgent", "S"]),
        Case(arguments: ["-t", "-1", "S"]),
        Case(arguments: ["-t", "0", "S"]),
        Case(arguments: ["-t", "5000", "S"]),
        Case(arguments: ["--expire-time=0x10", "S"]),
        Case(arguments: ["-t", "abc", "S"]),
        Case(arguments: ["-t", "99999999999", "S"]),
        Case(arguments: ["-a", "MyApp", "S"]),
        Case(arguments: ["-i", "dialog-information", "S"]),
        Case(arguments: ["-i", "/usr/share/pixmaps/x.png", "S", "B"]),
        Case(arguments: ["-c", "email.arrived,x-custom", "S"]),
        Case(arguments: ["-e", "S"]),
        Case(arguments: ["--transient", "S"]),
        Case(arguments: ["-h", "int:n:5", "S"]),
        Case(arguments: ["-h", "INT:n:12abc", "S"]),
        Case(arguments: ["-h", "int:n:-5", "S"]),
        Case(arguments: ["-h", "double:d:2.5", "S"]),
        Case(arguments: ["-h", "byte:y:255", "S"]),
        Case(arguments: ["-h", "byte:y:256", "S"]),
        Case(arguments: ["-h", "boolean:b:true", "-h", "boolean:c:0", "-h", "boolean:d:7", "S"]),
        Case(arguments: ["-h", "string:s:x:y", "S"]),
        Case(arguments: ["-h", "variant:v:<uint32 7>", "S"]),
        Case(arguments: ["-h", "variant:v:(1, 'a')", "S"]),
        Case(arguments: ["-h", "variant:v:nope(", "S"]),
        Case(arguments: ["-h", "bad", "S"]),
        Case(arguments: ["-h", "float:f:1", "S"]),
        Case(arguments: ["-p", "S"]),
        Case(arguments: ["-r", "5", "-p", "S"]),
        Case(arguments: ["-pe", "S"]),
        Case(arguments: ["-pt", "3000", "S"]),
        Case(arguments: ["-v"]),
        Case(arguments: ["--version"]),
        Case(arguments: ["-?"]),
        Case(arguments: ["--help"]),
        Case(arguments: []),
        Case(arguments: [""]),
        Case(arguments: ["", "Body"]),
        Case(arguments: ["", "Body", "C"]),
        Case(arguments: ["-w", "--", ""]),
        Case(arguments: ["S", "B", "C"]),
        Case(arguments: ["--bogus", "S"]),
        Case(arguments: ["-x", "S"]),
        Case(arguments: ["S", "-t"]),
        Case(arguments: ["--", "-S", "-B"]),
        Case(arguments: ["S", "B", "-u", "critical"]),
        Case(arguments: ["-A", "yes=Yes", "-A", "No", "Question"], then: "invoke yes"),
        Case(arguments: ["-A", "yes=Yes", "-A", "No", "Question"], then: "invoke 1"),
        Case(arguments: ["-A", " spaced = Label ", "-A", "=Empty", "-A", "ok=", "Q"], then: "invoke spaced"),
        Case(arguments: ["-A", "yes=Yes", "Q"], then: "close 2"),
        Case(arguments: ["-w", "S"], then: "close 1"),
        Case(arguments: ["-w", "-t", "400", "S"], then: "close 1"),
        Case(arguments: ["-w", "S"], then: "sigint"),
        Case(arguments: ["-A", "yes=Yes", "Q"], caps: "body"),
        Case(arguments: ["S"], noServer: true),
    ]

    /// Difference.noWaitWithoutPopup, each way a popup cannot be posted. notify-send is given
    /// a few seconds to show that it still waits; alarmctl must be done long before its deadline.
    @Test(arguments: ["unset", "unix:path=/nonexistent/bus", "no server"])
    func waitWithoutAPopupEndsWithTheDBusError(bus: String) async throws {
        var testCase = Case(arguments: ["-w", "Tea"], noServer: bus == "no server", bus: bus == "no server" ? nil : bus)
        testCase.deadline = 3
        let notifySend = try await Self.run("/usr/bin/notify-send", [], testCase)
        #expect(notifySend.killed, "notify-send 0.8.1 waits forever here; if it no longer does, drop the difference")
        testCase.deadline = 15
        let started = Date()
        let ours = try await Self.run(BuildProducts.path("alarmctl"), ["notify"], testCase)
        #expect(!ours.killed && ours.status == 1, "\(bus): \(ours)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!ours.stderr.isEmpty)
        #expect(ours.stderr == notifySend.stderr, "the same D-Bus error")
        #expect(ours.stdout.isEmpty && ours.calls.isEmpty)
    }

    struct Run {
        var killed = false
        var status: Int32
        var stdout: String
        var stderr: String
        var calls: [ServerCall]
    }

    /// Three cases at a time: each runs two servers with their buses and two clients, and a
    /// wider fan-out would starve the rest of the test run on a small machine.
    @Test func everyCaseAsNotifySend() async throws {
        var pending = Self.cases[...]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                guard let next = pending.popFirst() else { break }
                group.addTask { try await Self.compare(next) }
            }
            while try await group.next() != nil {
                guard let next = pending.popFirst() else { continue }
                group.addTask { try await Self.compare(next) }
            }
        }
    }

    static func compare(_ testCase: Case) async throws {
        let notifySend = try await Self.run("/usr/bin/notify-send", [], testCase)
        let ours = try await Self.run(BuildProducts.path("alarmctl"), ["notify"], testCase)
        let explicitAppName = testCase.arguments.contains { $0 == "-a" || $0.hasPrefix("--app-name") }
        let ownText = testCase.arguments.contains { ["-v", "--version", "-?", "--help"].contains($0) }

        let name = testCase.testDescription
        #expect(ours.status == notifySend.status, "exit status: \(name)")
        if ownText {
            // Difference.ownText: alarmctl's words, same shape (text on stdout, nothing on stderr).
            #expect(!ours.stdout.isEmpty && !notifySend.stdout.isEmpty, "\(name)")
        } else {
            #expect(ours.stdout == notifySend.stdout, "stdout: \(name)")
        }
        #expect(ours.stderr == notifySend.stderr, "stderr: \(name)")
        #expect(ours.calls.count == notifySend.calls.count, "\(name): \(ours.calls) vs \(notifySend.calls)")
        for (mine, theirs) in zip(ours.calls, notifySend.calls) {
            #expect(mine.method == theirs.method, "\(name)")
            #expect(mine.id == theirs.id, "\(name)")
            #expect(mine.replacesID == theirs.replacesID, "\(name)")
            // Difference.defaultAppName
            #expect(mine.appName == (explicitAppName || theirs.method != "Notify" ? theirs.appName : "alarmctl"), "\(name)")
            #expect(mine.appIcon == theirs.appIcon, "\(name)")
            #expect(mine.summary == theirs.summary, "\(name)")
            #expect(mine.body == theirs.body, "\(name)")
            #expect(mine.actions == theirs.actions, "\(name)")
            #expect(mine.hints.filter { $0.key != "sender-pid" } == theirs.hints.filter { $0.key != "sender-pid" }, "\(name)")
            #expect(mine.expireTimeout == theirs.expireTimeout, "\(name)")
        }
    }

    /// Runs one binary against a fresh server, plays the case's `then`, and collects everything.
    static func run(_ executable: String, _ prefix: [String], _ testCase: Case) async throws -> Run {
        var serverArguments: [String] = []
        if let caps = testCase.caps { serverArguments += ["--caps", caps] }
        if testCase.noServer { serverArguments.append("--no-server") }
        let server = try FakeNotificationServer(arguments: serverArguments)
        var environment = ChildEnvironment.base
        environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        environment["LC_ALL"] = "C.UTF-8"
        let emptyRuntime = FileManager.default.temporaryDirectory.appendingPathComponent("oak-nobus-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: emptyRuntime) }
        switch testCase.bus {
        case nil: break
        case "unset":
            // GDBus would find $XDG_RUNTIME_DIR/bus, or autolaunch one on $DISPLAY.
            try FileManager.default.createDirectory(at: emptyRuntime, withIntermediateDirectories: true)
            environment["XDG_RUNTIME_DIR"] = emptyRuntime.path
            for name in ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        case let address?: environment["DBUS_SESSION_BUS_ADDRESS"] = address
        }
        let child = try Subprocess(executable, prefix + testCase.arguments, environment: environment, stdout: .pipe, stderr: .pipe)
        let stdout = Locked(Data()), stderr = Locked(Data())
        let readers = [(child.output!, stdout), (child.errors!, stderr)].map { handle, sink in
            let thread = Thread { sink.withLock { $0 = handle.readDataToEndOfFile() } }
            thread.start()
            return thread
        }
        if let then = testCase.then {
            let notify = try #require(try await server.waitForCalls { $0.contains { $0.method == "Notify" } }.first { $0.method == "Notify" })
            let words = then.split(separator: " ").map(String.init)
            switch words[0] {
            case "invoke": try await server.send("invoke \(notify.id) \(words[1])")
            case "close": try await server.send("close \(notify.id) \(words[1])")
            case "sigint":
                try await Task.sleep(for: .milliseconds(200))  // its handler is installed after the show
                child.signal(SIGINT)
            default: Issue.record("unknown step \(then)")
            }
        }
        let deadline = Date().addingTimeInterval(testCase.deadline)
        while child.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let killed = child.isRunning
        if killed { child.signal(SIGKILL) }
        let status = child.wait().status
        // The pipes close with the process: the readers end with them.
        let drained = Deadline(10)
        for reader in readers { while !reader.isFinished, !drained.passed { try await Task.sleep(for: .milliseconds(5)) } }
        // A CloseNotification sent at the end: in the log once the bus says the child left.
        let calls = try await server.callsOnceTheirSendersLeft().filter { $0.method != "GetCapabilities" && $0.method != "Disconnected" }
        return Run(
            killed: killed, status: status, stdout: String(decoding: stdout.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: stderr.withLock { $0 }, as: UTF8.self), calls: calls)
    }
}
