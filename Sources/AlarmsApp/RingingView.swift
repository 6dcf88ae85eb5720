import AlarmClient
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

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
    private let view: Builder
    private let stack, page, stopButton, secondaryButton, moreLabel: GObjectPointer
    private var shown: RingingAlarm?
    var onError: (@MainActor (String) -> Void)?

    init(window: Builder, state: AlarmsState, service: AlarmService) {
        self.state = state
        self.service = service
        view = Builder(resource: "/org/openalarmkit/Alarms/ringing.ui")
        page = view.object("ringing_page")
        stopButton = view.object("ringing_stop_button")
        secondaryButton = view.object("ringing_secondary_button")
        moreLabel = view.object("ringing_more")

        let overlay = window.object("toast_overlay")
        let pages = ObjectRef(GObjectPointer(adw_toast_overlay_get_child(ptr(overlay))!))
        stack = GObjectPointer(gtk_stack_new()!)
        gtk_stack_set_transition_type(ptr(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        adw_toast_overlay_set_child(ptr(overlay), nil)  // `pages` holds it meanwhile
        gtk_stack_add_named(ptr(stack), ptr(pages.pointer), "pages")
        gtk_stack_add_named(ptr(stack), ptr(view.object("ringing_root")), "ringing")
        adw_toast_overlay_set_child(ptr(overlay), ptr(stack))

        Signal.connect(stopButton, "clicked") { [unowned self] in
            if let shown { send(.stop, shown.id) }
        }
        Signal.connect(secondaryButton, "clicked") { [unowned self] in
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
            gtk_stack_set_visible_child_name(ptr(stack), "pages")
            return
        }
        let wasShowing = shown != nil
        if shown != first {
            shown = first
            let title = first.title  // escaped by AlarmRowMaker.title
            adw_status_page_set_title(ptr(page), title)
            adw_status_page_set_description(ptr(page), first.detail)
            adw_status_page_set_icon_name(ptr(page), first.isTimer ? "timer-symbolic" : "alarm-symbolic")
            gtk_button_set_label(ptr(stopButton), first.stopText)
            Widget.setAccessibleLabel(stopButton, tr("%1$s: %2$s", first.stopText, title))
            if let secondary = first.secondaryText {
                gtk_button_set_label(ptr(secondaryButton), secondary)
                Widget.setAccessibleLabel(secondaryButton, tr("%1$s: %2$s", secondary, title))
            }
            Widget.setVisible(secondaryButton, first.secondaryText != nil)
        }
        let others = ringing.count - 1
        Widget.setText(moreLabel, trn("%s more ringing", "%s more ringing", others, String(others)))
        Widget.setVisible(moreLabel, others > 0)
        gtk_stack_set_visible_child_name(ptr(stack), "ringing")
        // The big button has the focus, so Enter or Space stops the ring from the keyboard.
        if !wasShowing { gtk_widget_grab_focus(ptr(stopButton)) }
    }
}
