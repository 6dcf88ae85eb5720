import AlarmClient
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// alarm-dialog.ui.
struct AlarmDialogUI: BuilderFile {
    static let resource = "/org/openalarmkit/Alarms/alarm-dialog.ui"
    let builder: Builder
    let window: Window
    let title: WindowTitle
    let hourSpin, minuteSpin, snoozeSpin, volumeSpin, rampSpin: SpinButton
    let preview: Label
    let titleRow: EntryRow
    let soundRow: ComboRow
    let soundPreviewButton, addSoundButton: Button
    let volumeSwitch: Switch
    /// When it repeats (RepeatRows.swift).
    let repeatRows: RepeatRowsUI
    /// What the alarm is besides when it rings: its zone, on or off, its skip.
    let zoneRow, enabledRow, skipRow: ActionRow
    let enabledSwitch, skipSwitch: Switch
    let cancelButton, saveButton, deleteButton: Button
    let ringTimeoutLabel: Label
    let errorLabels: [String: Label]

    init(_ builder: Builder) throws(BuilderError) {
        self.builder = builder
        window = try builder.object("dialog")
        title = try builder.object("dialog_title")
        hourSpin = try builder.object("hour_spin")
        minuteSpin = try builder.object("minute_spin")
        snoozeSpin = try builder.object("snooze_spin")
        volumeSpin = try builder.object("volume_spin")
        rampSpin = try builder.object("ramp_spin")
        preview = try builder.object("time_preview")
        titleRow = try builder.object("title_row")
        soundRow = try builder.object("sound_row")
        soundPreviewButton = try builder.object("sound_preview_button")
        addSoundButton = try builder.object("add_sound_button")
        volumeSwitch = try builder.object("volume_switch")
        repeatRows = try RepeatRowsUI(builder)
        zoneRow = try builder.object("zone_row")
        enabledRow = try builder.object("enabled_row")
        skipRow = try builder.object("skip_row")
        enabledSwitch = try builder.object("enabled_switch")
        skipSwitch = try builder.object("skip_switch")
        cancelButton = try builder.object("cancel_button")
        saveButton = try builder.object("save_button")
        deleteButton = try builder.object("delete_button")
        ringTimeoutLabel = try builder.object("ring_timeout_label")
        var labels: [String: Label] = [:]
        for key in ["time", "repeat", "title", "snooze", "sound", "save"] { labels[key] = try builder.object("\(key)_error") }
        errorLabels = labels
    }
}

/// The add/edit dialog (alarm-dialog.ui): reads its fields into an `AlarmForm`, shows the form's
/// problems under their fields, and saves with the request alarmctl sends (`schedule` for a new
/// alarm; for an existing one `change`, naming only what the person changed, so Save with
/// nothing changed sends nothing and a rename keeps a turned-off alarm off).
@MainActor
final class AlarmDialog {
    private let ui: AlarmDialogUI
    private let state: AlarmsState
    private let service: AlarmService
    private let editing: AlarmRecord?
    /// The form as the dialog opened: what Save compares with.
    private let shown: AlarmForm
    private let localTime: LocalTimeText
    private var repeatRows: RepeatRows!
    private var sounds: SoundChoices
    private var soundControls: SoundRowControls!
    private var hourSpin: SpinButton { ui.hourSpin }
    private var minuteSpin: SpinButton { ui.minuteSpin }
    private var titleRow: EntryRow { ui.titleRow }
    private var soundRow: ComboRow { ui.soundRow }
    var onClosed: (@MainActor () -> Void)?
    var onDelete: (@MainActor (UUID) -> Void)?

    init(parent: some WindowHandle, state: AlarmsState, service: AlarmService, editing: AlarmRecord?, localTime: LocalTimeText = .current) {
        ui = AlarmDialogUI.load()
        self.state = state
        self.service = service
        self.editing = editing
        self.localTime = localTime
        let defaultSnooze = state.status?.defaultSnooze
        let form = editing.map { AlarmForm(editing: $0, defaultSnooze: defaultSnooze) } ?? AlarmForm(defaultSnooze: defaultSnooze)
        shown = form
        sounds = SoundChoices(keeping: form.sound)  // alarmd's list follows (`askForSounds`)

        ui.window.setTransientFor(parent)
        // The window's title is its accessible name too ("Add Alarm" for a screen reader).
        let title = editing == nil ? tr("Add Alarm") : tr("Edit Alarm")
        ui.window.setTitle(title)
        ui.title.setTitle(title)
        ui.deleteButton.setVisible(editing != nil)
        showRingTimeout(state.status)
        setUpSounds()
        setUpState(form)
        repeatRows = RepeatRows(ui: ui.repeatRows, form: form, localTime: localTime)
        repeatRows.onChange = { [unowned self] in updateSummary() }
        show(form)
        askForSounds(keeping: form.sound)
        connectSignals()
        soundControls = SoundRowControls(
            ui: ui, service: service,
            chosen: { [unowned self] in self.form.sound },  // the row now, not the form it opened with
            onInstalled: { [unowned self] name in add(sound: name) },
            showError: { [unowned self] text in showSoundError(text) })
    }

    /// "Rings for 10 min, then it counts as missed. …": alarmd's ring timeout, as its `status`
    /// says (asked for when the window has not heard it yet); hidden while alarmd has not said.
    private func showRingTimeout(_ status: AlarmProtocol.DaemonStatus?) {
        let timeout = SharedAlarmSettings.ringTimeoutText(status)
        ui.ringTimeoutLabel.setText(timeout.isEmpty ? "" : tr("Rings for %1$s. The alarm service sets this for every alarm.", timeout))
        ui.ringTimeoutLabel.setVisible(!timeout.isEmpty)
        guard status?.ringTimeout == nil else { return }
        service.perform(.status) { [weak self] result in
            guard let self, case .success(let reply) = result, let status = reply.status, status.ringTimeout != nil else { return }
            showRingTimeout(status)
        }
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
        soundRow.setSelected(index)
    }

    private func showSoundError(_ text: String?) {
        let label = ui.errorLabels["sound"]!
        label.setText(text ?? "")
        label.setVisible(text != nil)
    }

    /// Shown with the keyboard on the hour, as GNOME Clocks does: the time is what a person
    /// sets first, and Cancel is not the first thing Space or Enter should press. An event
    /// whose repeat is kept as in the calendar has no time to set: the Repeat row, then.
    func present() {
        ui.window.present()
        if !hourSpin.grabFocus() { ui.repeatRows.repeatRow.grabFocus() }
    }

    private func setUpSounds() {
        soundRow.setStrings([tr("Default")] + sounds.names)
    }

    /// The rows that say what the alarm is besides when it rings: its zone, on or off, its skip.
    private func setUpState(_ form: AlarmForm) {
        if let zone = form.timeZone { ui.zoneRow.setSubtitle(TerminalSafe.text(zone)) }
        ui.zoneRow.setVisible(form.timeZone != nil)
        ui.enabledRow.setVisible(editing != nil)
        ui.enabledSwitch.setActive(form.enabled)
        if let skipping = form.skipping { ui.skipRow.setSubtitle(localTime.weekdayAndTime(skipping, zone: .current, seconds: false)) }
        ui.skipRow.setVisible(form.skipping != nil)
        ui.skipSwitch.setActive(form.skipping != nil)
    }

    private func show(_ form: AlarmForm) {
        hourSpin.setValue(form.hour)
        minuteSpin.setValue(form.minute)
        titleRow.setText(form.title)
        select(sound: form.sound)
        ui.snoozeSpin.setValue(form.snoozeMinutes)
        ui.volumeSwitch.setActive(form.volumePercent != nil)
        ui.volumeSpin.setValue(form.volumePercent ?? 100)
        ui.volumeSpin.setSensitive(form.volumePercent != nil)
        ui.rampSpin.setValue(form.rampSeconds)
        updatePreview()
        updateSummary()
    }

    private func connectSignals() {
        // The time changes the preview, and the date row of a one-off ("at the next 07:00").
        hourSpin.onValueChanged { [unowned self] in
            updatePreview()
            updateSummary()
        }
        minuteSpin.onValueChanged { [unowned self] in
            updatePreview()
            updateSummary()
        }
        // Two digits, as a clock shows them ("07").
        hourSpin.showTwoDigits()
        minuteSpin.showTwoDigits()
        ui.volumeSwitch.onActiveChanged { [unowned self] in ui.volumeSpin.setSensitive(ui.volumeSwitch.isActive) }
        ui.cancelButton.onClicked { [unowned self] in close() }
        ui.saveButton.onClicked { [unowned self] in save() }
        ui.deleteButton.onClicked { [unowned self] in
            if let id = editing?.id { onDelete?(id) }
            close()
        }
        // However it closes (Cancel, Save, Delete, Escape): GtkBuilder keeps a reference to the
        // window, so "destroy" would come only with this object's own end, never before it.
        ui.window.onCloseRequest { [unowned self] in
            soundControls.close()
            onClosed?()
            return false  // GTK's own handler destroys the window
        }
        // Enter in the title saves, as the default button. (Escape closes: alarm-dialog.ui.)
        ui.window.setDefaultWidget(ui.saveButton)
        titleRow.setActivatesDefault(true)
    }

    private func close() { ui.window.close() }

    private func updatePreview() {
        ui.preview.setText(localTime.time(hour: hourSpin.value, minute: minuteSpin.value))
    }

    /// The rows the repeat needs, its words, and the date row of a one-off ("at the next
    /// 07:00"). While it repeats as in the calendar, the event's reminders say when it rings:
    /// the time is shown, not set.
    private func updateSummary() {
        let form = form
        repeatRows.update(form)
        hourSpin.setSensitive(form.repeatKind != .asInCalendar)
        minuteSpin.setSensitive(form.repeatKind != .asInCalendar)
    }

    private var form: AlarmForm {
        var form = shown
        form.hour = hourSpin.value
        form.minute = minuteSpin.value
        repeatRows.read(into: &form)
        if editing != nil { form.enabled = ui.enabledSwitch.isActive }
        form.skipping = ui.skipSwitch.isActive ? shown.skipping : nil
        form.title = titleRow.text
        let selected = soundRow.selected
        form.sound = selected >= 1 && selected <= sounds.names.count ? sounds.names[selected - 1] : nil
        form.snoozeMinutes = ui.snoozeSpin.value
        form.volumePercent = ui.volumeSwitch.isActive ? ui.volumeSpin.value : nil
        form.rampSeconds = ui.rampSpin.value
        return form
    }

    private func showProblems(_ problems: [AlarmForm.Problem], saveError: String? = nil) {
        var texts: [String: [String]] = [:]
        for problem in problems {
            let key: String
            switch problem {
            case .time: key = "time"
            case .repeat: key = "repeat"
            case .title: key = "title"
            case .snooze: key = "snooze"
            case .sound: key = "sound"
            }
            texts[key, default: []].append(problem.message)
        }
        if let saveError { texts["save"] = [saveError] }
        for (key, label) in ui.errorLabels {
            let text = texts[key]?.joined(separator: "\n") ?? ""
            label.setText(text)
            label.setVisible(!text.isEmpty)
        }
    }

    private func save() {
        let form = form
        let problems = form.problems(now: Date(), shown: editing == nil ? nil : shown)
        showProblems(problems)
        guard problems.isEmpty else { return }
        var request = AlarmProtocol.Request(id: 0, op: .schedule, record: form.record())
        if let editing {
            let change = form.change(of: editing, shown: shown)
            guard !change.fields.isEmpty else { return close() }  // nothing changed: nothing to send
            request = AlarmProtocol.Request(id: 0, op: .change, record: change.record)
            request.fields = change.fields
        }
        ui.saveButton.setSensitive(false)
        service.perform(request) { [weak self] result in
            guard let self else { return }
            ui.saveButton.setSensitive(true)
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
