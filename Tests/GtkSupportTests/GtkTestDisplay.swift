import Foundation
import Testing
import TestSupport

/// A private Xvfb for one test: its display number read from `-displayfd`. Without Xvfb the
/// test skips saying so, and fails where every test must run (RealServers).
final class GtkTestDisplay {
    let display: String
    private let server: Subprocess

    /// nil when there is no Xvfb (recorded as an issue where every test must run), or when it
    /// reports no display within `seconds` (it died: recorded as an issue).
    static func start(xvfb: String = "/usr/bin/Xvfb", reportWithin seconds: Double = 30) throws -> GtkTestDisplay? {
        guard FileManager.default.isExecutableFile(atPath: xvfb) else {
            if RealServers.required { Issue.record("Xvfb is missing: apt-get install xvfb (scripts/setup)") }
            print("GtkSupportTests: skipped, no Xvfb (apt-get install xvfb)")
            return nil
        }
        // The shell ends Xvfb when its stdin, a pipe this process holds, closes: when the test
        // process exits, however it exits, no Xvfb is left behind.
        let server = try Subprocess(
            "/bin/sh", ["-c", "\(xvfb) -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>&1 >/dev/null 2>&1 </dev/null & x=$!; read _; kill $x"],
            stdin: .pipe, stdout: .pipe)
        // An Xvfb that dies before it reports (or never reports) must fail this test, not hang it.
        let line = server.readLine(within: seconds)
        guard let number = line.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            Issue.record("Xvfb did not report a display within \(Int(seconds)) s (\(line ?? "no report"))")
            try? server.input?.close()
            server.wait(within: 10)
            return nil
        }
        return GtkTestDisplay(display: ":\(number)", server: server)
    }

    private init(display: String, server: Subprocess) {
        self.display = display
        self.server = server
    }

    deinit {
        try? server.input?.close()
        server.wait(within: 10)
    }
}
