import AlarmClient
import AlarmsAppModel
import GtkSupport
import LinuxSupport

/// unrung-dialog.ui.
struct UnrungDialogUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/unrung-dialog.ui"
    let builder: Builder
    let window: Window
    let list: ListBox

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("unrung_dialog")
        list = try builder.object("unrung_list")
    }
}

/// The Alarms page's button "3 calendar events give no alarm" (shown while `status` counts
/// any) and the dialog it opens (unrung-dialog.ui), filled from alarmd's `unrung` reply.
@MainActor
final class UnrungButton {
    private let button: Button
    private let state: AlarmsState
    private let service: AlarmService
    private let parent: Window
    var onError: (@MainActor (String) -> Void)?

    init(ui: WindowUI, state: AlarmsState, service: AlarmService) {
        button = ui.unrungButton
        self.state = state
        self.service = service
        parent = ui.window.window
        button.onClicked { [unowned self] in open() }
        state.observe { [unowned self] _ in show() }
        show()
    }

    private func show() {
        let label = UnrungEvents.buttonLabel(state.status)
        button.setVisible(label != nil)
        if let label { button.setLabel(label) }
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

    /// A new dialog each time, filled once: it lists what alarmd said when asked. GTK holds the
    /// window while it is open, as it does About.
    private func present(_ rows: [UnrungEvents.Row]) {
        let dialog = UnrungDialogUI.load()
        for model in rows {
            let row = ActionRow(title: model.title)
            row.setSubtitle(model.reason.isEmpty ? model.subtitle : model.reason + "\n" + model.subtitle)
            row.setSubtitleLines(0)
            dialog.list.append(row)
        }
        dialog.window.setTransientFor(parent)
        dialog.window.present()
    }
}
