import AlarmClient
import AlarmSystem
import AlarmsAppModel
import CGtk
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The add/edit dialog (alarm-dialog.ui): reads its fields into an `AlarmForm`, shows the form's
/// problems under their fields, and saves with the request alarmctl sends (`schedule` for a new
/// alarm; for an existing one `change`, naming only what the person changed, so Save with
/// nothing changed sends nothing and a rename keeps a turned-off alarm off).
@MainActor
final class AlarmDialog {
    private let builder: Builder
    let window: GObjectPointer
    private let state: AlarmsState
    private let service: AlarmService
    private let editing: AlarmRecord?
    /// The form as the dialog opened: what Save compares with.
    private let shown: AlarmForm
    /// The one-off's date (the calendar's pick), nil for none.
    private var date: AlarmForm.Day?
    private let localTime = LocalTimeText.current
    private var sounds: [String]
    private var soundControls: SoundRowControls!
    private let hourSpin, minuteSpin, preview, titleRow, soundRow, snoozeSpin, volumeSwitch, volumeSpin, rampSpin: GObjectPointer
    private let dateRow, dateCalendar, enabledSwitch, skipSwitch: GObjectPointer
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
        dateRow = builder.object("date_row")
        dateCalendar = builder.object("date_calendar")
        enabledSwitch = builder.object("enabled_switch")
        skipSwitch = builder.object("skip_switch")
        dayToggles = (0..<7).map { builder.object("day_\($0)") }
        errorLabels = Dictionary(uniqueKeysWithValues: ["time", "title", "snooze", "sound", "save"].map { ($0, builder.object("\($0)_error")) })
        var names = SoundCatalog.names()
        let form = editing.map { AlarmForm(editing: $0) } ?? AlarmForm(defaultSnooze: state.status?.defaultSnooze ?? 540)
        shown = form
        date = form.day
        if let chosen = form.sound, !names.contains(chosen) { names.append(chosen) }  // an app's own sound
        sounds = names

        gtk_window_set_transient_for(ptr(window), ptr(parent))
        // The window's title is its accessible name too ("Add Alarm" for a screen reader).
        let title = editing == nil ? tr("Add Alarm") : tr("Edit Alarm")
        gtk_window_set_title(ptr(window), title)
        adw_window_title_set_title(ptr(builder.object("dialog_title")), title)
        Widget.setVisible(builder.object("delete_button"), editing != nil)
        adw_action_row_set_subtitle(
            ptr(builder.object("ring_timeout_row")),
            SharedAlarmSettings.ringTimeoutText(SharedAlarmSettings.ringTimeout(environment: ProcessInfo.processInfo.environment)))
        setUpDays()
        setUpSounds()
        setUpState(form)
        show(form)
        connectSignals()
        soundControls = SoundRowControls(
            builder: builder, parent: window, service: service,
            chosen: { [unowned self] in self.form.sound },  // the row now, not the form it opened with
            onInstalled: { [unowned self] name in add(sound: name) },
            showError: { [unowned self] text in showSoundError(text) })
    }

    /// A sound just installed through "Add sound…": listed and chosen.
    private func add(sound name: String) {
        if !sounds.contains(name) {
            sounds.append(name)
            sounds.sort { $0.localizedStandardLess($1) }
            setUpSounds()
        }
        if let index = sounds.firstIndex(of: name) { adw_combo_row_set_selected(ptr(soundRow), guint(index + 1)) }
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
        for name in sounds { gtk_string_list_append(list, name) }
        adw_combo_row_set_model(ptr(soundRow), ptr(GObjectPointer(list)))
        g_object_unref(GObjectPointer(list))
    }

    /// The rows that say what the alarm is besides its time: its zone, on or off, its skip.
    private func setUpState(_ form: AlarmForm) {
        if let zone = form.timeZone { adw_action_row_set_subtitle(ptr(builder.object("zone_row")), TerminalSafe.text(zone)) }
        Widget.setVisible(builder.object("zone_row"), form.timeZone != nil)
        Widget.setVisible(builder.object("enabled_row"), editing != nil)
        gtk_switch_set_active(ptr(enabledSwitch), form.enabled ? 1 : 0)
        if let skipping = form.skipping {
            adw_action_row_set_subtitle(ptr(builder.object("skip_row")), localTime.weekdayAndTime(skipping, zone: .current, seconds: false))
        }
        Widget.setVisible(builder.object("skip_row"), form.skipping != nil)
        gtk_switch_set_active(ptr(skipSwitch), form.skipping != nil ? 1 : 0)
        // The calendar opens on the alarm's date, else on today.
        let day = form.day ?? AlarmForm.today()
        if let shownDay = g_date_time_new_local(Int32(day.year), Int32(day.month), Int32(day.day), 12, 0, 0) {
            gtk_calendar_select_day(ptr(dateCalendar), shownDay)
            g_date_time_unref(shownDay)
        }
        Signal.connect(dateCalendar, "day-selected") { [unowned self] in
            guard let picked = gtk_calendar_get_date(ptr(dateCalendar)) else { return }
            date = (Int(g_date_time_get_year(picked)), Int(g_date_time_get_month(picked)), Int(g_date_time_get_day_of_month(picked)))
            g_date_time_unref(picked)
            gtk_menu_button_popdown(ptr(builder.object("date_button")))
            updateSummary()
        }
        Signal.connect(builder.object("date_clear_button"), "clicked") { [unowned self] in
            date = nil
            updateSummary()
        }
    }

    private func show(_ form: AlarmForm) {
        Widget.setSpinValue(hourSpin, form.hour)
        Widget.setSpinValue(minuteSpin, form.minute)
        for (index, toggle) in dayToggles.enumerated() { Widget.setActive(toggle, form.days.days.contains(WeekdaySet.order[index])) }
        Widget.setEditableText(titleRow, form.title)
        let soundIndex = form.sound.flatMap { sounds.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        adw_combo_row_set_selected(ptr(soundRow), guint(soundIndex))
        Widget.setSpinValue(snoozeSpin, form.snoozeMinutes)
        gtk_switch_set_active(ptr(volumeSwitch), form.volumePercent != nil ? 1 : 0)
        Widget.setSpinValue(volumeSpin, form.volumePercent ?? 100)
        Widget.setSensitive(volumeSpin, form.volumePercent != nil)
        Widget.setSpinValue(rampSpin, form.rampSeconds)
        updatePreview()
        updateSummary()
    }

    private func connectSignals() {
        Signal.connect(hourSpin, "value-changed") { [unowned self] in
            updatePreview()
            updateSummary()
        }
        Signal.connect(minuteSpin, "value-changed") { [unowned self] in
            updatePreview()
            updateSummary()
        }
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

    /// "Once" or the days, and the date row of a one-off: its date, or that it rings at the
    /// next such time.
    private func updateSummary() {
        let days = selectedDays
        Widget.setText(builder.object("days_summary"), days.days.isEmpty ? tr("Once") : days.text(localTime: localTime))
        Widget.setVisible(dateRow, days.days.isEmpty)
        Widget.setVisible(builder.object("date_clear_button"), date != nil)
        adw_action_row_set_subtitle(ptr(dateRow), form.dateText(localTime: localTime))
    }

    private var selectedDays: WeekdaySet {
        WeekdaySet(dayToggles.indices.filter { Widget.isActive(dayToggles[$0]) }.map { WeekdaySet.order[$0] })
    }

    private var form: AlarmForm {
        var form = shown
        form.hour = Widget.spinValue(hourSpin)
        form.minute = Widget.spinValue(minuteSpin)
        form.days = selectedDays
        form.day = form.days.days.isEmpty ? date : nil
        if editing != nil { form.enabled = gtk_switch_get_active(ptr(enabledSwitch)) != 0 }
        form.skipping = gtk_switch_get_active(ptr(skipSwitch)) != 0 ? shown.skipping : nil
        form.title = Widget.text(titleRow)
        let selected = Int(adw_combo_row_get_selected(ptr(soundRow)))
        form.sound = selected >= 1 && selected <= sounds.count ? sounds[selected - 1] : nil
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
        let problems = form.problems(now: Date())
        showProblems(problems)
        guard problems.isEmpty else { return }
        var request = AlarmProtocol.Request(id: 0, op: .schedule, record: form.record())
        if let editing {
            let change = form.change(of: editing, shown: shown)
            guard !change.fields.isEmpty else { return close() }  // nothing changed: nothing to send
            request = AlarmProtocol.Request(id: 0, op: .change, record: change.record)
            request.fields = change.fields
        }
        Widget.setSensitive(builder.object("save_button"), false)
        service.perform(request) { [weak self] result in
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
