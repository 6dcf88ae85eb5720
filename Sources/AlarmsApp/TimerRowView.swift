import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// One running timer, made from timer-row.ui and updated in place: its countdown label every
/// tick, its buttons when its state changes.
@MainActor
final class TimerRowView {
    /// Held while the row is out of its list (reordering), so GTK does not destroy it.
    let row: ObjectRef
    private let builder: Builder
    private let countdownLabel, titleLabel, pauseButton, restartButton, stopButton: GObjectPointer
    private(set) var model: TimerRow

    struct Actions {
        var pauseOrResume: @MainActor (TimerRow) -> Void
        var restart: @MainActor (TimerRow) -> Void
        var stop: @MainActor (TimerRow) -> Void
    }

    init(_ model: TimerRow, actions: Actions) {
        builder = Builder(resource: "/org/openalarmkit/Alarms/timer-row.ui")
        row = ObjectRef(builder.object("row"))
        countdownLabel = builder.object("countdown_label")
        titleLabel = builder.object("title_label")
        pauseButton = builder.object("pause_button")
        restartButton = builder.object("restart_button")
        stopButton = builder.object("stop_button")
        self.model = model
        Signal.connect(pauseButton, "clicked") { [unowned self] in actions.pauseOrResume(self.model) }
        Signal.connect(restartButton, "clicked") { [unowned self] in actions.restart(self.model) }
        Signal.connect(stopButton, "clicked") { [unowned self] in actions.stop(self.model) }
        show(model, now: Date())
    }

    func show(_ model: TimerRow, now: Date) {
        self.model = model
        Widget.setText(titleLabel, model.title)
        let paused: Bool
        switch model.state {
        case .running: paused = false
        case .paused: paused = true
        case .ringing: paused = false
        }
        Widget.setVisible(pauseButton, model.state != .ringing)
        gtk_button_set_icon_name(ptr(pauseButton), paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        Widget.setAccessibleLabel(pauseButton, paused ? tr("Resume %1$s", model.title) : tr("Pause %1$s", model.title))
        Widget.setTooltip(pauseButton, paused ? tr("Resume") : tr("Pause"))
        Widget.setVisible(restartButton, model.restartable)
        Widget.setAccessibleLabel(restartButton, tr("Restart %1$s", model.title))
        Widget.setTooltip(restartButton, tr("Restart"))
        Widget.setAccessibleLabel(stopButton, tr("Stop %1$s", model.title))
        Widget.setTooltip(stopButton, tr("Stop"))
        Widget.setCSSClass(row.pointer, "paused", paused)
        showTime(now)
    }

    /// The per-second part: the countdown and what a screen reader says for the row.
    func showTime(_ now: Date) {
        Widget.setText(countdownLabel, model.clockText(at: now))
        let name = model.accessibleText(at: now)
        if name != spokenName {
            spokenName = name
            Widget.setAccessibleLabel(row.pointer, name)
        }
    }

    /// The row's accessible name as last set: it changes once a minute, and is set only then.
    private var spokenName = ""
}
