import GtkSupport

/// Every builder file of the app, for the UI check (`alarms-ui-check`, run by GtkSupportTests):
/// each `BuilderFile` is bound against the compiled bundle, so an id the code looks up that a
/// .ui file lacks, or has with another class, fails a test instead of a person's click; and
/// every .ui file in the bundle has a `BuilderFile`, so no look-up escapes the check.
@MainActor
package enum UIFiles {
    package static let all: [any BuilderFile.Type] = [
        WindowUI.self, AlarmRowUI.self, AlarmDialogUI.self, TimersUI.self, TimerRowUI.self, TimerSetupUI.self,
        TimerDialogUI.self, RingingUI.self, AboutUI.self, HelpOverlayUI.self, UnrungDialogUI.self,
    ]

    /// What the check can find wrong.
    package enum Problem: Error {
        /// The file does not load, or lacks an id the code binds, or has it with another class.
        case binding(BuilderError)
        /// A .ui file in the bundle that no `BuilderFile` declares.
        case undeclared
        /// The shortcuts window shows other keys for `action` than the app sets.
        case shortcut(action: String, shown: String, set: [String])
    }

    /// Each file with nil when it binds, else what is wrong; then the shortcuts window's keys
    /// (under the resource path of help-overlay.ui again).
    package static func check() -> [(resource: String, problem: Problem?)] {
        var results = all.map { file -> (String, Problem?) in
            do throws(BuilderError) {
                _ = try file.init(Builder(resource: file.resource))
                return (file.resource, nil)
            } catch {
                return (file.resource, .binding(error))
            }
        }
        let declared = Set(all.map { $0.resource })
        for path in Resources.files(under: "/org/openalarmkit/Alarms") where path.hasSuffix(".ui") && !declared.contains(path) {
            results.append((path, .undeclared))
        }
        results.append((HelpOverlayUI.resource, shortcutsProblem()))
        return results
    }

    /// The shortcuts window shows, for every accelerator the app sets, the same keys under the
    /// action's name as its id: it lists no key that does nothing, and misses none.
    static func shortcutsProblem() -> Problem? {
        do throws(BuilderError) {
            let builder = try Builder(resource: HelpOverlayUI.resource)
            for (action, keys) in AlarmsApplication.accelerators {
                let shown = try builder.object(action, as: ShortcutLabel.self).accelerator
                if shown != keys.joined(separator: " ") { return .shortcut(action: action, shown: shown, set: keys) }
            }
            return nil
        } catch {
            return .binding(error)
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
