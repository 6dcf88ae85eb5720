import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import Testing

/// The editor's repeats: each kind makes the schedule `alarmctl add` makes from the same words,
/// reads back from it, and Save unchanged sends nothing; what the kinds cannot show is kept.
@Suite(.timeLimit(.minutes(2))) struct AlarmFormRepeatTests {
    /// Tuesday 2026-03-10 12:00 in Berlin.
    let berlin = ZoneRules.named("Europe/Berlin")!
    var now: Date { FireTimeCalendar(timeZone: berlin).instant(of: LocalDate(year: 2026, month: 3, day: 10), hour: 12, minute: 0) }

    func form(_ kind: RepeatKind, _ hour: Int, _ minute: Int = 0, end: RepeatEnd = .never, _ details: (inout AlarmForm) -> Void = { _ in }) -> AlarmForm {
        var form = AlarmForm(defaultSnooze: 540)
        form.repeatKind = kind
        form.hour = hour
        form.minute = minute
        form.end = end
        details(&form)
        return form
    }

    /// What `alarmctl add WORDS` stores as the schedule (AddCommand: a calendar spec is the
    /// record's event schedule, any other its AlarmKit schedule).
    func alarmctl(_ words: String) throws -> AlarmRecord.ScheduleKind {
        switch try TimeSpec.parse(words, now: now, timeZone: berlin) {
        case .schedule(let schedule): .alarmKit(schedule)
        case .calendar(let schedule): .calendar(schedule)
        case .countdown(let seconds): .alarmKit(.fixed(now + seconds))
        }
    }

    /// Each kind, as the window makes it and as alarmctl reads the same words.
    var cases: [(form: AlarmForm, words: String)] {
        let monday = WeekdaySet([.monday])
        return [
            (form(.weekly, 7) { $0.days = WeekdaySet([.monday, .friday]) }, "mon,fri 7:00"),
            (form(.weekly, 6, 30, end: .until(LocalDate(year: 2026, month: 12, day: 19))) { $0.days = WeekdaySet(WeekdaySet.weekdays) },
             "weekdays 6:30 until 2026-12-19"),
            (form(.weekly, 7, end: .count(10)) { $0.days = WeekdaySet(WeekdaySet.everyDay) }, "daily 7:00 10 times"),
            (form(.everyFewWeeks, 7) { $0.days = monday }, "every 2 weeks mon 7:00"),
            (form(.everyFewWeeks, 18, 15) { $0.days = WeekdaySet([.monday, .friday]); $0.weekInterval = 3 }, "every 3 weeks mon,fri 18:15"),
            (form(.monthlyByDate, 9) { $0.monthDay = 15 }, "monthly on the 15th 9:00"),
            (form(.monthlyByDate, 9, end: .until(LocalDate(year: 2026, month: 12, day: 31))) { $0.monthDay = -1 },
             "monthly on the last day 9:00 until 2026-12-31"),
            (form(.monthlyByWeekday, 9) { $0.weekdayOrdinal = 1; $0.weekday = .monday }, "first monday of each month 9:00"),
            (form(.monthlyByWeekday, 17, end: .count(5)) { $0.weekdayOrdinal = -1; $0.weekday = .friday }, "last fri of every month 17:00 5 times"),
            (form(.yearly, 9) { $0.month = 5; $0.monthDay = 3 }, "yearly on 3 may 9:00"),
            (form(.yearly, 8, end: .count(3)) { $0.month = 2; $0.monthDay = 29 }, "yearly on 29 feb 8:00 3 times"),
        ]
    }

    @Test func eachKindIsTheScheduleAlarmctlAddMakesFromTheSameWords() throws {
        for (form, words) in cases {
            #expect(form.problems(now: now, zone: berlin).isEmpty, "\(words)")
            let record = form.record(now: now, zone: berlin)
            #expect(record.storedSchedule == (try alarmctl(words)), "\(words)")
            #expect(record.timeZone == nil, "the machine's wall clock, as alarmctl's")
        }
        // Spelled out: every 2 weeks on Monday from the first Monday ahead, at 07:00.
        let schedule = try #require(cases[3].form.record(now: now, zone: berlin).calendar)
        #expect(schedule.rule?.text == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        #expect(schedule.start == CalendarDateTime(year: 2026, month: 3, day: 16, secondOfDay: 7 * 3600))
        #expect(schedule.alerts == [CalendarAlert()])
        let monthly = try #require(cases[8].form.record(now: now, zone: berlin).calendar)
        #expect(monthly.rule?.text == "FREQ=MONTHLY;COUNT=5;BYDAY=-1FR")
    }

    @Test func eachKindReadsBackAndSaveUnchangedSendsNothing() throws {
        for (form, words) in cases {
            var original = form.record(now: now, zone: berlin)
            original.disabledAt = now - 60
            let shown = AlarmForm(editing: original, zone: berlin, now: now)
            #expect(shown.repeatKind == form.repeatKind, "\(words)")
            #expect(shown.end == form.end, "\(words)")
            #expect((shown.hour, shown.minute) == (form.hour, form.minute), "\(words)")
            #expect(shown.repeatText(localTime: LocalTimeText(posixName: "C"), now: now, zone: berlin) != "", "\(words)")
            switch form.repeatKind {
            case .weekly, .everyFewWeeks:
                #expect(shown.days == form.days, "\(words)")
                #expect(form.repeatKind == .weekly || shown.weekInterval == form.weekInterval, "\(words)")
            case .monthlyByDate:
                #expect(shown.monthDay == form.monthDay, "\(words)")
            case .monthlyByWeekday:
                #expect((shown.weekdayOrdinal, shown.weekday) == (form.weekdayOrdinal, form.weekday), "\(words)")
            case .yearly:
                #expect((shown.month, shown.monthDay) == (form.month, form.monthDay), "\(words)")
            case .never, .asInCalendar:
                Issue.record("not a repeat: \(words)")
            }
            // Save unchanged: nothing to send; days later, with the first date behind it, too.
            #expect(shown.problems(now: now, zone: berlin, shown: shown).isEmpty, "\(words)")
            #expect(shown.change(of: original, shown: shown, now: now, zone: berlin).fields.isEmpty, "\(words)")
            let later = now + 40 * 86400
            let reopened = AlarmForm(editing: original, zone: berlin, now: later)
            #expect(reopened.change(of: original, shown: reopened, now: later, zone: berlin).fields.isEmpty, "\(words)")
            // A rename sends the title alone.
            var renamed = shown
            renamed.title = "Renamed"
            #expect(renamed.change(of: original, shown: shown, now: now, zone: berlin).fields == [.title], "\(words)")
        }
    }

    @Test func aOneOffAndAnAlarmKitWeeklyAlarmReadAsNeverAndWeekly() {
        let once = AlarmForm(editing: AlarmForm().record(now: now, zone: berlin), zone: berlin, now: now)
        #expect(once.repeatKind == .never)
        #expect(once.repeatText(localTime: LocalTimeText(posixName: "C")) == "Once")
        var weekly = AlarmForm()
        weekly.repeatKind = .weekly
        weekly.days = WeekdaySet(WeekdaySet.weekdays)
        let shown = AlarmForm(editing: weekly.record(now: now, zone: berlin), zone: berlin, now: now)
        #expect(shown.repeatKind == .weekly)
        #expect(shown.days == weekly.days)
        #expect(shown.repeatText(localTime: LocalTimeText(posixName: "C"), now: now, zone: berlin) == "Weekdays")
    }

    @Test func theWordsAreTheRowsWords() {
        let c = LocalTimeText(posixName: "C")
        #expect(cases[3].form.repeatText(localTime: c, now: now, zone: berlin) == "Every other week on Mon")
        #expect(cases[4].form.repeatText(localTime: c, now: now, zone: berlin) == "Every 3 weeks on Mon, Fri")
        #expect(cases[5].form.repeatText(localTime: c, now: now, zone: berlin) == "Monthly on day 15")
        #expect(cases[6].form.repeatText(localTime: c, now: now, zone: berlin) == "Monthly on the last day, until 2026-12-31")
        #expect(cases[8].form.repeatText(localTime: c, now: now, zone: berlin) == "Monthly on the last Friday, 5 times")
        #expect(cases[9].form.repeatText(localTime: c, now: now, zone: berlin) == "Yearly on 3 May")
    }

    /// An imported event: first Monday of the month at 09:00 New York time, its reminder 15
    /// minutes before, an hour long, one occurrence moved; and a BYSETPOS rule.
    func imported(_ rule: String, overrides: [CalendarOverride] = []) throws -> AlarmRecord {
        var record = AlarmForm().record(now: now, zone: berlin)
        record.calendar = CalendarSchedule(
            start: CalendarDateTime(year: 2026, month: 1, day: 5, secondOfDay: 9 * 3600), duration: CalendarDuration(seconds: 3600),
            rule: try RecurrenceRule(text: rule), overrides: overrides,
            alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)), uid: "A1")])
        record.timeZone = "America/New_York"
        record.calendarUID = "event-1@example.com"
        return record
    }

    @Test func aRuleTheKindsCannotShowIsShownInWordsAndKept() throws {
        let moved = CalendarOverride(occurrence: CalendarDateTime(year: 2026, month: 4, day: 6, secondOfDay: 9 * 3600),
                                     start: CalendarDateTime(year: 2026, month: 4, day: 7, secondOfDay: 10 * 3600), alerts: [CalendarAlert()])
        for original in [try imported("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"), try imported("FREQ=MONTHLY;BYDAY=1MO", overrides: [moved]),
                         try imported("FREQ=DAILY;INTERVAL=2;COUNT=10")] {
            let shown = AlarmForm(editing: original, zone: berlin, now: now)
            #expect(shown.repeatKind == .asInCalendar, "\(original.calendar!.rule!)")
            #expect((shown.hour, shown.minute) == (8, 45), "the time of its reminder")
            #expect(shown.repeatText(localTime: LocalTimeText(posixName: "C")).hasPrefix("As in the calendar: "))
            #expect(shown.problems(now: now, zone: berlin, shown: shown).isEmpty)
            #expect(shown.change(of: original, shown: shown, now: now, zone: berlin).fields.isEmpty, "Save unchanged sends nothing")
            // Turned off and renamed: the event's schedule goes back as it came.
            var edit = shown
            edit.enabled = false
            edit.title = "Team"
            let (record, fields) = edit.change(of: original, shown: shown, now: now, zone: berlin)
            #expect(Set(fields) == [.enabled, .title])
            #expect(record.storedSchedule == original.storedSchedule)
            // Another repeat replaces it, as alarmctl's `edit --at` would, on the event's clock.
            var weekly = shown
            weekly.repeatKind = .weekly
            weekly.days = WeekdaySet([.wednesday])
            weekly.hour = 9
            weekly.minute = 0
            let (replaced, replacedFields) = weekly.change(of: original, shown: shown, now: now, zone: berlin)
            #expect(replacedFields == [.schedule])
            #expect(replaced.schedule == .relative(.init(time: .init(hour: 9, minute: 0), repeats: .weekly([.wednesday]))))
            #expect(replaced.timeZone == "America/New_York")
        }
        let c = LocalTimeText(posixName: "C")
        #expect(AlarmForm(editing: try imported("FREQ=DAILY;INTERVAL=2;COUNT=10")).repeatText(localTime: c) == "As in the calendar: Every 2 days, 10 times")
    }

    @Test func aRuleOfTheRightShapeWhoseDetailsNoRowOffersIsKept() throws {
        // Every Monday of the month, the second to last Friday, the 2nd to last day: no row says them.
        for rule in ["FREQ=MONTHLY;BYDAY=MO", "FREQ=MONTHLY;BYDAY=-2FR", "FREQ=MONTHLY;BYMONTHDAY=-2", "FREQ=WEEKLY;BYDAY=MO;WKST=SU;INTERVAL=2"] {
            var record = AlarmForm().record(now: now, zone: berlin)
            record.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 3, day: 16, secondOfDay: 9 * 3600), rule: try RecurrenceRule(text: rule))
            let shown = AlarmForm(editing: record, zone: berlin, now: now)
            #expect(shown.repeatKind == .asInCalendar, "\(rule)")
            #expect(shown.change(of: record, shown: shown, now: now, zone: berlin).fields.isEmpty, "\(rule)")
        }
    }

    @Test func anImportedRuleTheKindsCanShowIsStillTheEventsOwn() throws {
        // Its own reminder 15 min before and its length: the kinds say when it repeats, not
        // how it reminds, so it is kept whole.
        let original = try imported("FREQ=MONTHLY;BYDAY=1MO")
        #expect(AlarmForm(editing: original).repeatKind == .asInCalendar)
        #expect(AlarmForm(editing: original).repeatText(localTime: LocalTimeText(posixName: "C")) == "As in the calendar: Monthly on the first Monday")
    }

    @Test func aNewTimeKeepsTheSeriesItsFirstDateAndItsCount() throws {
        var made = form(.monthlyByWeekday, 9, end: .count(5)) { $0.weekdayOrdinal = 1; $0.weekday = .monday }
        let original = made.record(now: now, zone: berlin)
        let later = now + 60 * 86400  // two of five have rung
        let shown = AlarmForm(editing: original, zone: berlin, now: later)
        var earlier = shown
        earlier.hour = 8
        earlier.minute = 30
        let (record, fields) = earlier.change(of: original, shown: shown, now: later, zone: berlin)
        #expect(fields == [.schedule])
        var expected = try #require(original.calendar)
        expected.start.secondOfDay = 8 * 3600 + 30 * 60
        #expect(record.calendar == expected, "the same series at 08:30: three left")
        // A new end keeps the series too; a new kind starts afresh from now.
        var until = shown
        until.end = .until(LocalDate(year: 2026, month: 12, day: 31))
        #expect(until.change(of: original, shown: shown, now: later, zone: berlin).record.calendar?.start == original.calendar?.start)
        #expect(until.change(of: original, shown: shown, now: later, zone: berlin).record.calendar?.rule?.text == "FREQ=MONTHLY;UNTIL=20261231T235959;BYDAY=1MO")
        made.weekdayOrdinal = 2
        var second = shown
        second.weekdayOrdinal = 2
        let fresh = second.change(of: original, shown: shown, now: later, zone: berlin).record
        #expect(fresh.storedSchedule == made.record(now: later, zone: berlin).storedSchedule)
    }

    @Test func whatCannotRingIsSaidUnderTheRepeat() {
        func repeatProblems(_ form: AlarmForm) -> [String] {
            form.problems(now: now, zone: berlin).compactMap { if case .repeat(let text) = $0 { text } else { nil } }
        }
        #expect(repeatProblems(form(.weekly, 7)) == ["Choose the days it rings."])
        #expect(repeatProblems(form(.everyFewWeeks, 7) { $0.weekInterval = 1; $0.days = WeekdaySet([.monday]) }) == ["Choose 2 to 1000 weeks apart."])
        #expect(repeatProblems(form(.yearly, 7) { $0.month = 2; $0.monthDay = 30 }) == ["February has no day 30: choose another."])
        #expect(repeatProblems(form(.monthlyByDate, 9, end: .count(0)) { $0.monthDay = 15 }) == ["Choose 1 to 100000 times."])
        #expect(repeatProblems(form(.monthlyByDate, 9, end: .until(LocalDate(year: 2026, month: 3, day: 14))) { $0.monthDay = 15 })
            == ["It would end before it first rings (2026-03-15): choose a later end date."])
        // A series that has ended cannot be turned on by a new time.
        let original = form(.monthlyByDate, 9, end: .count(2)) { $0.monthDay = 15 }.record(now: now, zone: berlin)
        let later = now + 100 * 86400
        var shown = AlarmForm(editing: original, zone: berlin, now: later)
        shown.enabled = false
        var on = shown
        on.enabled = true
        on.hour = 10
        #expect(on.problems(now: later, zone: berlin, shown: shown).contains(.repeat("This repeat has ended: choose a later end, or turn the alarm off.")))
        on.enabled = false
        #expect(on.problems(now: later, zone: berlin, shown: shown).isEmpty)
    }

    @Test func theDetailsOfAKindNotChosenAreNotCompared() {
        // Details of a kind not chosen are not compared: Monthly, then back to Weekly, is unchanged.
        var weekly = form(.weekly, 7) { $0.days = WeekdaySet([.monday]) }
        let original = weekly.record(now: now, zone: berlin)
        let shown = AlarmForm(editing: original, zone: berlin, now: now)
        weekly = shown
        weekly.monthDay = 20
        weekly.month = 7
        weekly.weekInterval = 4
        weekly.end = .count(3)
        weekly.end = .never
        #expect(weekly.change(of: original, shown: shown, now: now, zone: berlin).fields.isEmpty)
    }
}
