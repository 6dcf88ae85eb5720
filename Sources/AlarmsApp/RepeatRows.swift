import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import GtkSupport
import LinuxSupport

/// The repeat rows of alarm-dialog.ui (bound with `AlarmDialogUI`).
@MainActor
struct RepeatRowsUI {
    let repeatRow, monthRow, dayRow, ordinalRow, weekdayRow, endsRow: ComboRow
    let daysRow: Widget
    /// In the order of the .ui file, which `RepeatRows` labels from the locale's first weekday.
    let dayToggles: [ToggleButton]
    let weekdaysButton, everyDayButton: Button
    /// The date of a one-off.
    let dateRow: ActionRow
    let dateButton: MenuButton
    let dateCalendar: CalendarWidget
    let dateClearButton: Button
    let intervalRow, untilRow, countRow: ActionRow
    let intervalSpin, countSpin: SpinButton
    let untilButton: MenuButton
    let untilCalendar: CalendarWidget
    let summary: Label

    init(_ builder: Builder) throws(BuilderError) {
        repeatRow = try builder.object("repeat_row")
        monthRow = try builder.object("month_row")
        dayRow = try builder.object("day_row")
        ordinalRow = try builder.object("ordinal_row")
        weekdayRow = try builder.object("weekday_row")
        endsRow = try builder.object("ends_row")
        daysRow = try builder.object("days_row")
        var toggles: [ToggleButton] = []
        for index in 0..<7 { toggles.append(try builder.object("day_\(index)")) }
        dayToggles = toggles
        weekdaysButton = try builder.object("weekdays_button")
        everyDayButton = try builder.object("every_day_button")
        dateRow = try builder.object("date_row")
        dateButton = try builder.object("date_button")
        dateCalendar = try builder.object("date_calendar")
        dateClearButton = try builder.object("date_clear_button")
        intervalRow = try builder.object("interval_row")
        untilRow = try builder.object("until_row")
        countRow = try builder.object("count_row")
        intervalSpin = try builder.object("interval_spin")
        countSpin = try builder.object("count_spin")
        untilButton = try builder.object("until_button")
        untilCalendar = try builder.object("until_calendar")
        summary = try builder.object("repeat_summary")
    }
}

/// When the alarm repeats, in the dialog: the Repeat row and the rows its kind needs, read into
/// an `AlarmForm` and shown from one. GNOME Clocks' day toggles stay: a day chosen while it
/// repeats Never makes it Weekly.
@MainActor
final class RepeatRows {
    private let ui: RepeatRowsUI
    private let localTime: LocalTimeText
    /// The kinds in the Repeat row: the ones offered, and "As in the Calendar" for an alarm
    /// whose schedule they cannot show.
    private let kinds: [RepeatKind]
    /// The days of the toggles and of the weekday row, from the locale's first day of the week.
    private let days: [Locale.Weekday]
    /// The one-off's date and the end date (the calendars' picks).
    private var date: AlarmForm.Day?
    private var until: AlarmForm.Day?
    /// Whether the day row lists "Last Day" (monthly) or not (yearly).
    private var dayRowHasLastDay: Bool?
    /// After every change a person makes: the dialog's summary, preview and date line.
    var onChange: @MainActor () -> Void = {}

    init(ui: RepeatRowsUI, form: AlarmForm, localTime: LocalTimeText) {
        self.ui = ui
        self.localTime = localTime
        kinds = RepeatKind.offered + (form.repeatKind == .asInCalendar ? [.asInCalendar] : [])
        days = WeekdaySet.order(startingOn: localTime.firstWeekday)
        date = form.day
        until = form.untilDay
        let full = localTime.conventions?.weekdays ?? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        for (toggle, day) in zip(ui.dayToggles, days) {
            let sundayFirst = WeekdaySet.sundayFirstIndex(day)
            toggle.setLabel(localTime.shortWeekdays[sundayFirst])
            toggle.setAccessibleLabel(full[sundayFirst])
        }
        ui.repeatRow.setStrings(kinds.map(\.label))
        ui.monthRow.setStrings(RepeatWords.months)
        ui.ordinalRow.setStrings(RepeatWords.ordinals.map(\.label))
        ui.weekdayRow.setStrings(days.map { full[WeekdaySet.sundayFirstIndex($0)] })
        ui.endsRow.setStrings(RepeatEnd.labels)
        show(form)
        connect()
    }

    private func show(_ form: AlarmForm) {
        ui.repeatRow.setSelected(kinds.firstIndex(of: form.repeatKind) ?? 0)
        setDays(form.days.days)
        ui.intervalSpin.setValue(form.weekInterval)
        ui.monthRow.setSelected(form.month - 1)
        setDayRow(lastDay: form.repeatKind != .yearly)
        ui.dayRow.setSelected(form.monthDay == -1 ? 31 : form.monthDay - 1)
        ui.ordinalRow.setSelected(RepeatWords.ordinals.firstIndex { $0.ordinal == form.weekdayOrdinal } ?? 0)
        ui.weekdayRow.setSelected(days.firstIndex(of: form.weekday) ?? 0)
        ui.endsRow.setSelected(form.end.index)
        ui.countSpin.setValue(form.endCount ?? 10)
        // The calendars open on the alarm's dates, else on today.
        let today = AlarmForm.today()
        let day = form.day ?? today
        ui.dateCalendar.select(year: day.year, month: day.month, day: day.day)
        let end = form.untilDay ?? today
        ui.untilCalendar.select(year: end.year, month: end.month, day: end.day)
    }

    private func connect() {
        ui.repeatRow.onSelectedChanged { [unowned self] in changed() }
        for toggle in ui.dayToggles {
            toggle.onToggled { [unowned self] in
                // A day chosen while it repeats Never: weekly, as GNOME Clocks' toggles mean.
                if kind == .never, toggle.isActive, let weekly = kinds.firstIndex(of: .weekly) { ui.repeatRow.setSelected(weekly) }
                changed()
            }
        }
        ui.weekdaysButton.onClicked { [unowned self] in setDays(WeekdaySet.weekdays) }
        ui.everyDayButton.onClicked { [unowned self] in setDays(WeekdaySet.everyDay) }
        for row in [ui.monthRow, ui.dayRow, ui.ordinalRow, ui.weekdayRow, ui.endsRow] { row.onSelectedChanged { [unowned self] in changed() } }
        ui.intervalSpin.onValueChanged { [unowned self] in changed() }
        ui.countSpin.onValueChanged { [unowned self] in changed() }
        ui.dateCalendar.onDaySelected { [unowned self] in
            let picked = ui.dateCalendar.selectedDay
            date = (picked.year, picked.month, picked.day)
            ui.dateButton.popdown()
            changed()
        }
        ui.dateClearButton.onClicked { [unowned self] in
            date = nil
            changed()
        }
        ui.untilCalendar.onDaySelected { [unowned self] in
            let picked = ui.untilCalendar.selectedDay
            until = (picked.year, picked.month, picked.day)
            ui.untilButton.popdown()
            changed()
        }
    }

    private func changed() {
        // A day of the month may be the last (monthly); a date of the year is a number.
        setDayRow(lastDay: kind != .yearly)
        if ui.endsRow.selected == RepeatEnd.untilIndex, until == nil {
            let day = AlarmForm.defaultUntil()
            until = day
            ui.untilCalendar.select(year: day.year, month: day.month, day: day.day)
        }
        onChange()
    }

    private var kind: RepeatKind {
        let selected = ui.repeatRow.selected
        return kinds.indices.contains(selected) ? kinds[selected] : .never
    }

    private func setDays(_ chosen: Set<Locale.Weekday>) {
        for (toggle, day) in zip(ui.dayToggles, days) { toggle.setActive(chosen.contains(day)) }
    }

    private func setDayRow(lastDay: Bool) {
        guard dayRowHasLastDay != lastDay else { return }
        let selected = ui.dayRow.selected
        dayRowHasLastDay = lastDay
        ui.dayRow.setStrings(RepeatWords.monthDays(lastDay: lastDay))
        ui.dayRow.setSelected(min(selected, lastDay ? 31 : 30))
    }

    /// The rows' values in `form`.
    func read(into form: inout AlarmForm) {
        form.repeatKind = kind
        form.days = WeekdaySet(zip(ui.dayToggles, days).filter { $0.0.isActive }.map(\.1))
        form.weekInterval = ui.intervalSpin.value
        form.month = ui.monthRow.selected + 1
        form.monthDay = ui.dayRow.selected == 31 ? -1 : ui.dayRow.selected + 1
        let ordinal = ui.ordinalRow.selected
        form.weekdayOrdinal = RepeatWords.ordinals.indices.contains(ordinal) ? RepeatWords.ordinals[ordinal].ordinal : 1
        form.weekday = days.indices.contains(ui.weekdayRow.selected) ? days[ui.weekdayRow.selected] : .monday
        form.day = kind == .never ? date : nil
        form.setEnd(choice: ui.endsRow.selected, until: until, count: ui.countSpin.value)
    }

    /// Shows the rows `form`'s kind needs, and the repeat in words (as the alarm's row will say it).
    func update(_ form: AlarmForm) {
        let kind = form.repeatKind
        ui.daysRow.setVisible(kind.hasDays)
        ui.dateRow.setVisible(kind == .never)
        ui.dateClearButton.setVisible(date != nil)
        ui.dateRow.setSubtitle(form.dateText(localTime: localTime))
        ui.intervalRow.setVisible(kind == .everyFewWeeks)
        ui.monthRow.setVisible(kind == .yearly)
        ui.dayRow.setVisible(kind == .monthlyByDate || kind == .yearly)
        ui.ordinalRow.setVisible(kind == .monthlyByWeekday)
        ui.weekdayRow.setVisible(kind == .monthlyByWeekday)
        ui.endsRow.setVisible(kind.hasEnd)
        ui.untilRow.setVisible(kind.hasEnd && ui.endsRow.selected == RepeatEnd.untilIndex)
        ui.untilRow.setSubtitle(form.untilText(localTime: localTime))
        ui.countRow.setVisible(kind.hasEnd && ui.endsRow.selected == RepeatEnd.countIndex)
        // A one-off needs no line of words: the Repeat row says Never, the date row when.
        ui.summary.setVisible(kind != .never)
        ui.summary.setText(form.repeatText(localTime: localTime))
    }
}
