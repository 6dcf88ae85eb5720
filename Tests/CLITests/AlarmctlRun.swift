import Foundation
import Testing
import TestSupport

/// One run of the real `alarmctl` binary that `swift test` built next to the test bundle.
struct AlarmctlRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static let binary: URL? = {
        let path = BuildProducts.path("alarmctl")
        return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }()

    /// Runs `alarmctl` with `arguments`; `environment` replaces TZ handling: nil leaves TZ unset.
    init(_ arguments: [String], tz: String? = nil) throws {
        let binary = try #require(Self.binary, "alarmctl was not built next to the tests")
        let environment = ChildEnvironment.with(["TZ": tz])
        let result = try Subprocess.run(binary.path, arguments, environment: environment)
        status = result.termination.status
        stdout = result.stdout
        stderr = result.stderr
    }

    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}
