import Foundation
import OpenAlarmKit
import Testing
import TestSupport

/// Hostile titles (OSC and CSI sequences, other control characters) must not reach alarmd's
/// log or an alarmctl message raw. Every human-readable output escapes them: this feeds such titles through every alarmctl command that shows an alarm, and
/// through the log, and scans everything printed for a raw ESC, C0, DEL or C1 character.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct HostileTitleTests {
    /// Sets the terminal's title, clears the screen, a C1 CSI, DEL, backspace, a carriage
    /// return and a forged line.
    static let hostile = "Tea\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{7F}\u{08}\rforged\nline"

    /// The raw control characters in `text` (a newline or tab of the output's own is fine).
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F: true
            default: false
            }
        }.map { "U+" + String($0.value, radix: 16) }
    }

    @Test func noCommandAndNoLogLineShowsARawControlCharacter() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nring_timeout = 5\n")
        try daemon.start()
        var outputs: [(what: String, text: String)] = []
        @discardableResult
        func run(_ arguments: String...) throws -> Int32 {
            let result = try Subprocess.run(BuildProducts.path("alarmctl"), arguments, environment: daemon.environment)
            outputs.append((arguments.joined(separator: " "), result.stdout + result.stderr))
            return result.termination.status
        }
        let watch = try Subprocess(
            BuildProducts.path("alarmctl"), ["watch"], environment: daemon.environment,
            stdout: .file(daemon.root.appendingPathComponent("watch.out").path), stderr: .file(daemon.root.appendingPathComponent("watch.out").path))

        try run("add", "tomorrow", "7am", "--title", Self.hostile)
        try run("add", "weekdays", "6:30", "--title", Self.hostile)
        try run("timer", "1s", "--title", Self.hostile)
        try run("timer", "1h", "--title", Self.hostile)
        try run("add", "tomorrow", "8am", "--title", Self.hostile, "--sound", Self.hostile)
        try run("add", Self.hostile)
        let alarms = try daemon.list()
        #expect(alarms.count == 4, "\(alarms.count) alarms")
        let oneOff = try #require(alarms.first { if case .fixed = $0.schedule { true } else { false } })
        let weekly = try #require(alarms.first { if case .relative = $0.schedule { true } else { false } })
        let hour = try #require(alarms.first { $0.countdownDuration?.preAlert == 3600 })
        let ids = [oneOff, weekly, hour].map { String($0.id.uuidString.prefix(8)) }
        try run("list")
        try run("status")
        for id in ids {
            try run("show", id)
            try run("edit", id, "--title", Self.hostile + " edited")
            try run("skip", id)
            try run("snooze", id)
            try run("disable", id)
            try run("enable", id)
            try run("pause", id)
            try run("resume", id)
            try run("stop", id)
        }
        try run("cancel", ids[0])
        // The 1 s timer rings, rings out unanswered after ring_timeout (5 s), and is missed.
        try await eventually("the timer to be missed", within: 20) {
            try daemon.connect().send(.missed).missed?.isEmpty == false
        }
        try run("missed")
        watch.signal(SIGTERM)
        watch.wait()
        outputs.append(("watch", (try? String(contentsOf: daemon.root.appendingPathComponent("watch.out"), encoding: .utf8)) ?? ""))
        outputs.append(("alarmd's log", daemon.logText))
        #expect(daemon.logText.contains("missed alarm"), "the title went through the log: \(daemon.logText)")

        let offenders = outputs.filter { !Self.rawControls($0.text).isEmpty }
        #expect(offenders.isEmpty, "raw control characters in: \(offenders.map(\.what))")
        for (what, text) in offenders { Issue.record("\(what): \(text.debugDescription)") }
        #expect(outputs.contains { $0.text.contains("\\x1b]0;pwned") }, "titles are shown, escaped")
    }
}
