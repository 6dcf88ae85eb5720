import AlarmClient
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The main window: built from window.ui, it owns the state mirrored from alarmd, the link to
/// alarmd, the Alarms page and the health banner, and leaves the Timers page's place
/// (`timers_page`) to the Timers page.
@MainActor
final class AlarmsWindow {
    let builder: Builder
    let window: GObjectPointer
    let state = AlarmsState()
    let service = AlarmService(deliver: { work in MainLoop.invoke(work) })
    private(set) var alarmsPage: AlarmsPage!
    private var banner: HealthBanner!
    private var timersPage: TimersPage!
    private var ringingView: RingingView!
    private var unrungButton: UnrungButton!
    private var dialog: AlarmDialog?

    init(application: GObjectPointer) {
        builder = Builder(resource: "/org/openalarmkit/Alarms/window.ui")
        window = builder.object("window")
        gtk_window_set_application(ptr(window), ptr(application))
        alarmsPage = AlarmsPage(builder: builder, state: state, service: service)
        alarmsPage.onEdit = { [unowned self] id in openDialog(editing: state.record(id)) }
        alarmsPage.onError = { [unowned self] message in toast(message) }
        banner = HealthBanner(builder: builder, state: state)
        timersPage = TimersPage(window: builder, state: state, service: service)
        ringingView = RingingView(window: builder, state: state, service: service)
        ringingView.onError = { [unowned self] message in toast(message) }
        unrungButton = UnrungButton(builder: builder, parent: window, state: state, service: service)
        unrungButton.onError = { [unowned self] message in toast(message) }
        banner.onStart = { [unowned self] in
            state.apply(connection: .connecting)
            service.start(into: state, starting: .always)
        }
        for button in ["add_button", "empty_add_button"] {
            Signal.connect(builder.object(button), "clicked") { [unowned self] in openDialog(editing: nil) }
        }
        // Ctrl+N adds, as in GNOME Clocks.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(ptr(GObjectPointer(shortcuts)), GTK_SHORTCUT_SCOPE_GLOBAL)
        let add = gtk_callback_action_new(addShortcut, Unmanaged.passUnretained(self).toOpaque(), nil)
        gtk_shortcut_controller_add_shortcut(ptr(GObjectPointer(shortcuts)), gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>n"), add))
        gtk_widget_add_controller(ptr(window), shortcuts)
        // The app starts alarmd if none answers, as alarmctl does.
        service.start(into: state)
    }

    func present() { gtk_window_present(ptr(window)) }

    func openDialog(editing: AlarmRecord?) {
        if let dialog {
            dialog.present()
            return
        }
        let made = AlarmDialog(parent: window, state: state, service: service, editing: editing)
        made.onClosed = { [unowned self] in dialog = nil }
        made.onDelete = { [unowned self] id in alarmsPage.delete(id) }
        dialog = made
        made.present()
    }

    /// A short message at the bottom of the window (a request alarmd refused).
    func toast(_ message: String) {
        let toast = adw_toast_new(TerminalSafe.text(message))!
        adw_toast_set_timeout(toast, 6)
        adw_toast_overlay_add_toast(ptr(builder.object("toast_overlay")), toast)
    }
}

// The window lives as long as the app (main.swift keeps it), so the unretained pointer holds.
private let addShortcut: GtkShortcutFunc = { _, _, data in
    guard let data else { return 0 }
    let window = Unmanaged<AlarmsWindow>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { window.openDialog(editing: nil) }
    return 1
}
