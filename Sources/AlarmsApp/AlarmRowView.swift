import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// One row of the Alarms page, made from alarm-row.ui and updated in place when its alarm
/// changes, so focus and a screen reader's position survive alarmd's events. (Activating the
/// row, by click or Enter, is the list's `row-activated`: AlarmsPage opens the editor.)
@MainActor
final class AlarmRowView {
    /// Held while the row is out of its list (reordering), so GTK does not destroy it.
    let row: ObjectRef
    private let builder: Builder
    private let timeLabel, titleLabel, detailLabel, skipButton, enabledSwitch, deleteButton: GObjectPointer
    private(set) var model: AlarmRow
    /// Set while the code moves the switch, so only a person's flip sends a request.
    private var updating = false

    struct Actions {
        var setEnabled: @MainActor (UUID, Bool) -> Void
        /// The row's button: Skip Next, Don't Skip, or Stop a snooze.
        var act: @MainActor (UUID, AlarmRow.Action) -> Void
        var delete: @MainActor (UUID) -> Void
    }

    init(_ model: AlarmRow, actions: Actions) {
        builder = Builder(resource: "/org/openalarmkit/Alarms/alarm-row.ui")
        row = ObjectRef(builder.object("row"))
        timeLabel = builder.object("time_label")
        titleLabel = builder.object("title_label")
        detailLabel = builder.object("detail_label")
        skipButton = builder.object("skip_button")
        enabledSwitch = builder.object("enabled_switch")
        deleteButton = builder.object("delete_button")
        self.model = model
        let id = model.id
        Signal.connect(enabledSwitch, "notify::active") { [unowned self] in
            guard !updating else { return }
            actions.setEnabled(id, gtk_switch_get_active(ptr(enabledSwitch)) != 0)
        }
        Signal.connect(skipButton, "clicked") { [unowned self] in
            if let action = self.model.action { actions.act(id, action) }
        }
        Signal.connect(deleteButton, "clicked") { actions.delete(id) }
        show(model)
    }

    func show(_ model: AlarmRow) {
        self.model = model
        Widget.setText(timeLabel, model.time)
        Widget.setText(titleLabel, model.title)
        let detail = [model.repeatText, model.status].filter { !$0.isEmpty }.joined(separator: " · ")
        Widget.setText(detailLabel, detail)
        updating = true
        gtk_switch_set_active(ptr(enabledSwitch), model.enabled ? 1 : 0)
        updating = false
        Widget.setAccessibleLabel(enabledSwitch, model.switchName)
        Widget.setVisible(skipButton, model.action != nil)
        if let action = model.action {
            gtk_button_set_label(ptr(skipButton), action.label)
            Widget.setAccessibleLabel(skipButton, action.accessibleName(model.title))
        }
        Widget.setAccessibleLabel(deleteButton, tr("Delete %1$s", model.title))
        Widget.setTooltip(deleteButton, tr("Delete"))
        // The row's name is what a screen reader says when it lands on the row.
        Widget.setAccessibleLabel(row.pointer, [model.title, model.time, detail].joined(separator: ", "))
        Widget.setCSSClass(row.pointer, "disabled", !model.enabled)
    }
}
