import AlarmClient
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The Timers page (timers.ui in the window's `timers_page`): presets and a custom duration
/// start timers with the request `alarmctl timer` sends, and every countdown alarmd holds is
/// listed with Pause/Resume, Restart and Stop. The countdown labels tick once a second only
/// while a running countdown is on screen: a window on the Alarms page, or with only paused
/// timers, sets no timeout at all.
@MainActor
final class TimersPage {
    private let state: AlarmsState
    private let service: AlarmService
    private let page: Builder
    private let root, list, group, errorLabel, hours, minutes, seconds, startButton: GObjectPointer
    private var rows: [UUID: TimerRowView] = [:]
    private var order: [UUID] = []
    private var models: [TimerRow] = []
    /// A one-shot tick is pending (each tick arms the next only if still needed).
    private var tickPending = false

    init(window: Builder, state: AlarmsState, service: AlarmService) {
        self.state = state
        self.service = service
        page = Builder(resource: "/org/openalarmkit/Alarms/timers.ui")
        root = page.object("timers_root")
        list = page.object("timers_list")
        group = page.object("running_group")
        errorLabel = page.object("timers_error")
        hours = page.object("custom_hours")
        minutes = page.object("custom_minutes")
        seconds = page.object("custom_seconds")
        startButton = page.object("custom_start_button")
        adw_bin_set_child(ptr(window.object("timers_page")), ptr(root))
        addPresets()
        for spin in [hours, minutes, seconds] {
            Signal.connect(spin, "value-changed") { [unowned self] in
                Widget.setSensitive(startButton, customSeconds != nil)
            }
        }
        Signal.connect(startButton, "clicked") { [unowned self] in
            if let customSeconds { start(seconds: customSeconds) }
        }
        // Back on screen: the labels catch up and the tick restarts if a countdown runs.
        Signal.connect(root, "map") { [unowned self] in tickNow() }
        state.observe { [unowned self] _ in refresh() }
        refresh()
    }

    private func addPresets() {
        let box = page.object("presets_box")
        for minutes in TimersModel.presetMinutes {
            let button = GObjectPointer(gtk_button_new_with_label(TimersModel.presetLabel(minutes: minutes))!)
            Widget.setAccessibleLabel(button, TimersModel.presetAccessibleName(minutes: minutes))
            Widget.setCSSClass(button, "pill", true)
            Signal.connect(button, "clicked") { [unowned self] in start(seconds: TimeInterval(minutes * 60)) }
            gtk_flow_box_append(ptr(box), ptr(button))
        }
    }

    private var customSeconds: TimeInterval? {
        TimersModel.customSeconds(hours: Widget.spinValue(hours), minutes: Widget.spinValue(minutes), seconds: Widget.spinValue(seconds))
    }

    /// Starts a timer; for tests and scripts, OPENALARMKIT_TIMER_PRESET_SECONDS makes every
    /// preset that many seconds (a "1 minute" press rings in 5 s), which no person sets.
    func start(seconds: TimeInterval) {
        var length = seconds
        if let override = ProcessInfo.processInfo.environment["OPENALARMKIT_TIMER_PRESET_SECONDS"].flatMap(Double.init), override > 0 {
            length = override
        }
        perform(.schedule, record: TimersModel.timer(seconds: length))
    }

    private func perform(_ op: AlarmProtocol.Operation, alarm: UUID? = nil, record: AlarmRecord? = nil) {
        service.perform(op, alarm: alarm, record: record) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                showError(nil)
                if let record = reply.record { state.apply(changedRecord: record) } else if let alarm { state.apply(removed: alarm) }
            case .failure(let error):
                showError(TerminalSafe.text(error.description))
            }
        }
    }

    private func showError(_ text: String?) {
        Widget.setText(errorLabel, text ?? "")
        Widget.setVisible(errorLabel, text != nil)
    }

    private var actions: TimerRowView.Actions {
        .init(
            pauseOrResume: { [unowned self] row in
                if case .paused = row.state { perform(.resume, alarm: row.id) } else { perform(.pause, alarm: row.id) }
            },
            restart: { [unowned self] row in
                guard let record = state.record(row.id), let again = TimersModel.restarted(record) else { return }
                perform(.edit, record: again)
            },
            stop: { [unowned self] row in
                // A timer is cancelled; an alarm's snooze or pre-alert is stopped, as its popup's
                // Stop does, so a repeating alarm keeps its next date.
                let isTimer = state.record(row.id)?.schedule == nil
                perform(isTimer && row.state != .ringing ? .cancel : .stop, alarm: row.id)
            })
    }

    func refresh() {
        let now = Date()
        models = TimersModel.rows(state.records)
        Widget.setVisible(group, !models.isEmpty)
        let ids = models.map(\.id)
        for gone in Set(rows.keys).subtracting(ids) {
            if let view = rows.removeValue(forKey: gone) { gtk_list_box_remove(ptr(list), ptr(view.row.pointer)) }
        }
        for model in models {
            if let view = rows[model.id] {
                if view.model != model { view.show(model, now: now) }
            } else {
                rows[model.id] = TimerRowView(model, actions: actions)
            }
        }
        if ids != order {
            for id in order where rows[id] != nil && gtk_widget_get_parent(ptr(rows[id]!.row.pointer)) != nil {
                gtk_list_box_remove(ptr(list), ptr(rows[id]!.row.pointer))
            }
            for id in ids { gtk_list_box_append(ptr(list), ptr(rows[id]!.row.pointer)) }
            order = ids
        }
        tickNow()
    }

    /// Redraws the countdowns and arms the next tick, if one is needed and none is pending.
    private func tickNow() {
        let now = Date()
        for view in rows.values { view.showTime(now) }
        guard !tickPending, gtk_widget_get_mapped(ptr(root)) != 0,
            let wait = TimersModel.millisecondsToNextChange(models, now: now)
        else { return }
        tickPending = true
        MainLoop.after(milliseconds: wait) { [weak self] in
            guard let self else { return }
            tickPending = false
            tickNow()
        }
    }
}
