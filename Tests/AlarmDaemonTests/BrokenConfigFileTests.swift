import Foundation
import OpenAlarmKit
import Testing
import TestSupport

/// Four kinds of broken config.toml that a TOML parser would read as "no file" or cut short at
/// a NUL: random bytes, a NUL byte, invalid UTF-8 and a folder named config.toml. Each is
/// reported like any other bad file: by
/// `alarmctl config check` (exit status 2), in the log, and in `alarmctl status`.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct BrokenConfigFileTests {
    /// What to put at config.toml, and what the report must say.
    enum Broken: CaseIterable, Sendable {
        case randomBytes, nulByte, invalidUTF8, folder

        var expected: String {
            switch self {
            case .randomBytes, .invalidUTF8: "not valid UTF-8"
            case .nulByte: "NUL byte"
            case .folder: "is a folder"
            }
        }

        func write(at path: String) throws {
            try? FileManager.default.removeItem(atPath: path)
            switch self {
            case .randomBytes:
                // From a printed seed: OPENALARMKIT_TEST_SEED makes the same file again.
                var random = TestRandom()
                var bytes = Array(random.bytes(4096, in: 1...255))
                bytes[100] = 0xFF  // never valid in UTF-8, whatever the draw
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            case .nulByte:
                // Valid TOML up to the NUL, where the parser stopped: what follows went unseen.
                try Data("[alarms]\nsnooze = 120\0 garbage = [[[\n".utf8).write(to: URL(fileURLWithPath: path))
            case .invalidUTF8:
                try Data(Array("[alarms]\n# caf".utf8) + [0xE9] + Array("\nsnooze = 120\n".utf8)).write(to: URL(fileURLWithPath: path))
            case .folder:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
        }
    }

    @Test(arguments: Broken.allCases)
    func aBrokenFileIsReportedAtStartOnReloadAndByConfigCheck(_ broken: Broken) async throws {
        let daemon = try DaemonHarness(withNotificationServer: false, config: "[alarms]\nsnooze = 300\n")
        let path = daemon.paths.configFile
        try broken.write(at: path)

        let check = try daemon.alarmctl("config", "check")
        #expect(check.status == 2, "config check exits 2: \(check.out) \(check.err)")
        #expect(check.err.contains("config.toml") && check.err.contains(broken.expected), "\(check.err)")

        // At start: the defaults, and the problem in the log and in `status`.
        try daemon.start()
        let status = try #require(try daemon.connect().send(.status).status)
        #expect(status.configProblem?.contains(broken.expected) == true, "\(status.configProblem ?? "no problem reported")")
        #expect(daemon.logText.contains(broken.expected), "\(daemon.logText)")
        #expect(try daemon.alarmctl("status").out.contains(broken.expected))

        // On SIGHUP after a good file: refused, the good settings kept.
        try? FileManager.default.removeItem(atPath: path)
        try "[alarms]\nsnooze = 300\n".write(toFile: path, atomically: true, encoding: .utf8)
        kill(try #require(daemon.pid), SIGHUP)
        try await eventually("the good file to load") { try daemon.connect().send(.status).status?.configProblem == nil }
        try broken.write(at: path)
        kill(try #require(daemon.pid), SIGHUP)
        try await eventually("the broken file to be refused") {
            try daemon.connect().send(.status).status?.configProblem?.contains(broken.expected) == true
        }
        #expect(try daemon.connect().send(.status).status?.defaultSnooze == 300, "the last good settings stay")
    }
}
