import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// timers.ui.
struct TimersUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/timers.ui"
    let builder: Builder
    let root: ScrolledWindow
    let list: ListBox
    let runningGroup: Widget
    let presets: FlowBox
    let customSetup: Bin
    let customStart: Button
    let errorLabel: Label

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        root = try builder.object("timers_root")
        list = try builder.object("timers_list")
        runningGroup = try builder.object("running_group")
        presets = try builder.object("presets_box")
        customSetup = try builder.object("custom_setup")
        customStart = try builder.object("custom_start_button")
        errorLabel = try builder.object("timers_error")
    }
}

/// The Timers page (timers.ui in the window's `timers_page`): presets and a custom duration
/// start timers with the request `alarmctl timer` sends, and every countdown alarmd holds is
/// listed with Pause/Resume, Restart and Stop. The countdown labels tick once a second only
/// while a running countdown is on screen: a window on the Alarms page, or with only paused
/// timers, sets no timeout at all. `win.new-timer` opens the New Timer dialog.
@MainActor
final class TimersPage {
    private let state: AlarmsState
    private let service: AlarmService
    private let ui: TimersUI
    private let custom: TimerSetup
    private var rows: RowList<TimerRowView>!
    private var models: [TimerRow] = []
    private var dialog: TimerDialog?
    /// A one-shot tick is pending (each tick arms the next only if still needed).
    private var tickPending = false

    init(window: WindowUI, state: AlarmsState, service: AlarmService) {
        self.state = state
        self.service = service
        ui = TimersUI.load()
        window.timersPage.setChild(ui.root)
        custom = TimerSetup(in: ui.customSetup)
        rows = RowList(ui.list) { [unowned self] model in TimerRowView(model, actions: actions) }
        addPresets()
        custom.onChange = { [unowned self] in ui.customStart.setSensitive(custom.seconds != nil) }
        ui.customStart.onClicked { [unowned self] in
            if let seconds = custom.seconds { start(seconds: seconds) }
        }
        // Back on screen: the labels catch up and the tick restarts if a countdown runs.
        ui.root.onMap { [unowned self] in tickNow() }
        state.observe { [unowned self] _ in refresh() }
        refresh()
    }

    private func addPresets() {
        for minutes in TimersModel.presetMinutes {
            let button = Button(label: TimersModel.presetLabel(minutes: minutes))
            button.setAccessibleLabel(TimersModel.presetAccessibleName(minutes: minutes))
            button.setCSSClass("pill", true)
            button.onClicked { [unowned self] in start(seconds: TimeInterval(minutes * 60)) }
            ui.presets.append(button)
        }
    }

    /// New Timer, over the window; one at a time.
    func openNewTimer(over parent: some WindowHandle) {
        if let dialog {
            dialog.present()
            return
        }
        let made = TimerDialog(parent: parent) { [unowned self] seconds, title, done in
            start(seconds: seconds, title: title, done: done)
        }
        made.onClosed = { [unowned self] in dialog = nil }
        dialog = made
        made.present()
    }

    /// Starts a timer; for tests and scripts, OPENALARMKIT_TIMER_PRESET_SECONDS makes every
    /// timer started here that many seconds (a "1 minute" press rings in 5 s), which no person
    /// sets. `done` hears nil, or why alarmd refused it.
    func start(seconds: TimeInterval, title: String? = nil, done: (@MainActor (String?) -> Void)? = nil) {
        var length = seconds
        if let override = ProcessInfo.processInfo.environment["OPENALARMKIT_TIMER_PRESET_SECONDS"].flatMap(Double.init), override > 0 {
            length = override
        }
        perform(.schedule, record: TimersModel.timer(seconds: length, title: title), done: done)
    }

    private func perform(
        _ op: AlarmProtocol.Operation, alarm: UUID? = nil, record: AlarmRecord? = nil, done: (@MainActor (String?) -> Void)? = nil
    ) {
        service.perform(op, alarm: alarm, record: record) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                showError(nil)
                if let record = reply.record { state.apply(changedRecord: record) } else if let alarm { state.apply(removed: alarm) }
                done?(nil)
            case .failure(let error):
                let why = TerminalSafe.text(error.description)
                if let done { done(why) } else { showError(why) }
            }
        }
    }

    private func showError(_ text: String?) {
        ui.errorLabel.setText(text ?? "")
        ui.errorLabel.setVisible(text != nil)
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
        models = TimersModel.rows(state.records)
        ui.runningGroup.setVisible(!models.isEmpty)
        rows.show(models)
        tickNow()
    }

    /// Redraws the countdowns and arms the next tick, if one is needed and none is pending.
    private func tickNow() {
        let now = Date()
        for view in rows.views { view.showTime(now) }
        guard !tickPending, ui.root.isMapped, let wait = TimersModel.millisecondsToNextChange(models, now: now) else { return }
        tickPending = true
        MainLoop.after(milliseconds: wait) { [weak self] in
            guard let self else { return }
            tickPending = false
            tickNow()
        }
    }
}
