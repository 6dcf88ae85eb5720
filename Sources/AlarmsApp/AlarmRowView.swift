import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// alarm-row.ui.
struct AlarmRowUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/alarm-row.ui"
    let builder: Builder
    let row: ListBoxRow
    let timeLabel, titleLabel, detailLabel: Label
    let skipButton, deleteButton: Button
    let enabledSwitch: Switch

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        row = try builder.object("row")
        timeLabel = try builder.object("time_label")
        titleLabel = try builder.object("title_label")
        detailLabel = try builder.object("detail_label")
        skipButton = try builder.object("skip_button")
        deleteButton = try builder.object("delete_button")
        enabledSwitch = try builder.object("enabled_switch")
    }
}

/// One row of the Alarms page, made from alarm-row.ui and updated in place when its alarm
/// changes, so focus and a screen reader's position survive alarmd's events. (Activating the
/// row, by click or Enter, is the list's `row-activated`: AlarmsPage opens the editor.)
@MainActor
final class AlarmRowView: RowView {
    private let ui: AlarmRowUI
    private(set) var model: AlarmRow
    /// Set while the code moves the switch, so only a person's flip sends a request.
    private var updating = false

    var row: ListBoxRow { ui.row }

    struct Actions {
        var setEnabled: @MainActor (UUID, Bool) -> Void
        /// The row's button: Skip Next, Don't Skip, or Stop a snooze.
        var act: @MainActor (UUID, AlarmRow.Action) -> Void
        var delete: @MainActor (UUID) -> Void
    }

    init(_ model: AlarmRow, actions: Actions) {
        ui = AlarmRowUI.load()
        self.model = model
        let id = model.id
        ui.enabledSwitch.onActiveChanged { [unowned self] in
            guard !updating else { return }
            actions.setEnabled(id, ui.enabledSwitch.isActive)
        }
        ui.skipButton.onClicked { [unowned self] in
            if let action = self.model.action { actions.act(id, action) }
        }
        ui.deleteButton.onClicked { actions.delete(id) }
        show(model)
    }

    func show(_ model: AlarmRow) {
        self.model = model
        ui.timeLabel.setText(model.time)
        ui.titleLabel.setText(model.title)
        ui.titleLabel.setTooltip(model.title)  // ellipsized in a narrow window: the whole title on hover
        let phrases = [model.repeatText, model.status].filter { !$0.isEmpty }
        let repeatPart = model.repeatIsSentence ? LineBreaks.sentence(model.repeatText) : LineBreaks.keptTogether(model.repeatText)
        ui.detailLabel.setText(LineBreaks.joined([repeatPart, LineBreaks.keptTogether(model.status)]))
        updating = true
        ui.enabledSwitch.setActive(model.enabled)
        updating = false
        ui.enabledSwitch.setAccessibleLabel(model.switchName)
        ui.skipButton.setVisible(model.action != nil)
        if let action = model.action {
            // An icon, so that no language's words widen the row; the words are its tooltip.
            ui.skipButton.setIconName(Self.icon(action))
            ui.skipButton.setTooltip(action.label)
            ui.skipButton.setAccessibleLabel(action.accessibleName(model.title))
        }
        ui.deleteButton.setAccessibleLabel(tr("Delete %1$s", model.title))
        ui.deleteButton.setTooltip(tr("Delete"))
        // The row's name is what a screen reader says when it lands on the row.
        ui.row.setAccessibleLabel([model.title, model.time, phrases.joined(separator: " · ")].joined(separator: ", "))
        ui.row.setCSSClass("disabled", !model.enabled)
    }

    /// The icon of the row's one button: Skip Next, Don't Skip (undo the skip), Stop a snooze.
    static func icon(_ action: AlarmRow.Action) -> String {
        switch action {
        case .skip: "media-skip-forward-symbolic"
        case .unskip: "edit-undo-symbolic"
        case .stop: "media-playback-stop-symbolic"
        }
    }
}
