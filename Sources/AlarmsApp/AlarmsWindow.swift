import AlarmClient
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// window.ui.
struct WindowUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/window.ui"
    let builder: Builder
    let window: ApplicationWindow
    let stack: ViewStack
    let addButton: Button
    let emptyAddButton: Button
    let menuButton: MenuButton
    let toastOverlay: ToastOverlay
    let alarmsStack: Stack
    let alarmsList: ListBox
    /// "3 calendar events give no alarm", under the list (UnrungButton).
    let unrungButton: Button
    let timersPage: Bin
    let healthRevealer: Revealer
    let healthBanner: Box
    let healthLabel: Label
    let healthButton: Button

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("window")
        stack = try builder.object("stack")
        addButton = try builder.object("add_button")
        emptyAddButton = try builder.object("empty_add_button")
        menuButton = try builder.object("menu_button")
        toastOverlay = try builder.object("toast_overlay")
        alarmsStack = try builder.object("alarms_stack")
        alarmsList = try builder.object("alarms_list")
        unrungButton = try builder.object("unrung_button")
        timersPage = try builder.object("timers_page")
        healthRevealer = try builder.object("health_revealer")
        healthBanner = try builder.object("health_banner")
        healthLabel = try builder.object("health_label")
        healthButton = try builder.object("health_button")
    }
}

/// The main window: built from window.ui, it owns the state mirrored from alarmd, the link to
/// alarmd, the two pages, the health banner and the ringing view, and carries the window's
/// actions (`win.new`, `win.add-alarm`, `win.new-timer`, `win.set-page`, `win.close`).
@MainActor
final class AlarmsWindow {
    let ui: WindowUI
    let state = AlarmsState()
    let service = AlarmService(deliver: { work in MainLoop.invoke(work) })
    private let clock = DesktopClock()
    private(set) var alarmsPage: AlarmsPage!
    private var banner: HealthBanner!
    private var timersPage: TimersPage!
    private var ringingView: RingingView!
    private var unrungButton: UnrungButton!
    private var dialog: AlarmDialog?
    private var shortcuts: HelpOverlayUI?
    private let application: Application
    /// The alarm `show(alarm:)` waits for alarmd's list to hold.
    private var pendingShow: UUID?

    /// The two pages, by their names in window.ui.
    enum Page: String, CaseIterable {
        case alarms, timers
    }

    var window: ApplicationWindow { ui.window }

    init(application: Application) {
        self.application = application
        ui = WindowUI.load()
        ui.window.setApplication(application)
        alarmsPage = AlarmsPage(ui: ui, state: state, service: service, localTime: clock.localTime)
        alarmsPage.onEdit = { [unowned self] id in openDialog(editing: state.record(id)) }
        alarmsPage.onError = { [unowned self] message in toast(message) }
        banner = HealthBanner(ui: ui, state: state)
        timersPage = TimersPage(window: ui, state: state, service: service)
        ringingView = RingingView(window: ui, state: state, service: service)
        ringingView.onError = { [unowned self] message in toast(message) }
        unrungButton = UnrungButton(ui: ui, state: state, service: service)
        unrungButton.onError = { [unowned self] message in toast(message) }
        banner.onStart = { [unowned self] in
            state.apply(connection: .connecting)
            service.start(into: state, starting: .always)
        }
        clock.onChange = { [unowned self] in alarmsPage.localTime = clock.localTime }
        addActions()
        state.observe { [unowned self] state in
            guard let id = pendingShow, let record = state.record(id) else { return }
            pendingShow = nil
            if !state.ringing.contains(where: { $0.id == id }) { openDialog(editing: record) }
        }
        ui.stack.onVisibleChildChanged { [unowned self] in showAddButton() }
        showAddButton()
        // The app starts alarmd if none answers, as alarmctl does.
        service.start(into: state)
    }

    private func addActions() {
        ui.window.addAction("close") { [unowned self] in close() }
        ui.window.addAction("show-help-overlay") { [unowned self] in showShortcuts() }
        ui.window.addAction("add-alarm") { [unowned self] in openDialog(editing: nil) }
        ui.window.addAction("new-timer") { [unowned self] in timersPage.openNewTimer(over: ui.window) }
        // Ctrl+N and the header's "+": a new alarm or timer, as the page shown.
        ui.window.addAction("new") { [unowned self] in
            ui.window.activateAction(page == .timers ? "new-timer" : "add-alarm")
        }
        ui.window.addAction("set-page", string: { [unowned self] name in
            if let page = Page(rawValue: name) { ui.stack.setVisibleChildName(page.rawValue) }
        })
    }

    var page: Page { ui.stack.visibleChildName.flatMap(Page.init) ?? .alarms }

    /// The header's "+" says what it adds on the page shown.
    private func showAddButton() {
        switch page {
        case .alarms:
            ui.addButton.setTooltip(tr("Add Alarm"))
            ui.addButton.setAccessibleLabel(tr("Add alarm"))
        case .timers:
            ui.addButton.setTooltip(tr("New Timer"))
            ui.addButton.setAccessibleLabel(tr("New timer"))
        }
    }

    func present() { ui.window.present() }

    /// The keyboard shortcuts window, built when asked for and gone when closed. Not the help
    /// overlay GtkApplication would load from gtk/help-overlay.ui and keep hidden: with that
    /// hidden window among the toplevels, GTK 4.8's accessibility root hands out a window
    /// without an object path once a dialog has closed, and the app aborts on the next
    /// screen reader's look (check-gui found it).
    private func showShortcuts() {
        if let shortcuts {
            shortcuts.window.present()
            return
        }
        let made = HelpOverlayUI.load()
        made.window.setTransientFor(ui.window)
        made.window.setApplication(application)
        made.window.onCloseRequest { [unowned self] in
            shortcuts = nil
            return false
        }
        shortcuts = made
        made.window.present()
    }
    func close() { ui.window.close() }

    /// The window, opened on `id` (`app.show-alarm`): a ringing alarm is in the ringing view
    /// already; another opens in its editor as soon as alarmd's list has it.
    func show(alarm id: UUID?) {
        present()
        guard let id, !state.ringing.contains(where: { $0.id == id }) else { return }
        if let record = state.record(id) { openDialog(editing: record) } else { pendingShow = id }
    }

    func openDialog(editing: AlarmRecord?) {
        if let dialog {
            dialog.present()
            return
        }
        let made = AlarmDialog(parent: ui.window, state: state, service: service, editing: editing, localTime: clock.localTime)
        made.onClosed = { [unowned self] in dialog = nil }
        made.onDelete = { [unowned self] id in alarmsPage.delete(id) }
        dialog = made
        made.present()
    }

    /// A short message at the bottom of the window (a request alarmd refused).
    func toast(_ message: String) {
        let toast = Toast(TerminalSafe.text(message))
        toast.setTimeout(seconds: 6)
        ui.toastOverlay.add(toast)
    }
}
