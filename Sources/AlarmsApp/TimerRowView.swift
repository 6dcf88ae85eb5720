import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// timer-row.ui.
struct TimerRowUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/timer-row.ui"
    let builder: Builder
    let row: ListBoxRow
    let countdownLabel, titleLabel: Label
    let pauseButton, restartButton, stopButton: Button

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        row = try builder.object("row")
        countdownLabel = try builder.object("countdown_label")
        titleLabel = try builder.object("title_label")
        pauseButton = try builder.object("pause_button")
        restartButton = try builder.object("restart_button")
        stopButton = try builder.object("stop_button")
    }
}

/// One running timer, made from timer-row.ui and updated in place: its countdown label every
/// tick, its buttons when its state changes.
@MainActor
final class TimerRowView: RowView {
    private let ui: TimerRowUI
    private(set) var model: TimerRow

    var row: ListBoxRow { ui.row }

    struct Actions {
        var pauseOrResume: @MainActor (TimerRow) -> Void
        var restart: @MainActor (TimerRow) -> Void
        var stop: @MainActor (TimerRow) -> Void
    }

    init(_ model: TimerRow, actions: Actions) {
        ui = TimerRowUI.load()
        self.model = model
        ui.pauseButton.onClicked { [unowned self] in actions.pauseOrResume(self.model) }
        ui.restartButton.onClicked { [unowned self] in actions.restart(self.model) }
        ui.stopButton.onClicked { [unowned self] in actions.stop(self.model) }
        show(model)
    }

    func show(_ model: TimerRow) {
        self.model = model
        ui.titleLabel.setText(model.title)
        ui.titleLabel.setTooltip(model.title)  // ellipsized in a narrow window: the whole title on hover
        let paused: Bool
        switch model.state {
        case .running: paused = false
        case .paused: paused = true
        case .ringing: paused = false
        }
        ui.pauseButton.setVisible(model.state != .ringing)
        ui.pauseButton.setIconName(paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        ui.pauseButton.setAccessibleLabel(paused ? tr("Resume %1$s", model.title) : tr("Pause %1$s", model.title))
        ui.pauseButton.setTooltip(paused ? tr("Resume") : tr("Pause"))
        ui.restartButton.setVisible(model.restartable)
        ui.restartButton.setAccessibleLabel(tr("Restart %1$s", model.title))
        ui.restartButton.setTooltip(tr("Restart"))
        ui.stopButton.setAccessibleLabel(tr("Stop %1$s", model.title))
        ui.stopButton.setTooltip(tr("Stop"))
        ui.row.setCSSClass("paused", paused)
        showTime(Date())
    }

    /// The per-second part: the countdown and what a screen reader says for the row.
    func showTime(_ now: Date) {
        ui.countdownLabel.setText(model.clockText(at: now))
        let name = model.accessibleText(at: now)
        if name != spokenName {
            spokenName = name
            ui.row.setAccessibleLabel(name)
        }
    }

    /// The row's accessible name as last set: it changes once a minute, and is set only then.
    private var spokenName = ""
}
