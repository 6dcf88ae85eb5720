import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// Several clients finding no daemon at once (a status bar with four `alarmctl watch` modules
/// at login) each start one. Exactly one may serve; the others must leave the database alone.
@Suite(.timeLimit(.minutes(3)), .tags(.products)) struct ConcurrentStartTests {
    @Test func eightClientsStartingAtOnceGetOneDaemonAndLoseNoAlarm() async throws {
        for round in 1...50 {
            let daemon = try DaemonHarness(withNotificationServer: false, extra: ["OPENALARMKIT_NO_AUTOSTART": nil])
            let errors = daemon.root.appendingPathComponent("clients.err").path
            let clients = try (0..<8).map { client in
                try Subprocess(
                    BuildProducts.path("alarmctl"), ["timer", "1h", "--title", "client \(client)", "--json"],
                    environment: daemon.environment, stdout: .pipe, stderr: .file(errors))
            }
            let results = try await onOwnThread {
                clients.map { client in (output: client.readToEnd(within: 60), ended: client.wait()) }
            }
            var acknowledged: [UUID] = []
            for result in results {
                #expect(result.ended == .exited(0), "round \(round): \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
                if let record = try? AlarmProtocol.decoder().decode(AlarmRecord.self, from: result.output) { acknowledged.append(record.id) }
            }
            #expect(acknowledged.count == 8, "round \(round): every client's alarm is acknowledged")

            // Losers of the race may still be on their way out when the clients are done.
            var serving: [pid_t] = []
            await eventually("round \(round): one alarmd") {
                serving = daemons(servingStateOf: daemon.root.path)
                return serving.count == 1
            }
            let stateFiles = try FileManager.default.contentsOfDirectory(atPath: daemon.paths.stateDirectory)
            #expect(!stateFiles.contains { $0.contains("corrupt") }, "round \(round): nothing set aside: \(stateFiles)")

            for pid in serving { kill(pid, SIGTERM) }
            await eventually("round \(round): the daemon to stop") { daemons(servingStateOf: daemon.root.path).isEmpty }
            let kept = try await onOwnThread {
                try daemon.start()
                defer { daemon.stop() }
                return Set(try daemon.list().map(\.id))
            }
            #expect(kept.isSuperset(of: acknowledged), "round \(round): every acknowledged alarm survives a restart")
            if acknowledged.count != 8 || serving.count != 1 { break }  // one failing round says it all
        }
    }

    @Test func aClientThatStartedTheDaemonKeepsNoDefunctChild() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, extra: ["OPENALARMKIT_NO_AUTOSTART": nil])
        // Long-lived clients, as a status bar runs them: a race loser's exit must not leave a
        // zombie under any of them, and the winner must not stay their child either.
        let watchers = try (0..<4).map { _ in
            try Subprocess(BuildProducts.path("alarmctl"), ["watch", "--json"], environment: daemon.environment, stdout: .pipe, stderr: .null)
        }
        defer {
            for watcher in watchers {
                watcher.signal(SIGTERM)
                watcher.wait()
            }
            for pid in daemons(servingStateOf: daemon.root.path) { kill(pid, SIGTERM) }
        }
        // The first line is the alarm list: each client has connected.
        _ = try await onOwnThread { watchers.map { watcher in watcher.output.map { readLine(from: $0) } } }
        // Not a pause: a client's only child is its `alarmd --background` starter, which exits
        // once its daemon knows its fate (it serves, or another does). Held by a pidfd, its end
        // is the event; a child that does not end (the daemon as the client's child) fails here.
        for watcher in watchers {
            for child in children(of: watcher.pid) {
                guard let held = ProcessHandle(child) else { continue }  // reaped meanwhile
                #expect(await held.ended(within: 10), "alarmctl \(watcher.pid) has a child \(child) that goes on running")
            }
        }
        // What is left is the client's reaping, which its waitpid does as the starter exits: a
        // defunct child that stays is the failure.
        for watcher in watchers {
            #expect(await hasNoChildren(watcher.pid, within: 10), "alarmctl \(watcher.pid) has children \(children(of: watcher.pid))")
        }
        await eventually("one alarmd") { daemons(servingStateOf: daemon.root.path).count == 1 }
    }
}

/// The alarmd processes whose XDG_STATE_HOME lies under `root` (readable as the same user).
private func daemons(servingStateOf root: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
        guard let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
            let executable = command.split(separator: 0).first,
            String(decoding: executable, as: UTF8.self).hasSuffix("/alarmd"),
            !isZombie(pid),
            let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        else { return false }
        return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "XDG_STATE_HOME=\(root)/state" }
    }
}

/// Whether `parent` has no child (running or defunct) within `seconds`.
private func hasNoChildren(_ parent: pid_t, within seconds: Double) async -> Bool {
    let deadline = Deadline(seconds)
    while !children(of: parent).isEmpty {
        if deadline.passed { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// Child processes of `parent`, running or defunct.
private func children(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { stat(of: $0)?.parent == parent }
}

private func isZombie(_ pid: pid_t) -> Bool { stat(of: pid)?.state == "Z" }

/// State and parent from /proc/PID/stat ("pid (comm) S ppid ..."; comm may hold spaces).
private func stat(of pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
    return (state, parent)
}

private func readLine(from handle: FileHandle) -> String {
    var line = Data()
    while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != 0x0A { line.append(first) }
    return String(decoding: line, as: UTF8.self)
}
