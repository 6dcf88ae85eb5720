import AlarmClient
import AlarmSystem
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The add/edit dialog (alarm-dialog.ui): reads its fields into an `AlarmForm`, shows the form's
/// problems under their fields, and saves with the request alarmctl sends (`schedule` for a new
/// alarm, `edit` for an existing one, same id).
@MainActor
final class AlarmDialog {
    private let builder: Builder
    let window: GObjectPointer
    private let state: AlarmsState
    private let service: AlarmService
    private let editing: AlarmRecord?
    private let localTime = LocalTimeText.current
    private var sounds: SoundChoices
    private var soundControls: SoundRowControls!
    private let hourSpin, minuteSpin, preview, titleRow, soundRow, snoozeSpin, volumeSwitch, volumeSpin, rampSpin: GObjectPointer
    private let dayToggles: [GObjectPointer]
    private let errorLabels: [String: GObjectPointer]
    var onClosed: (@MainActor () -> Void)?
    var onDelete: (@MainActor (UUID) -> Void)?

    init(parent: GObjectPointer, state: AlarmsState, service: AlarmService, editing: AlarmRecord?) {
        let builder = Builder(resource: "/org/openalarmkit/Alarms/alarm-dialog.ui")
        self.builder = builder
        window = builder.object("dialog")
        self.state = state
        self.service = service
        self.editing = editing
        hourSpin = builder.object("hour_spin")
        minuteSpin = builder.object("minute_spin")
        preview = builder.object("time_preview")
        titleRow = builder.object("title_row")
        soundRow = builder.object("sound_row")
        snoozeSpin = builder.object("snooze_spin")
        volumeSwitch = builder.object("volume_switch")
        volumeSpin = builder.object("volume_spin")
        rampSpin = builder.object("ramp_spin")
        dayToggles = (0..<7).map { builder.object("day_\($0)") }
        errorLabels = Dictionary(uniqueKeysWithValues: ["time", "title", "snooze", "sound", "save"].map { ($0, builder.object("\($0)_error")) })
        let form = editing.map(AlarmForm.init(editing:)) ?? AlarmForm(defaultSnooze: state.status?.defaultSnooze ?? 540)
        sounds = SoundChoices(keeping: form.sound)  // alarmd's list follows (`askForSounds`)

        gtk_window_set_transient_for(ptr(window), ptr(parent))
        // The window's title is its accessible name too ("Add Alarm" for a screen reader).
        let title = editing == nil ? tr("Add Alarm") : tr("Edit Alarm")
        gtk_window_set_title(ptr(window), title)
        adw_window_title_set_title(ptr(builder.object("dialog_title")), title)
        Widget.setVisible(builder.object("delete_button"), editing != nil)
        adw_action_row_set_subtitle(ptr(builder.object("ring_timeout_row")), SharedAlarmSettings.ringTimeoutText(state.status))
        setUpDays()
        setUpSounds()
        show(form)
        askForSounds(keeping: form.sound)
        connectSignals()
        soundControls = SoundRowControls(
            builder: builder, parent: window, service: service,
            chosen: { [unowned self] in self.form.sound },  // the row now, not the form it opened with
            onInstalled: { [unowned self] name in add(sound: name) },
            showError: { [unowned self] text in showSoundError(text) })
    }

    /// The sounds alarmd would play (`sounds`), listed once it answers; the row keeps the sound
    /// chosen meanwhile.
    private func askForSounds(keeping chosen: String?) {
        service.perform(AlarmProtocol.Request(id: 0, op: .sounds, app: AlarmForm.appID)) { [weak self] result in
            guard let self, case .success(let reply) = result, let catalog = reply.sounds else { return }
            let selected = form.sound ?? chosen
            sounds = SoundChoices(catalog, keeping: selected)
            setUpSounds()
            select(sound: selected)
        }
    }

    /// A sound just installed through "Add sound…": listed and chosen.
    private func add(sound name: String) {
        if !sounds.names.contains(name) {
            sounds.add(name)
            setUpSounds()
        }
        select(sound: name)
    }

    private func select(sound name: String?) {
        let index = name.flatMap { sounds.names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        adw_combo_row_set_selected(ptr(soundRow), guint(index))
    }

    private func showSoundError(_ text: String?) {
        let label = builder.object("sound_error")
        Widget.setText(label, text ?? "")
        Widget.setVisible(label, text != nil)
    }

    func present() { gtk_window_present(ptr(window)) }

    private func setUpDays() {
        let full = localTime.conventions?.weekdays ?? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        for (index, toggle) in dayToggles.enumerated() {
            let sundayFirst = WeekdaySet.sundayFirstIndex(WeekdaySet.order[index])
            gtk_button_set_label(ptr(toggle), localTime.shortWeekdays[sundayFirst])
            Widget.setAccessibleLabel(toggle, full[sundayFirst])
            Signal.connect(toggle, "toggled") { [unowned self] in updateSummary() }
        }
    }

    private func setUpSounds() {
        let list = gtk_string_list_new(nil)!
        gtk_string_list_append(list, tr("Default"))
        for name in sounds.names { gtk_string_list_append(list, name) }
        adw_combo_row_set_model(ptr(soundRow), ptr(GObjectPointer(list)))
        g_object_unref(GObjectPointer(list))
    }

    private func show(_ form: AlarmForm) {
        Widget.setSpinValue(hourSpin, form.hour)
        Widget.setSpinValue(minuteSpin, form.minute)
        for (index, toggle) in dayToggles.enumerated() { Widget.setActive(toggle, form.days.days.contains(WeekdaySet.order[index])) }
        Widget.setEditableText(titleRow, form.title)
        select(sound: form.sound)
        Widget.setSpinValue(snoozeSpin, form.snoozeMinutes)
        gtk_switch_set_active(ptr(volumeSwitch), form.volumePercent != nil ? 1 : 0)
        Widget.setSpinValue(volumeSpin, form.volumePercent ?? 100)
        Widget.setSensitive(volumeSpin, form.volumePercent != nil)
        Widget.setSpinValue(rampSpin, form.rampSeconds)
        updatePreview()
        updateSummary()
    }

    private func connectSignals() {
        Signal.connect(hourSpin, "value-changed") { [unowned self] in updatePreview() }
        Signal.connect(minuteSpin, "value-changed") { [unowned self] in updatePreview() }
        for spin in [hourSpin, minuteSpin] {
            // Two digits, as a clock shows them ("07").
            Signal.connect(spin, "output") { arguments in
                let value = Widget.spinValue(spin)
                Widget.setEditableText(spin, value < 10 ? "0\(value)" : "\(value)")
                arguments.setReturn(true)
            }
        }
        Signal.connect(volumeSwitch, "notify::active") { [unowned self] in
            Widget.setSensitive(volumeSpin, gtk_switch_get_active(ptr(volumeSwitch)) != 0)
        }
        Signal.connect(builder.object("weekdays_button"), "clicked") { [unowned self] in setDays(WeekdaySet.weekdays) }
        Signal.connect(builder.object("every_day_button"), "clicked") { [unowned self] in setDays(WeekdaySet.everyDay) }
        Signal.connect(builder.object("cancel_button"), "clicked") { [unowned self] in close() }
        Signal.connect(builder.object("save_button"), "clicked") { [unowned self] in save() }
        Signal.connect(builder.object("delete_button"), "clicked") { [unowned self] in
            if let id = editing?.id { onDelete?(id) }
            close()
        }
        // However it closes (Cancel, Save, Delete, Escape): GtkBuilder keeps a reference to the
        // window, so "destroy" would come only with this object's own end, never before it.
        Signal.connect(window, "close-request") { [unowned self] arguments in
            soundControls.close()
            onClosed?()
            arguments.setReturn(false)  // GTK's own handler destroys the window
        }
        // Enter in the title saves, as the default button.
        gtk_window_set_default_widget(ptr(window), ptr(builder.object("save_button")))
        adw_entry_row_set_activates_default(ptr(titleRow), 1)
        // Escape closes, as in every dialog.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            ptr(GObjectPointer(shortcuts)),
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(ptr(window), shortcuts)
    }

    private func close() { gtk_window_close(ptr(window)) }

    private func setDays(_ days: Set<Locale.Weekday>) {
        for (index, toggle) in dayToggles.enumerated() { Widget.setActive(toggle, days.contains(WeekdaySet.order[index])) }
    }

    private func updatePreview() {
        Widget.setText(preview, localTime.time(hour: Widget.spinValue(hourSpin), minute: Widget.spinValue(minuteSpin)))
    }

    private func updateSummary() {
        let days = selectedDays
        Widget.setText(builder.object("days_summary"), days.days.isEmpty ? tr("Once") : days.text(localTime: localTime))
    }

    private var selectedDays: WeekdaySet {
        WeekdaySet(dayToggles.indices.filter { Widget.isActive(dayToggles[$0]) }.map { WeekdaySet.order[$0] })
    }

    private var form: AlarmForm {
        var form = AlarmForm()
        form.hour = Widget.spinValue(hourSpin)
        form.minute = Widget.spinValue(minuteSpin)
        form.days = selectedDays
        form.title = Widget.text(titleRow)
        let selected = Int(adw_combo_row_get_selected(ptr(soundRow)))
        form.sound = selected >= 1 && selected <= sounds.names.count ? sounds.names[selected - 1] : nil
        form.snoozeMinutes = Widget.spinValue(snoozeSpin)
        form.volumePercent = gtk_switch_get_active(ptr(volumeSwitch)) != 0 ? Widget.spinValue(volumeSpin) : nil
        form.rampSeconds = Widget.spinValue(rampSpin)
        return form
    }

    private func showProblems(_ problems: [AlarmForm.Problem], saveError: String? = nil) {
        var texts: [String: [String]] = [:]
        for problem in problems {
            let key: String
            switch problem {
            case .time: key = "time"
            case .title: key = "title"
            case .snooze: key = "snooze"
            case .sound: key = "sound"
            }
            texts[key, default: []].append(problem.message)
        }
        if let saveError { texts["save"] = [saveError] }
        for (key, label) in errorLabels {
            let text = texts[key]?.joined(separator: "\n") ?? ""
            Widget.setText(label, text)
            Widget.setVisible(label, !text.isEmpty)
        }
    }

    private func save() {
        let form = form
        let problems = form.problems
        showProblems(problems)
        guard problems.isEmpty else { return }
        let record = form.record(editing: editing)
        Widget.setSensitive(builder.object("save_button"), false)
        service.perform(editing == nil ? .schedule : .edit, record: record) { [weak self] result in
            guard let self else { return }
            Widget.setSensitive(builder.object("save_button"), true)
            switch result {
            case .success(let reply):
                if let saved = reply.record { state.apply(changedRecord: saved) }
                close()
            case .failure(let error):
                // alarmd's words, escaped of control characters: it may quote the title.
                showProblems([], saveError: TerminalSafe.text(error.description))
            }
        }
    }
}
