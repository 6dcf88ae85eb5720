import Foundation
import Testing
import TestSupport

/// GtkSupport against real GTK: typed handles and their checked casts, builder look-ups, the one
/// trampoline (arguments, return values, release on disconnect and with its object), the
/// main-loop hop, `Retained`, the list helper, actions and accelerators, GSettings, and the
/// GResource bundle the plugin compiled. They run in `gtk-support-check`, a process of its own
/// on a private Xvfb: GTK needs GLib's default main context, which this process's other suites
/// give to AlarmNotify's GLib thread. Each of its checks is one expectation here.
@Suite(.timeLimit(.minutes(2))) struct GtkSupportTests {
    static let checks = [
        "handler-runs-per-emission", "handler-sees-its-emitter", "handler-alive-while-connected",
        "handler-released-on-disconnect", "handler-silent-after-disconnect", "handler-released-with-its-object",
        "boolean-argument", "boolean-return-stops-default", "hop-runs", "hop-runs-on-the-loop-thread",
        "timeout-fires", "timeout-fires-once", "retained-sinks", "retained-drops-its-reference",
        "cast-to-a-parent-class", "cast-to-another-class-refused", "cast-names-the-class",
        "bundle-registers", "bundle-lists-its-files", "builder-finds-a-label", "builder-reads-its-text",
        "builder-finds-a-subclass-as-its-parent", "builder-refuses-a-missing-id", "builder-refuses-a-wrong-class",
        "builder-lists-its-ids", "builder-refuses-a-missing-file", "bad-bundle-refused",
        "rowlist-adds-in-order", "rowlist-reorders", "rowlist-reorders-in-place", "rowlist-keeps-the-focus",
        "rowlist-updates-only-changed-rows", "rowlist-adds-new-rows-in-place", "rowlist-removes", "rowlist-frees-removed-rows",
        "action-runs", "action-takes-a-string", "disabled-action-does-not-run", "accelerators-set",
        "settings-absent-schema-is-nil", "settings-absent-key-is-nil", "settings-reads-the-default", "settings-sees-a-change",
        "calendar-selects-a-day", "calendar-ignores-a-day-that-does-not-exist", "action-row-title-is-plain-text",
    ]

    /// The environment of a helper on `display`, with GSettings kept in memory and a schema of
    /// the test's own: nothing reads or writes the machine's settings.
    static func environment(display: GtkTestDisplay, schemas: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.display
        environment["GDK_BACKEND"] = "x11"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GSETTINGS_SCHEMA_DIR"] = schemas.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        return environment
    }

    /// `org.openalarmkit.Check`, shaped as GNOME's clock-format key, compiled into a folder.
    static func checkSchema() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oak-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            <schemalist>
              <enum id="org.openalarmkit.Check.ClockFormat"><value nick="24h" value="0"/><value nick="12h" value="1"/></enum>
              <schema id="org.openalarmkit.Check" path="/org/openalarmkit/check/">
                <key name="clock-format" enum="org.openalarmkit.Check.ClockFormat"><default>'24h'</default></key>
              </schema>
            </schemalist>
            """.write(to: folder.appendingPathComponent("org.openalarmkit.Check.gschema.xml"), atomically: true, encoding: .utf8)
        let compiled = try Subprocess.run("/usr/bin/glib-compile-schemas", [folder.path])
        #expect(compiled.termination == .exited(0), "glib-compile-schemas: \(compiled.stderr)")
        return folder
    }

    @Test func bindingLayerAgainstRealGtk() throws {
        guard let display = try GtkTestDisplay.start() else { return }
        let schemas = try Self.checkSchema()
        defer { try? FileManager.default.removeItem(at: schemas) }
        let run = try Subprocess.run(BuildProducts.path("gtk-support-check"), [], environment: Self.environment(display: display, schemas: schemas))
        #expect(run.termination == .exited(0), "gtk-support-check: \(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for name in Self.checks {
            let line = lines.first { $0 == "ok \(name)" || $0.hasPrefix("fail \(name):") }
            #expect(line == "ok \(name)", "\(line ?? "\(name) did not run")")
        }
        #expect(lines.contains("checks \(Self.checks.count)"), "every check ran, none unlisted: \(lines.last ?? "")")
    }

    /// A cast to the wrong class stops a debug build where it happens, naming both classes, as
    /// GTK's `G_TYPE_CHECK_INSTANCE_CAST` warns; the tests run a debug build.
    @Test func wrongCastStopsADebugBuild() throws {
        guard let display = try GtkTestDisplay.start() else { return }
        let schemas = try Self.checkSchema()
        defer { try? FileManager.default.removeItem(at: schemas) }
        var environment = Self.environment(display: display, schemas: schemas)
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let run = try Subprocess.run(BuildProducts.path("gtk-support-check"), ["--bad-cast"], environment: environment)
        #expect(run.termination != .exited(0) && !run.stdout.contains("cast passed"), "the cast went through: \(run.stdout)")
        #expect(run.stderr.contains("a GtkLabel used as a GtkSwitch"), "\(run.stderr)")
    }

    /// Every builder file of the app binds against the bundle the app carries: every id the
    /// code looks up is in its .ui file with the class the code expects, no .ui file is read
    /// around the check, and the shortcuts window shows the keys the app sets.
    @Test func everyIdTheAppLooksUpIsInItsUIFiles() throws {
        guard let display = try GtkTestDisplay.start() else { return }
        let schemas = try Self.checkSchema()
        defer { try? FileManager.default.removeItem(at: schemas) }
        let run = try Subprocess.run(BuildProducts.path("alarms-ui-check"), [], environment: Self.environment(display: display, schemas: schemas))
        #expect(run.termination == .exited(0), "alarms-ui-check: \(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("fail") }.isEmpty, "\(lines.filter { $0.hasPrefix("fail") })")
        for file in ["window.ui", "alarm-row.ui", "alarm-dialog.ui", "timers.ui", "timer-dialog.ui", "help-overlay.ui", "unrung-dialog.ui"] {
            #expect(lines.contains("ok /org/openalarmkit/Alarms/\(file)"), "\(file) was not checked: \(lines)")
        }
        #expect(lines.contains("ok accelerators in /org/openalarmkit/Alarms/help-overlay.ui"), "the shortcuts window's keys: \(lines)")
    }

    /// The handles make misuse a compile error: a label is no switch, whether its switch call
    /// is made on it or it is passed where a switch is taken. A control that uses the same
    /// handles correctly must compile, so a broken compiler setup fails rather than passes.
    @Test func aLabelDoesNotCompileAsASwitch() throws {
        let control = """
            import GtkSupport
            @MainActor func control(_ label: Label, _ place: Bin, _ toggle: Switch) {
                place.setChild(label)
                toggle.setActive(!toggle.isActive)
                label.setText("on")
            }
            """
        let compiled = try typecheck(control)
        #expect(compiled.status == 0, "the control does not compile: \(compiled.errors)")
        let calledOnALabel = try typecheck("import GtkSupport\n@MainActor func misuse(_ label: Label) { label.setActive(true) }\n")
        #expect(calledOnALabel.status != 0 && calledOnALabel.errors.contains("value of type 'Label' has no member 'setActive'"),
                "\(calledOnALabel.errors)")
        let passedAsASwitch = try typecheck(
            "import GtkSupport\n@MainActor func flip(_ toggle: Switch) { toggle.setActive(true) }\n@MainActor func misuse(_ label: Label) { flip(label) }\n")
        #expect(passedAsASwitch.status != 0 && passedAsASwitch.errors.contains("cannot convert value of type 'Label' to expected argument type 'Switch'"),
                "\(passedAsASwitch.errors)")
    }

    /// `swiftc -typecheck` of `source` against the built GtkSupport module and the CGtk headers.
    private func typecheck(_ source: String) throws -> (status: Int32, errors: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oak-typecheck-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let flags = try Subprocess.run("/usr/bin/pkg-config", ["--cflags-only-I", "libadwaita-1"])
        let includes = flags.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .flatMap { ["-Xcc", $0] }
        let arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", BuildProducts.built.appendingPathComponent("Modules").path,
                         "-Xcc", "-fmodule-map-file=\(repository.appendingPathComponent("Sources/CGtk/module.modulemap").path)"]
            + includes + [file.path]
        // The toolchain that builds the tests is on this process's PATH, not on the children's.
        let run = try Subprocess.run("/usr/bin/env", arguments, environment: ChildEnvironment.with(["PATH": ProcessInfo.processInfo.environment["PATH"]]))
        return (run.termination.status, run.stdout + run.stderr)
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
