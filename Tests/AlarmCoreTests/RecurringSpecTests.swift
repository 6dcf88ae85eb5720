import Foundation
import AlarmModel
import AlarmSystem
import Testing

@testable import AlarmCore

/// Repeats beyond weekdays as people type them: each English form gives its rule, German's
/// words give the same schedule, and every refusal is data worded in one place.
@Suite(.timeLimit(.minutes(2))) struct RecurringSpecTests {
    let now = instant("2026-06-08T10:00:00+02:00")  // a Monday
    let berlin = zone("Europe/Berlin")
    let german = WeekdayNames(localeName: "de_DE.UTF-8", sundayFirstFull: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
                              short: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"])

    func schedule(_ text: String, weekdays: WeekdayNames = .english) throws -> CalendarSchedule {
        guard case .calendar(let schedule) = try TimeSpec.parse(text, now: now, timeZone: berlin, weekdays: weekdays) else {
            throw TimeSpecError(.unknownWord, .unknownRepeatWord(text), input: text, offset: 0, length: 1)
        }
        return schedule
    }

    @Test(arguments: [
        ("every 2 weeks 7:00", "FREQ=WEEKLY;INTERVAL=2"),
        ("monthly on the 15th 9:00", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("first monday of each month 9:00", "FREQ=MONTHLY;BYDAY=1MO"),
        ("every first monday 9:00", "FREQ=MONTHLY;BYDAY=1MO"),
        ("yearly on 3 may 9:00", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=3"),
        ("weekdays 6:30 10 times", "FREQ=WEEKLY;COUNT=10;BYDAY=MO,TU,WE,TH,FR"),
    ])
    func englishForms(_ text: String, _ rule: String) throws {
        #expect(try schedule(text).rule?.text == rule)
    }

    /// An interval counts from the first date the rule's days give, not from today's week or
    /// month: said on a Monday morning, every 2 weeks on Wednesday starts this Wednesday.
    @Test(arguments: [
        ("every 2 weeks wed 7:00", "20260610T070000"),
        ("every 2 weeks mon 7:00", "20260615T070000"),  // this Monday's 07:00 has passed
        ("every 3 months on the 1st 9:00", "20260701T090000"),
        ("every 2 years on 3 may 9:00", "20270503T090000"),
        ("every 2 days 7:00", "20260609T070000"),
    ])
    func anIntervalStartsAtTheNextDate(_ text: String, _ start: String) throws {
        #expect(try schedule(text).start.text == start)
    }

    /// German's words read as the English ones, whatever the locale; its weekday names are the
    /// locale's (`Montag` under de_DE).
    @Test(arguments: [
        ("alle 2 Wochen 7:00", "every 2 weeks 7:00"),
        ("alle 2 Wochen Mo,Fr 7 Uhr", "every 2 weeks mon,fri 7:00"),
        ("monatlich am 15. 9 Uhr", "monthly on the 15th 9:00"),
        ("monatlich am 15. um 9:00", "monthly on the 15th 9:00"),
        ("monatlich am letzten Tag 9:00", "monthly on the last day 9:00"),
        ("jeden ersten Montag 9:00", "first monday of each month 9:00"),
        ("jeden ersten Montag im Monat 9:00", "first monday of each month 9:00"),
        ("jeden letzten Freitag des Monats 17 Uhr", "last fri of every month 17:00"),
        ("jährlich am 3. Mai 9 Uhr", "yearly on 3 may 9:00"),
        ("Jährlich am 29. März 8.30", "yearly on 29 march 8:30"),
        ("alle 3 Monate am 1. 9:00", "every 3 months on the 1st 9:00"),
        ("werktags 6.30 bis 2026-12-19", "weekdays 6:30 until 2026-12-19"),
        ("täglich 7:00 10-mal", "daily 7:00 10 times"),
        ("täglich 7:00 10mal", "daily 7:00 10 times"),
        ("täglich 7:00 10 mal", "daily 7:00 10 times"),
        ("alle 2 Tage 7:00 bis 2026-07-01", "every 2 days 7:00 until 2026-07-01"),
    ])
    func germanReadsAsEnglish(_ text: String, _ english: String) throws {
        #expect(try schedule(text, weekdays: german) == schedule(english))
    }

    /// A refusal in German words still points at what the person wrote.
    @Test func germanMistakesPointAtTheirWords() throws {
        let error = try #require(throws: TimeSpecError.self) {
            try TimeSpec.parse("jährlich am 3. Foo 9 Uhr", now: now, timeZone: berlin, weekdays: german)
        }
        #expect(error.reason == .unreadableMonthName("Foo"))
        #expect(error.pointer.hasSuffix("\n               ^^^"), "\(error.pointer)")
        let missing = try #require(throws: TimeSpecError.self) { try TimeSpec.parse("alle 2 Wochen 7:00 bis", now: now, timeZone: berlin) }
        #expect(missing.reason == .missingUntilDate)
        #expect(missing.offset == 19 && missing.length == 3)
    }

    /// Every repeat refusal has words of its own, with the words and numbers it names.
    @Test func everyRepeatRefusalHasItsOwnWords() {
        let reasons: [TimeSpecError.Reason] = [
            .missingUntilDate, .unreadableUntilDate("soon"), .untilBeforeFirst(until: "2026-06-01", first: "2026-06-09"),
            .tooManyTimes("100001", max: 100_000), .intervalOutOfRange("0", max: 1000), .missingRepeatTime(spec: "every 2 weeks"),
            .missingRepeat(spec: "until 2027-01-01 7:00"), .neverHappens(spec: "yearly on 30 feb"), .missingRepeatUnit(after: "every"),
            .unknownRepeatUnit("fortnights", after: "every"), .expectedMonth("year"), .unknownRepeatWord("2026-06-09"),
            .unreadableRepeatDays("xyz", examples: "mon, tue, ..."), .unreadableMonthDay("32nd"), .missingDayOrMonth("3"),
            .unreadableMonthName("foo"), .unreadableDayOfMonth("31"), .unexpectedInRepeat("extra", spec: "monthly on the 15th 9:00 extra"),
        ]
        let messages = reasons.map { TimeSpecError(.unknownWord, $0, input: "x", offset: 0, length: 1).message }
        #expect(Set(messages).count == messages.count, "\(messages)")
        for (reason, message) in zip(reasons, messages) {
            let values = Mirror(reflecting: reason).children.first.map { "\($0.value)" } ?? ""
            for value in ["soon", "2026-06-01", "100001", "fortnights", "year", "32nd", "foo", "31", "extra"] where values.contains(value) {
                #expect(message.contains(value), "\(reason): \(message)")
            }
        }
    }
}
