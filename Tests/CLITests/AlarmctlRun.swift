import Foundation
import Testing

/// One run of the real `alarmctl` binary that `swift test` built next to the test bundle.
struct AlarmctlRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static let binary: URL? = {
        let here = URL(fileURLWithPath: #filePath)
        let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ].compactMap { $0?.appendingPathComponent("alarmctl") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `alarmctl` with `arguments`; `environment` replaces TZ handling: nil leaves TZ unset.
    init(_ arguments: [String], tz: String? = nil) throws {
        let binary = try #require(Self.binary, "alarmctl was not built next to the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = tz
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Small outputs: reading to the end before waiting cannot deadlock on a full pipe.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData, as: UTF8.self)
    }

    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}
