import Foundation
import Testing
import TestSupport

/// GtkSupport against real GTK: the one trampoline (arguments, return values, release on
/// disconnect and with its object), the main-loop hop from another thread, ObjectRef, and the
/// GResource bundle the plugin compiled. They run in `gtk-support-check`, a process of its own
/// on a private Xvfb: GTK needs GLib's default main context, which this process's other suites
/// give to AlarmNotify's GLib thread. Each of its checks is one expectation here.
@Suite(.timeLimit(.minutes(2))) struct GtkSupportTests {
    static let checks = [
        "handler-runs-per-emission", "handler-sees-its-emitter", "handler-alive-while-connected",
        "handler-released-on-disconnect", "handler-silent-after-disconnect", "handler-released-with-its-object",
        "boolean-argument", "boolean-return-stops-default", "hop-runs", "hop-runs-on-the-loop-thread",
        "timeout-fires", "timeout-fires-once", "objectref-sinks", "objectref-drops-its-reference",
        "bundle-registers", "builder-finds-a-label", "builder-reads-its-text", "bad-bundle-refused",
    ]

    @Test func bindingLayerAgainstRealGtk() throws {
        guard let display = try GtkTestDisplay.start() else { return }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.display
        environment["GDK_BACKEND"] = "x11"
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let run = try Subprocess.run(BuildProducts.path("gtk-support-check"), [], environment: environment)
        #expect(run.termination == .exited(0), "gtk-support-check: \(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for name in Self.checks {
            let line = lines.first { $0 == "ok \(name)" || $0.hasPrefix("fail \(name):") }
            #expect(line == "ok \(name)", "\(line ?? "\(name) did not run")")
        }
        #expect(lines.contains("checks \(Self.checks.count)"), "every check ran, none unlisted: \(lines.last ?? "")")
    }

    /// An Xvfb that dies before it reports a display (here one that exits at once) fails the
    /// test in seconds: the wrapper shell still holds the pipe open, so reading it to a report
    /// that never comes blocked the whole run.
    @Test func anXvfbThatDiesBeforeReportingFailsInSeconds() throws {
        let started = ContinuousClock.now
        var display: GtkTestDisplay?
        withKnownIssue("the dead Xvfb is reported") {
            display = try GtkTestDisplay.start(xvfb: "/bin/false", reportWithin: 2)
        }
        #expect(display == nil)
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
