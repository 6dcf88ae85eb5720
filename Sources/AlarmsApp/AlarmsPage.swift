import AlarmClient
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The Alarms page: every alarm alarmd holds, soonest first, kept in step with `AlarmsState`
/// (alarmd's watch stream) by a `RowList`, the empty state when there are none, and Undo for a
/// deletion.
@MainActor
final class AlarmsPage {
    private let state: AlarmsState
    private let service: AlarmService
    private let stack: Stack
    private let toastOverlay: ToastOverlay
    private var rows: RowList<AlarmRowView>!
    private var maker: AlarmRowMaker
    var onEdit: (@MainActor (UUID) -> Void)?
    /// Shows a failed request's reason (the window's toast).
    var onError: (@MainActor (String) -> Void)?

    /// How times are written (the desktop's clock format); the rows follow a change at once.
    var localTime: LocalTimeText {
        get { maker.localTime }
        set {
            maker.localTime = newValue
            refresh()
        }
    }

    init(ui: WindowUI, state: AlarmsState, service: AlarmService, localTime: LocalTimeText) {
        self.state = state
        self.service = service
        stack = ui.alarmsStack
        toastOverlay = ui.toastOverlay
        maker = AlarmRowMaker(zone: .current, localTime: localTime)
        rows = RowList(ui.alarmsList) { [unowned self] model in AlarmRowView(model, actions: actions) }
        state.observe { [unowned self] _ in refresh() }
        // A click on a row or Enter on it: its editor.
        ui.alarmsList.onRowActivated { [unowned self] row in
            if let view = rows.view(for: row) { onEdit?(view.model.id) }
        }
        refresh()
        scheduleMinuteTick()
    }

    func refresh() {
        let models = maker.rows(state.records, now: Date())
        stack.setVisibleChildName(models.isEmpty ? "empty" : "list")
        rows.show(models)
    }

    private var actions: AlarmRowView.Actions {
        .init(
            setEnabled: { [unowned self] id, on in request(on ? .enable : .disable, id) },
            act: { [unowned self] id, action in
                switch action {
                case .skip: request(.skip, id) { [weak self] record in self?.showSkipped(record) }
                case .unskip: request(.unskip, id)
                case .stop: request(.stop, id)
                }
            },
            delete: { [unowned self] id in delete(id) })
    }

    private func request(_ op: AlarmProtocol.Operation, _ id: UUID, then done: (@MainActor (AlarmRecord) -> Void)? = nil) {
        let record = state.record(id)
        service.perform(op, alarm: id) { [weak self] result in
            switch result {
            case .success(let reply):
                if let changed = reply.record {
                    self?.state.apply(changedRecord: changed)
                    done?(changed)
                } else {
                    self?.state.apply(removed: id)
                }
            case .failure(let error):
                self?.onError?(record.map { AlarmRowMaker.refusal(op, record: $0, error: error) } ?? error.description)
                // The switch goes back to what alarmd holds.
                if let view = self?.rows.view(id) { view.show(view.model) }
            }
        }
    }

    /// Cancels the alarm and offers Undo, which schedules the same record again, same id.
    func delete(_ id: UUID) {
        guard let record = state.record(id) else { return }
        service.perform(.cancel, alarm: id) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result {
                onError?(error.description)
                return
            }
            state.apply(removed: id)
            showUndo(for: record)
        }
    }

    /// "“Gym” skips Mon 06:30", with Undo, which rings it that day after all.
    private func showSkipped(_ record: AlarmRecord) {
        guard let text = maker.skippedText(record) else { return }
        let toast = Toast(text)
        toast.setButtonLabel(tr("Undo"))
        toast.onButtonClicked { [weak self] in self?.request(.unskip, record.id) }
        toastOverlay.add(toast)
    }

    private func showUndo(for record: AlarmRecord) {
        let toast = Toast(tr("“%1$s” deleted", AlarmRowMaker.title(record)))
        toast.setButtonLabel(tr("Undo"))
        toast.setHighPriority()
        toast.onButtonClicked { [weak self] in
            self?.service.perform(.schedule, record: record) { result in
                switch result {
                case .success(let reply): if let restored = reply.record { self?.state.apply(changedRecord: restored) }
                case .failure(let error): self?.onError?(error.description)
                }
            }
        }
        toastOverlay.add(toast)
    }

    /// "in 9 h 12 min" changes once a minute: one wake-up at each minute's start, none between.
    private func scheduleMinuteTick() {
        let now = Date().timeIntervalSince1970
        let wait = 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
        MainLoop.after(milliseconds: UInt32(wait * 1000)) { [weak self] in
            guard let self else { return }
            refresh()
            scheduleMinuteTick()
        }
    }
}
