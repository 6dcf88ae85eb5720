import AlarmClient
import AlarmSystem
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The Alarms page: every alarm alarmd holds, soonest first, kept in step with `AlarmsState`
/// (alarmd's watch stream), the empty state when there are none, and Undo for a deletion.
@MainActor
final class AlarmsPage {
    private let state: AlarmsState
    private let service: AlarmService
    private let list, stack, toastOverlay: GObjectPointer
    private var rows: [UUID: AlarmRowView] = [:]
    private var order: [UUID] = []
    private let maker = AlarmRowMaker(zone: .current, localTime: .current)
    var onEdit: (@MainActor (UUID) -> Void)?
    /// Shows a failed request's reason (the window's toast).
    var onError: (@MainActor (String) -> Void)?

    init(builder: Builder, state: AlarmsState, service: AlarmService) {
        self.state = state
        self.service = service
        list = builder.object("alarms_list")
        stack = builder.object("alarms_stack")
        toastOverlay = builder.object("toast_overlay")
        state.observe { [unowned self] _ in refresh() }
        // A click on a row or Enter on it: its editor.
        Signal.connect(list, "row-activated") { [unowned self] arguments in
            guard let activated = arguments.object(at: 1) else { return }
            if let id = rows.first(where: { $0.value.row.pointer == activated })?.key { onEdit?(id) }
        }
        refresh()
        scheduleMinuteTick()
    }

    func refresh() {
        let models = maker.rows(state.records, now: Date())
        gtk_stack_set_visible_child_name(ptr(stack), models.isEmpty ? "empty" : "list")
        let ids = models.map(\.id)
        for gone in Set(rows.keys).subtracting(ids) {
            if let view = rows.removeValue(forKey: gone) { gtk_list_box_remove(ptr(list), ptr(view.row.pointer)) }
        }
        for model in models {
            if let view = rows[model.id] {
                if view.model != model { view.show(model) }
            } else {
                rows[model.id] = AlarmRowView(model, actions: actions)
            }
        }
        guard ids != order else { return }
        // New order: take the rows out (they live on in their ObjectRef) and put them back in it.
        for id in order where rows[id] != nil && gtk_widget_get_parent(ptr(rows[id]!.row.pointer)) != nil {
            gtk_list_box_remove(ptr(list), ptr(rows[id]!.row.pointer))
        }
        for id in ids { gtk_list_box_append(ptr(list), ptr(rows[id]!.row.pointer)) }
        order = ids
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
                if let view = self?.rows[id] { view.show(view.model) }
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
        let toast = adw_toast_new(text)!
        adw_toast_set_button_label(toast, tr("Undo"))
        Signal.connect(GObjectPointer(toast), "button-clicked") { [weak self] in self?.request(.unskip, record.id) }
        adw_toast_overlay_add_toast(ptr(toastOverlay), toast)
    }

    private func showUndo(for record: AlarmRecord) {
        let toast = adw_toast_new(tr("“%1$s” deleted", AlarmRowMaker.title(record)))!
        adw_toast_set_button_label(toast, tr("Undo"))
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        Signal.connect(GObjectPointer(toast), "button-clicked") { [weak self] in
            self?.service.perform(.schedule, record: record) { result in
                switch result {
                case .success(let reply): if let restored = reply.record { self?.state.apply(changedRecord: restored) }
                case .failure(let error): self?.onError?(error.description)
                }
            }
        }
        adw_toast_overlay_add_toast(ptr(toastOverlay), toast)
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
