import AlarmClient
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The application: its bundle, its one window, the app-wide actions and every accelerator.
/// Features are actions (`app.` here, `win.` in AlarmsWindow), reached alike by the menu, the
/// buttons of the .ui files and the keys below, and listed by the shortcuts window
/// (help-overlay.ui), which reads these accelerators.
@MainActor
package enum AlarmsApplication {
    package static let id = "org.openalarmkit.Alarms"

    /// Every accelerator, by detailed action name. F10 opens the primary menu by itself (its
    /// button is `primary`).
    static let accelerators: [(action: String, keys: [String])] = [
        ("app.quit", ["<Control>q"]),
        ("win.close", ["<Control>w"]),
        ("win.show-help-overlay", ["<Control>question"]),
        ("win.new", ["<Control>n"]),
        ("win.set-page::alarms", ["<Alt>1"]),
        ("win.set-page::timers", ["<Alt>2"]),
    ]

    /// Runs the app until it quits; the exit status.
    package static func run() -> Int32 {
        // Binds the gettext domain before GtkBuilder translates the .ui files' strings.
        _ = tr("Alarms")
        do { try registerResources() } catch {
            StandardError.write("openalarmkit-alarms: \(error.description)\n")
            return 1
        }
        let owner = Retained(Application(id: id), adopting: true)
        let application = owner.object
        var window: AlarmsWindow?
        application.addAction("quit") {
            window?.close()
            application.quit()
        }
        application.addAction("about") { showAbout(over: window) }
        // Stop and Snooze from the lock screen or a popup, with or without the window
        // (D-Bus activation: DBusActivatable in the .desktop file), and show-alarm to open on one.
        let service = AlarmService(deliver: { work in MainLoop.invoke(work) })
        for action in RingingAction.allCases {
            application.addAction(action.rawValue, string: { parameter in
                application.hold()
                (window?.service ?? service).perform(action, parameter) { result in
                    defer { application.release() }
                    guard case .failure(let error) = result else { return }
                    if let window { window.toast(error.description) } else { StandardError.write("openalarmkit-alarms: \(TerminalSafe.text(error.description))\n") }
                }
            })
        }
        application.addAction("show-alarm", string: { parameter in
            let made = window ?? AlarmsWindow(application: application)
            window = made
            made.show(alarm: UUID(uuidString: parameter))
        })
        for (action, keys) in accelerators { application.setAccelerators(keys, for: action) }
        application.onActivate {
            // A second launch activates the running instance: its window comes forward.
            if let window {
                window.present()
                return
            }
            let made = AlarmsWindow(application: application)
            window = made
            made.present()
        }
        return application.run()
    }

    /// The compiled bundle of `ui/`, which GtkBuilder, the style sheet and the icons read.
    package static func registerResources() throws(Resources.Failure) {
        try Resources.register(base64: compiledResources)
    }

    /// About Alarms, with the package's version, over the window.
    static func showAbout(over window: AlarmsWindow?) {
        let about = AboutUI.load()
        about.window.setVersion(PackageVersion.current)
        if let window { about.window.setTransientFor(window.window) }
        about.window.present()
    }
}

/// about.ui.
struct AboutUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/about.ui"
    let builder: Builder
    let window: AboutWindow

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("about")
    }
}
