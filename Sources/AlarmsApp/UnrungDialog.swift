import AlarmClient
import AlarmsAppModel
import CGtk
import GtkSupport
import LinuxSupport

/// The Alarms page's button "3 calendar events give no alarm" (shown while `status` counts
/// any) and the dialog it opens (unrung-dialog.ui), filled from alarmd's `unrung` reply.
@MainActor
final class UnrungButton {
    private let button: GObjectPointer
    private let state: AlarmsState
    private let service: AlarmService
    private let parent: GObjectPointer
    var onError: (@MainActor (String) -> Void)?

    init(builder: Builder, parent: GObjectPointer, state: AlarmsState, service: AlarmService) {
        button = builder.object("unrung_button")
        self.state = state
        self.service = service
        self.parent = parent
        Signal.connect(button, "clicked") { [unowned self] in open() }
        state.observe { [unowned self] _ in show() }
        show()
    }

    private func show() {
        let label = UnrungEvents.buttonLabel(state.status)
        Widget.setVisible(button, label != nil)
        if let label { gtk_button_set_label(ptr(button), label) }
    }

    private func open() {
        service.perform(.unrung) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply): present(UnrungEvents.rows(reply.unrung ?? []))
            case .failure(let error): onError?(error.description)
            }
        }
    }

    private func present(_ rows: [UnrungEvents.Row]) {
        let builder = Builder(resource: "/org/openalarmkit/Alarms/unrung-dialog.ui")
        let dialog = builder.object("unrung_dialog")
        let list = builder.object("unrung_list")
        for model in rows {
            let row = GObjectPointer(adw_action_row_new()!)
            adw_preferences_row_set_use_markup(ptr(row), 0)
            adw_preferences_row_set_title(ptr(row), model.title)
            adw_action_row_set_subtitle(ptr(row), model.reason.isEmpty ? model.subtitle : model.reason + "\n" + model.subtitle)
            adw_action_row_set_subtitle_lines(ptr(row), 0)
            gtk_list_box_append(ptr(list), ptr(row))
        }
        gtk_window_set_transient_for(ptr(dialog), ptr(parent))
        gtk_window_present(ptr(dialog))
    }
}
