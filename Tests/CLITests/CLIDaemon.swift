import Foundation
import Testing
import TestSupport

/// A real alarmd in a temporary home for alarmctl's end-to-end tests: its own XDG folders,
/// the `null` sound device, no notification server unless one is given.
final class CLIDaemon: @unchecked Sendable {
    let root: URL
    let environment: [String: String]
    private var process: Subprocess?

    init(bus: String? = nil, extra: [String: String] = [:]) throws {
        var environment: [String: String]
        (root, environment) = try IsolatedHome.make(prefix: "oak-cli", audioDevice: { _ in "null" }, bus: bus)
        environment["LC_ALL"] = "C"
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
    }

    deinit {
        if let process, process.isRunning {
            process.signal(SIGKILL)
            process.wait()
        }
        try? FileManager.default.removeItem(at: root)
    }

    var socket: String { root.appendingPathComponent("run/openalarmkit/alarmd.sock").path }

    /// `launcher`: a command alarmd runs under (`setpriv --bounding-set=-wake_alarm`).
    func start(launcher: [String] = []) throws {
        let log = root.appendingPathComponent("alarmd.log").path
        let command = launcher + [BuildProducts.path("alarmd")]
        let process = try Subprocess(command[0], Array(command.dropFirst()), environment: environment, stdout: .file(log), stderr: .file(log))
        self.process = process
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if try alarmctl("status").status == 0 { return }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw Failure(description: "alarmd did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.signal(SIGTERM)
        process.wait()
    }

    /// Runs the built alarmctl to its end.
    @discardableResult
    func alarmctl(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (result.termination.status, result.stdout, result.stderr)
    }

    /// The same, with the arguments in an array.
    func alarmctl(arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (result.termination.status, result.stdout, result.stderr)
    }

    /// Runs the built alarmctl with some variables changed (an empty value unsets one).
    func alarmctl(with changes: [String: String], _ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        var environment = self.environment
        for (key, value) in changes { environment[key] = value.isEmpty ? nil : value }
        let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: environment)
        return (result.termination.status, result.stdout, result.stderr)
    }

    /// The alarms as `alarmctl list --json` prints them.
    func alarms() throws -> [[String: Any]] {
        let run = try alarmctl("list", "--json")
        return (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) as? [[String: Any]] ?? []
    }

    /// Each alarm's lifecycle state ("countdown", "paused", ...), soonest first.
    func states() throws -> [String] {
        try alarms().compactMap { ($0["phase"] as? [String: Any])?.keys.first }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A date `years` ahead of today, as alarmctl reads it ("2031-03-14"): a dated alarm that
    /// stays in the future whenever the tests run (a fixed date would start failing the day
    /// it passed).
    static func dateAhead(years: Int, month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = calendar.component(.year, from: Date()) + years
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}

/// A running alarmctl whose output is collected as it comes, to wait for a screen and type keys.
/// With `terminal`, it runs under `script`, in a pseudo terminal of its own.
final class LiveAlarmctl: @unchecked Sendable {
    let process: Subprocess
    private let collected = Locked<Data>(Data())

    init(_ arguments: [String], environment: [String: String], terminal: Bool) throws {
        let alarmctl = BuildProducts.path("alarmctl")
        if terminal {
            // -e: script exits with the child's status; -f: flush output as it comes.
            let command = ([alarmctl] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process = try Subprocess("/usr/bin/script", ["-qefc", command, "/dev/null"], environment: environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        } else {
            process = try Subprocess(alarmctl, arguments, environment: environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        }
        for handle in [process.output!, process.errors!] {
            let sink = collected
            Thread {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { return }
                    sink.withLock { $0.append(chunk) }
                }
            }.start()
        }
    }

    /// Everything printed so far (stdout and stderr interleaved as they came).
    var text: String { String(decoding: collected.withLock { $0 }, as: UTF8.self) }

    /// Waits until the output contains `needle`.
    func waitFor(_ needle: String, seconds: Double = 15) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.contains(needle) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw CLIDaemon.Failure(description: "no '\(needle)' within \(seconds) s; output so far: \(text.debugDescription)")
    }

    func type(_ keys: String) { process.input?.write(Data(keys.utf8)) }

    /// Waits for the end (killing it after `seconds`) and returns its exit status.
    func finish(seconds: Double = 15) async -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.signal(SIGKILL) }
        return process.wait().status
    }

    /// The lines of the output, terminal redraws (`\r` and erase-line) resolved to what stays.
    var finalLines: [String] {
        // "\r\n" is one Character in Swift: make it a plain newline before splitting.
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\u{1B}[2K", with: "").split(separator: "\n").map { line in
            String(line.split(separator: "\r", omittingEmptySubsequences: true).last ?? "")
        }.filter { !$0.isEmpty }
    }
}
