import AlarmsAppModel
import CGtk
import GtkSupport

/// The banner above the pages (libadwaita 1.2 has no AdwBanner): the most serious reason alarms
/// would not ring as they should, with Start (alarmd is not running) or Dismiss.
@MainActor
final class HealthBanner {
    private let revealer, banner, label, button: GObjectPointer
    private let state: AlarmsState
    private var action: HealthIssue.Action?
    var onStart: (@MainActor () -> Void)?

    init(builder: Builder, state: AlarmsState) {
        revealer = builder.object("health_revealer")
        banner = builder.object("health_banner")
        label = builder.object("health_label")
        button = builder.object("health_button")
        self.state = state
        Signal.connect(button, "clicked") { [unowned self] in
            switch action {
            case .start: onStart?()
            case .dismiss: state.wakeWarningDismissed = true
            case nil: break
            }
        }
        state.observe { [unowned self] _ in show() }
        show()
    }

    private func show() {
        guard let issue = state.healthIssue else {
            gtk_revealer_set_reveal_child(ptr(revealer), 0)
            return
        }
        Widget.setText(label, issue.message)
        Widget.setCSSClass(banner, "error", issue.isError)
        action = issue.action
        Widget.setVisible(button, issue.action != nil)
        if let action = issue.action { gtk_button_set_label(ptr(button), action.label) }
        gtk_revealer_set_reveal_child(ptr(revealer), 1)
    }
}
