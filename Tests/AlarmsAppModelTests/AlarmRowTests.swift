import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmsAppModel
import FoundationEssentials
import Testing

/// Records as alarmd sends them, turned into the Alarms page's rows.
@Suite(.timeLimit(.minutes(2))) struct AlarmRowTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // a Friday, 08:00 UTC
    let maker = AlarmRowMaker(zone: .utc, localTime: LocalTimeText(posixName: "C"))

    func record(
        _ title: String, hour: Int, minute: Int = 0, days: [Locale.Weekday] = [], firesIn seconds: TimeInterval,
        disabled: Bool = false, phase: AlarmRecord.Phase? = nil
    ) -> AlarmRecord {
        AlarmRecord(
            id: UUID(), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: hour, minute: minute), repeats: days.isEmpty ? .never : .weekly(days))),
            countdownDuration: nil, presentation: AlarmPresentation(alert: .init(title: .init(stringLiteral: title))),
            phase: phase ?? .scheduled(fireDate: now + seconds), disabledAt: disabled ? now : nil)
    }

    @Test func soonestFirstThenTheOnesTurnedOff() {
        let records = [
            record("Late", hour: 23, firesIn: 15 * 3600),
            record("Off", hour: 5, days: [.monday], firesIn: 3 * 86400, disabled: true),
            record("Soon", hour: 9, firesIn: 3600),
            record("Timer", hour: 0, firesIn: 60),
        ]
        var timer = records[3]
        timer.schedule = nil  // countdown-only: a timer, for the Timers page
        let rows = maker.rows([records[0], records[1], records[2], timer], now: now)
        #expect(rows.map(\.title) == ["Soon", "Late", "Off"])
        #expect(rows.map(\.status) == ["in 1 h", "in 15 h", "Off"])
    }

    @Test func rowTextsAndTheSwitchName() {
        let wake = maker.row(record("Wake up", hour: 6, minute: 30, days: [.monday, .tuesday, .wednesday, .thursday, .friday], firesIn: 9 * 3600 + 12 * 60), now: now)
        #expect(wake.time == "06:30")
        #expect(wake.repeatText == "Weekdays")
        #expect(wake.status == "in 9 h 12 min")
        #expect(wake.switchName == "Wake up, on")
        #expect(wake.canSkip)
        let off = maker.row(record("Wake up", hour: 6, firesIn: 60, disabled: true), now: now)
        #expect(off.switchName == "Wake up, off")
        #expect(!off.canSkip)
        #expect(off.nextFire == nil)
        let once = maker.row(record("Tea", hour: 16, firesIn: 8 * 3600), now: now)
        #expect(once.repeatText == "Once")
        #expect(!once.canSkip)
    }

    @Test func aRingingAlarmSaysSo() {
        let ringing = maker.row(record("Wake up", hour: 8, days: [.friday], firesIn: 0, phase: .alerting(since: now, firedFor: now)), now: now)
        #expect(ringing.ringing)
        #expect(ringing.status == "Ringing")
        #expect(!ringing.canSkip)
    }

    @Test func aSkippedDateIsShownWithDontSkip() {
        var skipping = record("Gym", hour: 7, days: [.monday, .friday], firesIn: 3 * 86400)
        skipping.skippedFire = now + 86400
        let row = maker.row(skipping, now: now)
        #expect(row.status == "in 3 d (skips Sat 08:00)")
        #expect(!row.canSkip)
        #expect(row.action == .unskip)
        #expect(row.action?.label == "Don't Skip")
        #expect(row.action?.accessibleName("Gym") == "Don't skip Gym")
        #expect(maker.skippedText(skipping) == "“Gym” skips Sat 08:00")
        // Behind it: nothing to undo, Skip Next again.
        skipping.skippedFire = now - 60
        #expect(maker.row(skipping, now: now).action == .skip)
    }

    @Test func refusalsOfARowsRequestAreWordedForAPerson() {
        var rang = record("Dentist", hour: 9, firesIn: 0, disabled: true)
        rang.schedule = .fixed(now - 3600)
        let refusal = ConnectionError.refused(.init(.invalidTransition, "this alarm would never ring: its date has passed"))
        #expect(AlarmRowMaker.refusal(.enable, record: rang, error: refusal, now: now) == "“Dentist” rang on its date: open it and choose a new date to use it again.")
        let other = ConnectionError.refused(.init(.storage, "disk full"))
        #expect(AlarmRowMaker.refusal(.disable, record: rang, error: other, now: now) == "disk full")
    }

    @Test func aSnoozedAlarmSaysUntilWhenAndOffersStop() {
        let snoozed = record("Take medicine", hour: 7, firesIn: 0,
                             phase: .countdown(startDate: now, fireDate: now + 540, total: 540, previouslyElapsed: 0))
        let row = maker.row(snoozed, now: now)
        #expect(row.status == "Snoozed until 08:09")
        #expect(row.snoozedUntil == now + 540)
        #expect(row.action == .stop)
        #expect(TimersModel.rows([snoozed], zone: .utc).isEmpty, "not a running timer")
    }

    @Test func anEmptyTitleReadsAlarmAndControlsAreEscaped() {
        #expect(maker.row(record("", hour: 7, firesIn: 60), now: now).title == "Alarm")
        let hostile = maker.row(record("Wake\u{1B}[2J\u{202E}up", hour: 7, firesIn: 60), now: now)
        #expect(hostile.title == "Wake\\x1b[2J\\u{202e}up")
        #expect(hostile.switchName == "Wake\\x1b[2J\\u{202e}up, on")
    }

    @Test func twelveHourLocalesWriteAMAndPM() throws {
        let english = LocalTimeText(posixName: "en_US.UTF-8")
        try #require(english.conventions != nil, "en_US.UTF-8 is not compiled here (locale -a); scripts/setup generates it")
        let row = AlarmRowMaker(zone: .utc, localTime: english).row(record("Wake up", hour: 18, minute: 5, firesIn: 60), now: now)
        #expect(row.time == "6:05 PM")
        let german = LocalTimeText(posixName: "de_DE.UTF-8")
        try #require(german.conventions != nil, "de_DE.UTF-8 is not compiled here (locale -a)")
        #expect(AlarmRowMaker(zone: .utc, localTime: german).row(record("Wecker", hour: 18, minute: 5, firesIn: 60), now: now).time == "18:05")
    }

    @Test func weekdaySetsReadAsPeopleSayThem() {
        let c = LocalTimeText(posixName: "C")
        #expect(WeekdaySet(WeekdaySet.everyDay).text(localTime: c) == "Every day")
        #expect(WeekdaySet(WeekdaySet.weekdays).text(localTime: c) == "Weekdays")
        #expect(WeekdaySet([.sunday, .saturday]).text(localTime: c) == "Weekends")
        #expect(WeekdaySet([.friday, .monday, .wednesday]).text(localTime: c) == "Mon, Wed, Fri")
        #expect(WeekdaySet([.sunday, .monday]).ordered == [.monday, .sunday])
    }

    /// An event's schedule: the row says its repeat as alarmctl does (one wording,
    /// `AlarmWords`) and shows the time of its next reminder.
    @Test func aCalendarScheduleReadsInWords() {
        var event = record("Class", hour: 0, firesIn: 2 * 3600 + 15 * 60)
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 9, day: 7, secondOfDay: 66_600),
                                          rule: try! RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20270630T000000Z"),
                                          alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
        let row = maker.row(event, now: now)
        #expect(row.repeatText == "Every other week on Mon, until 2027-06-30")
        #expect(row.repeatIsSentence, "it may wrap between its words")
        #expect(!maker.row(record("Wake up", hour: 6, firesIn: 60), now: now).repeatIsSentence, "days are kept together")
        #expect(row.time == "10:15")
        #expect(row.repeats && row.canSkip)
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 1990, month: 5, day: 3), rule: RecurrenceRule(frequency: .yearly),
                                          alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -54_000)))])
        #expect(maker.row(event, now: now).repeatText == "Yearly on 3 May")
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 1, day: 5, secondOfDay: 32_400),
                                          rule: try! RecurrenceRule(text: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=6"))
        #expect(maker.row(event, now: now).repeatText == "Monthly on the last Friday, 6 times")
    }

    /// An event's days are listed from the locale's first weekday, as a weekly alarm's are.
    @Test func anEventsDaysStartTheWeekAsTheLocaleDoes() throws {
        var event = record("Swim", hour: 0, firesIn: 3600)
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 9, day: 6, secondOfDay: 25_200),
                                          rule: try RecurrenceRule(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU"))
        for name in ["en_US.UTF-8", "de_DE.UTF-8"] {
            let localTime = LocalTimeText(posixName: name)
            try #require(localTime.conventions != nil, "\(name) is not compiled here (locale -a); scripts/setup generates it")
            let row = AlarmRowMaker(zone: .utc, localTime: localTime).row(event, now: now)
            let week = WeekdaySet([.monday, .sunday]).text(localTime: localTime)
            #expect(row.repeatText.hasSuffix(week), "\(name): \(row.repeatText) lists \(week)")
        }
        let english = LocalTimeText(posixName: "en_US.UTF-8")
        #expect(AlarmRowMaker(zone: .utc, localTime: english).row(event, now: now).repeatText.hasSuffix("Sun, Mon"))
    }
}
