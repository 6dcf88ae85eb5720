import AlarmsAppModel
import GtkSupport

/// The banner above the pages (libadwaita 1.2 has no AdwBanner): the most serious reason alarms
/// would not ring as they should, with Start (alarmd is not running) or Dismiss.
@MainActor
final class HealthBanner {
    private let revealer: Revealer
    private let banner: Box
    private let label: Label
    private let button: Button
    private let state: AlarmsState
    private var action: HealthIssue.Action?
    var onStart: (@MainActor () -> Void)?

    init(ui: WindowUI, state: AlarmsState) {
        revealer = ui.healthRevealer
        banner = ui.healthBanner
        label = ui.healthLabel
        button = ui.healthButton
        self.state = state
        button.onClicked { [unowned self] in
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
            revealer.setRevealChild(false)
            return
        }
        label.setText(issue.message)
        banner.setCSSClass("error", issue.isError)
        action = issue.action
        button.setVisible(issue.action != nil)
        if let action = issue.action { button.setLabel(action.label) }
        revealer.setRevealChild(true)
    }
}
