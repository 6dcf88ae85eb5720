import CGtk
import Foundation
import Testing
import TestSupport

/// GTK on a private Xvfb, started once for the suite: its display number read from
/// `-displayfd`, DISPLAY set before gtk_init. Without Xvfb the tests skip saying so, and fail
/// where every test must run (RealServers).
@MainActor
enum GtkTestDisplay {
    private static var server: Subprocess?
    private static var ready: Bool?

    /// Whether GTK is initialised on a display; records the reason when not.
    static func start() throws -> Bool {
        if let ready { return ready }
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else {
            if RealServers.required { Issue.record("Xvfb is missing: apt-get install xvfb (scripts/setup)") }
            ready = false
            return false
        }
        // The shell ends Xvfb when its stdin, a pipe this process holds, closes: when the test
        // process exits, however it exits, no Xvfb is left behind.
        let process = try Subprocess(
            "/bin/sh", ["-c", "\(xvfb) -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>&1 >/dev/null 2>&1 </dev/null & x=$!; read _; kill $x"],
            stdin: .pipe, stdout: .pipe)
        server = process
        let line = String(decoding: process.output!.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let number = Int(line) else {
            Issue.record("Xvfb did not report a display (\(line))")
            ready = false
            return false
        }
        setenv("DISPLAY", ":\(number)", 1)
        unsetenv("WAYLAND_DISPLAY")
        setenv("GDK_BACKEND", "x11", 1)
        let initialised = gtk_init_check() != 0
        if !initialised { Issue.record("gtk_init_check failed on :\(number)") }
        ready = initialised
        return initialised
    }

    /// Runs GLib's main loop until `condition` holds or `seconds` pass.
    static func iterate(until condition: () -> Bool, seconds: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        return condition()
    }
}
