import GtkSupport

/// Every builder file of the app, for the UI check (`alarms-ui-check`, run by GtkSupportTests):
/// each `BuilderFile` is bound against the compiled bundle, so an id the code looks up that a
/// .ui file lacks, or has with another class, fails a test instead of a person's click; and
/// every .ui file in the bundle has a `BuilderFile`, so no look-up escapes the check.
@MainActor
package enum UIFiles {
    package static let all: [any BuilderFile.Type] = [
        WindowUI.self, AlarmRowUI.self, AlarmDialogUI.self, TimersUI.self, TimerRowUI.self, TimerSetupUI.self,
        TimerDialogUI.self, RingingUI.self, AboutUI.self, HelpOverlayUI.self,
    ]

    /// One line per file: nil when it binds, else what is wrong.
    package static func check() -> [(resource: String, problem: String?)] {
        var results = all.map { file -> (String, String?) in
            do throws(BuilderError) {
                _ = try file.init(Builder(resource: file.resource))
                return (file.resource, nil)
            } catch {
                return (file.resource, error.description)
            }
        }
        let declared = Set(all.map { $0.resource })
        for path in Resources.files(under: "/org/openalarmkit/Alarms") where path.hasSuffix(".ui") && !declared.contains(path) {
            results.append((path, "no BuilderFile reads it: declare one and list it in UIFiles.all"))
        }
        results.append(("accelerators in \(HelpOverlayUI.resource)", shortcutsProblem()))
        return results
    }

    /// The shortcuts window shows, for every accelerator the app sets, the same keys under the
    /// action's name as its id: it lists no key that does nothing, and misses none.
    static func shortcutsProblem() -> String? {
        do throws(BuilderError) {
            let builder = try Builder(resource: HelpOverlayUI.resource)
            for (action, keys) in AlarmsApplication.accelerators {
                let shown = try builder.object(action, as: ShortcutsShortcut.self).accelerator
                if shown != keys.joined(separator: " ") { return "\(action) shows \(shown), the app sets \(keys)" }
            }
            return nil
        } catch {
            return error.description
        }
    }
}

/// help-overlay.ui: the keyboard shortcuts window (`win.show-help-overlay`).
struct HelpOverlayUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/help-overlay.ui"
    let builder: Builder
    let window: Window

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("help_overlay")
    }
}
