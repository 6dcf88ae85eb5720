import AlarmCore
import Foundation
import Testing

@testable import AlarmModel

/// What a person is told about an alarm, as values: a case per state and per kind of repeat,
/// computed without a clock or a file (the zone rules are handed in).
@Suite(.timeLimit(.minutes(2))) struct AlarmDescriptionTests {
    let now = instant("2026-06-05T08:00:00Z")  // a Friday
    let utc = ZoneRules.utc

    private func record(_ schedule: Alarm.Schedule?, phase: AlarmRecord.Phase, preAlert: TimeInterval? = nil, disabled: Bool = false) -> AlarmRecord {
        AlarmRecord(
            id: UUID(), appID: "alarmctl", schedule: schedule,
            countdownDuration: .init(preAlert: preAlert, postAlert: 300), presentation: AlarmPresentation(alert: .init(title: "Tea")),
            phase: phase, disabledAt: disabled ? now - 60 : nil)
    }

    private func describe(_ record: AlarmRecord) -> AlarmDescription {
        AlarmDescription(record, now: now, zone: utc, rules: { _ in nil })
    }

    private func calendar(_ rule: String?, start: CalendarDateTime = CalendarDateTime(year: 2026, month: 6, day: 1, secondOfDay: 25_200),
                          additions: [CalendarDateTime] = []) throws -> AlarmDescription.CalendarRepeat {
        var event = record(nil, phase: .scheduled(fireDate: now + 3600))
        event.calendar = CalendarSchedule(start: start, rule: try rule.map { try RecurrenceRule(text: $0) }, additions: additions)
        guard case .calendar(let repeats) = describe(event).repeats else {
            Issue.record("not an event's repeat")
            return .init(CalendarSchedule(start: start))
        }
        return repeats
    }

    @Test func aSnoozeIsNotTheCountdownBeforeADate() {
        let daily = Alarm.Schedule.relative(.init(time: .init(hour: 8, minute: 0), repeats: .weekly(AlarmDescription.week)))
        let snoozed = describe(record(daily, phase: .countdown(startDate: now, fireDate: now + 300, total: 300, previouslyElapsed: 0)))
        #expect(snoozed.next == .snoozed(until: now + 300))
        // Counting down the 10 minutes before tomorrow's 08:00: no snooze.
        let tomorrow = instant("2026-06-06T08:00:00Z")
        let before = describe(record(daily, phase: .countdown(startDate: tomorrow - 600, fireDate: tomorrow, total: 600, previouslyElapsed: 0), preAlert: 600))
        #expect(before.next == .countsDown(to: tomorrow))
        #expect(before.countdownBefore == 600)
        // A timer counting down is a timer.
        #expect(describe(record(nil, phase: .countdown(startDate: now, fireDate: now + 60, total: 60, previouslyElapsed: 0))).next == .countsDown(to: now + 60))
    }

    @Test func offAndOffPastItsDate() {
        let date = now - 3600
        let rang = describe(record(.fixed(date), phase: .scheduled(fireDate: date), disabled: true))
        #expect(rang.next == .offPastItsDate(date))
        #expect(!rang.isOn)
        let later = describe(record(.fixed(now + 3600), phase: .scheduled(fireDate: now + 3600), disabled: true))
        #expect(later.next == .off)
        #expect(describe(record(.fixed(now + 3600), phase: .scheduled(fireDate: now + 3600))).isOn)
    }

    @Test func anEventsRuleIsACaseEach() throws {
        #expect(try calendar(nil) == .init(rule: .once(allDay: false), end: nil, otherDates: false))
        #expect(try calendar(nil, start: CalendarDateTime(year: 2026, month: 6, day: 1)).rule == .once(allDay: true))
        #expect(try calendar(nil, additions: [CalendarDateTime(year: 2026, month: 7, day: 1, secondOfDay: 0)]).rule == .someDates)
        #expect(try calendar("FREQ=DAILY;INTERVAL=3").rule == .daily(every: 3))
        let weekly = try calendar("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR,MO;UNTIL=20270630T000000Z")
        #expect(weekly.rule == .weekly(every: 2, days: [.monday, .friday]))
        #expect(weekly.end == .until(LocalDate(year: 2027, month: 6, day: 30)))
        #expect(try calendar("FREQ=WEEKLY").rule == .weekly(every: 1, days: [.monday]), "the start's day (2026-06-01, a Monday)")
        #expect(try calendar("FREQ=MONTHLY;BYMONTHDAY=15;COUNT=10") == .init(rule: .monthly(every: 1, on: .day(15)), end: .after(10), otherDates: false))
        #expect(try calendar("FREQ=MONTHLY;BYMONTHDAY=-1").rule == .monthly(every: 1, on: .lastDay))
        #expect(try calendar("FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO").rule == .monthly(every: 2, on: .weekday(.init(ordinal: 1, weekday: .monday))))
        #expect(try calendar("FREQ=YEARLY").rule == .yearly(every: 1, day: 1, month: 6))
        #expect(try calendar("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU").rule == .yearlyOnWeekday(every: 1, .init(ordinal: -1, weekday: .sunday), month: 10))
        #expect(try calendar("FREQ=MONTHLY;BYDAY=MO,TU").rule == .custom("FREQ=MONTHLY;BYDAY=MO,TU"), "kept as its text")
        #expect(try calendar("FREQ=DAILY", additions: [CalendarDateTime(year: 2026, month: 7, day: 1, secondOfDay: 0)]).otherDates)
    }

    /// An event's row shows its next reminder's time on this machine's clock.
    @Test func anEventsTimeIsItsNextRings() throws {
        var event = record(nil, phase: .scheduled(fireDate: instant("2026-06-05T10:15:00Z")))
        event.calendar = CalendarSchedule(start: CalendarDateTime(year: 2026, month: 6, day: 1, secondOfDay: 37_800),
                                          rule: try RecurrenceRule(text: "FREQ=DAILY"),
                                          alerts: [CalendarAlert(trigger: .start(CalendarDuration(seconds: -900)))])
        #expect(describe(event).localTime == .init(hour: 10, minute: 15))
    }
}
