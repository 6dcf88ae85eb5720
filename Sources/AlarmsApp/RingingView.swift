import AlarmClient
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// ringing.ui.
struct RingingUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/ringing.ui"
    let builder: Builder
    let root: Box
    let page: StatusPage
    let stopButton, secondaryButton: Button
    let moreLabel: Label

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        root = try builder.object("ringing_root")
        page = try builder.object("ringing_page")
        stopButton = try builder.object("ringing_stop_button")
        secondaryButton = try builder.object("ringing_secondary_button")
        moreLabel = try builder.object("ringing_more")
    }
}

/// The ringing view (ringing.ui): while an alarm or timer rings and the window is open, it
/// covers the pages with the alert's title and big Stop and Snooze (or the alert's own
/// secondary) buttons, which send the popup's requests. The popup stays the surface when the
/// window is closed; both stop the same ring, and whichever is pressed first wins.
///
/// The view and the window's pages are the two children of a GtkStack put in place of the
/// toast overlay's child at start, so window.ui keeps one shape for every page.
@MainActor
final class RingingView {
    private let state: AlarmsState
    private let service: AlarmService
    private let ui: RingingUI
    private let stack: Stack
    private var shown: RingingAlarm?
    var onError: (@MainActor (String) -> Void)?

    init(window: WindowUI, state: AlarmsState, service: AlarmService) {
        self.state = state
        self.service = service
        ui = RingingUI.load()

        let overlay = window.toastOverlay
        let pages = Retained(overlay.child!)
        stack = Stack()
        stack.setCrossfade()
        overlay.setChild(nil)  // `pages` holds it meanwhile
        stack.addNamed(pages.object, "pages")
        stack.addNamed(ui.root, "ringing")
        overlay.setChild(stack.widget)

        ui.stopButton.onClicked { [unowned self] in
            if let shown { send(.stop, shown.id) }
        }
        ui.secondaryButton.onClicked { [unowned self] in
            if let shown, let op = shown.secondaryRequest { send(op, shown.id) }
        }
        state.observe { [unowned self] _ in refresh() }
        refresh()
    }

    private func send(_ op: AlarmProtocol.Operation, _ id: UUID) {
        service.perform(op, alarm: id) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                if let record = reply.record { state.apply(changedRecord: record) } else { state.apply(removed: id) }
            case .failure(let error):
                onError?(TerminalSafe.text(error.description))
            }
        }
    }

    private func refresh() {
        let ringing = state.ringing
        guard let first = ringing.first else {
            shown = nil
            stack.setVisibleChildName("pages")
            return
        }
        let wasShowing = shown != nil
        if shown != first {
            shown = first
            let title = first.title  // escaped by AlarmRowMaker.title
            ui.page.setTitle(title)
            ui.page.setDescription(first.detail)
            ui.page.setIconName(first.isTimer ? "timer-symbolic" : "alarm-symbolic")
            ui.stopButton.setLabel(first.stopText)
            ui.stopButton.setAccessibleLabel(tr("%1$s: %2$s", first.stopText, title))
            if let secondary = first.secondaryText {
                ui.secondaryButton.setLabel(secondary)
                ui.secondaryButton.setAccessibleLabel(tr("%1$s: %2$s", secondary, title))
            }
            ui.secondaryButton.setVisible(first.secondaryText != nil)
        }
        let others = ringing.count - 1
        ui.moreLabel.setText(trn("%s more ringing", "%s more ringing", others, String(others)))
        ui.moreLabel.setVisible(others > 0)
        stack.setVisibleChildName("ringing")
        // The big button has the focus, so Enter or Space stops the ring from the keyboard.
        if !wasShowing { ui.stopButton.grabFocus() }
    }
}
