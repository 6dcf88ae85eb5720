import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// timer-dialog.ui.
struct TimerDialogUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/timer-dialog.ui"
    let builder: Builder
    let window: Window
    let setupPlace: Bin
    let titleRow: EntryRow
    let startButton: Button
    let errorLabel: Label

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("dialog")
        setupPlace = try builder.object("setup_place")
        titleRow = try builder.object("title_row")
        startButton = try builder.object("start_button")
        errorLabel = try builder.object("error_label")
    }
}

/// New Timer (`win.new-timer`): a length and an optional title; Start sends the timer record
/// `alarmctl timer` sends and closes the dialog once alarmd has it. Opens at 5 minutes with
/// the minutes focused, so typing a number and Enter starts a timer.
@MainActor
final class TimerDialog {
    private let ui: TimerDialogUI
    private let setup: TimerSetup
    private let start: Start
    var onClosed: (@MainActor () -> Void)?

    /// Starts a timer of a length and a title (nil: "5 min timer") and calls back with nil, or
    /// why alarmd refused it.
    typealias Start = @MainActor (TimeInterval, String?, @escaping @MainActor (String?) -> Void) -> Void

    init(parent: some WindowHandle, start: @escaping Start) {
        ui = TimerDialogUI.load()
        self.start = start
        setup = TimerSetup(in: ui.setupPlace)
        setup.set(minutes: 5)
        ui.window.setTransientFor(parent)
        ui.startButton.setSensitive(setup.seconds != nil)
        setup.onChange = { [unowned self] in ui.startButton.setSensitive(setup.seconds != nil) }
        ui.startButton.onClicked { [unowned self] in startTimer() }
        ui.window.onCloseRequest { [unowned self] in
            onClosed?()
            return false
        }
    }

    func present() {
        ui.window.present()
        setup.focus()
    }

    private func startTimer() {
        guard let seconds = setup.seconds else { return }
        let title = ui.titleRow.text
        ui.startButton.setSensitive(false)
        start(seconds, title.allSatisfy(\.isWhitespace) ? nil : title) { [weak self] refusal in
            guard let self else { return }
            ui.startButton.setSensitive(true)
            guard let refusal else {
                ui.window.close()
                return
            }
            ui.errorLabel.setText(refusal)
            ui.errorLabel.setVisible(true)
        }
    }
}
