import CGtk
import GtkSupport

/// The main window: built from window.ui, it owns the Alarms page controller and the health
/// banner, and hands the Timers page's place (`timers_page`) to whoever fills it.
@MainActor
final class AlarmsWindow {
    let builder: Builder
    let window: GObjectPointer

    init(application: GObjectPointer) {
        builder = Builder(resource: "/org/openalarmkit/Alarms/window.ui")
        window = builder.object("window")
        gtk_window_set_application(ptr(window), ptr(application))
    }

    func present() { gtk_window_present(ptr(window)) }
}
