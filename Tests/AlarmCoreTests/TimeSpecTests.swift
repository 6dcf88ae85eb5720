import Foundation
import AlarmModel
import AlarmSystem
import Testing

@testable import AlarmCore

private let berlinZone = zone("Europe/Berlin")
/// A Monday morning in Berlin.
private let mondayMorning = instant("2026-06-08T10:00:00+02:00")
private let mondayFirst: [Locale.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

private func parse(_ text: String, now: Date = mondayMorning) throws(TimeSpecError) -> TimeSpec {
    try TimeSpec.parse(text, now: now, timeZone: berlinZone)
}

private func relative(_ hour: Int, _ minute: Int, _ repeats: Alarm.Schedule.Relative.Recurrence = .never) -> TimeSpec {
    .schedule(.relative(.init(time: .init(hour: hour, minute: minute), repeats: repeats)))
}

@Suite(.timeLimit(.minutes(1))) struct TimeSpecTests {
    @Test(arguments: [
        ("7:30", 7, 30), ("07:30", 7, 30), ("7am", 7, 0), ("7:30pm", 19, 30), ("7:30 PM", 19, 30), ("7 am", 7, 0),
        ("7a.m.", 7, 0), ("12am", 0, 0), ("12:30am", 0, 30), ("12pm", 12, 0), ("noon", 12, 0), ("Midnight", 0, 0),
        ("0:00", 0, 0), ("23:59", 23, 59), ("  7:30\t", 7, 30), ("at 7:30", 7, 30),
    ])
    func bareTimeIsTheNextOccurrenceOnce(_ text: String, _ hour: Int, _ minute: Int) throws {
        #expect(try parse(text) == relative(hour, minute))
    }

    @Test(arguments: [
        ("daily 7:00", mondayFirst), ("everyday 7:00", mondayFirst),
        ("weekdays 7:00", Array(mondayFirst[0..<5])), ("weekends 7:00", [.saturday, .sunday]),
        ("mon-fri 7:00", Array(mondayFirst[0..<5])), ("MON-FRI 7:00", Array(mondayFirst[0..<5])),
        ("mon,wed,fri 7:00", [.monday, .wednesday, .friday]), ("mon, wed, fri 7:00", [.monday, .wednesday, .friday]),
        ("Monday,Wednesday,Friday 7:00", [.monday, .wednesday, .friday]), ("fri,mon,wed 7:00", [.monday, .wednesday, .friday]),
        ("fri-mon 7:00", [.monday, .friday, .saturday, .sunday]), ("mon-wed,fri 7:00", [.monday, .tuesday, .wednesday, .friday]),
        ("tuesday 7:00", [.tuesday]), ("thurs 7:00", [.thursday]), ("sundays 7:00", [.sunday]), ("mon - fri 7:00", Array(mondayFirst[0..<5])),
        ("7:00 weekdays", Array(mondayFirst[0..<5])), ("sat,sun at 7:00", [.saturday, .sunday]),
    ] as [(String, [Locale.Weekday])])
    func repeatingDays(_ text: String, _ days: [Locale.Weekday]) throws {
        #expect(try parse(text) == relative(7, 0, .weekly(days)))
    }

    @Test func repeatingKeepsTheTime() throws {
        #expect(try parse("weekdays 6:30") == relative(6, 30, .weekly(Array(mondayFirst[0..<5]))))
        #expect(try parse("weekends 9:00") == relative(9, 0, .weekly([.saturday, .sunday])))
        #expect(try parse("mon-fri 06:00") == relative(6, 0, .weekly(Array(mondayFirst[0..<5]))))
        #expect(try parse("daily 7:30pm") == relative(19, 30, .weekly(mondayFirst)))
    }

    @Test(arguments: [
        ("2026-06-09 09:41", "2026-06-09T09:41:00+02:00"), ("2026-6-9 9:41am", "2026-06-09T09:41:00+02:00"),
        ("tomorrow 7:00", "2026-06-09T07:00:00+02:00"), ("tomorrow at 7am", "2026-06-09T07:00:00+02:00"),
        ("7:00 tomorrow", "2026-06-09T07:00:00+02:00"), ("today 18:00", "2026-06-08T18:00:00+02:00"),
        ("Today noon", "2026-06-08T12:00:00+02:00"), ("2027-01-01 00:00", "2027-01-01T00:00:00+01:00"),
        ("2026-06-09T09:41:00+02:00", "2026-06-09T09:41:00+02:00"), ("2026-06-09T07:41:00Z", "2026-06-09T09:41:00+02:00"),
        ("2026-06-09t07:41z", "2026-06-09T09:41:00+02:00"), ("2026-06-09T09:41+0200", "2026-06-09T09:41:00+02:00"),
        ("2026-06-09T03:41-04", "2026-06-09T09:41:00+02:00"), ("2026-06-09T09:41:00", "2026-06-09T09:41:00+02:00"),
        ("2026-06-09T09:41", "2026-06-09T09:41:00+02:00"),
    ])
    func fixedInstants(_ text: String, _ expected: String) throws {
        #expect(try parse(text) == .schedule(.fixed(instant(expected))))
    }

    @Test func fixedLocalTimesFollowTheDSTPolicy() throws {
        let march = instant("2026-03-01T00:00:00+01:00")
        #expect(try parse("2026-03-29 02:30", now: march) == .schedule(.fixed(instant("2026-03-29T03:30:00+02:00"))))
        #expect(try parse("2026-10-25 02:30", now: march) == .schedule(.fixed(instant("2026-10-25T02:30:00+02:00"))))
        #expect(try parse("2026-03-29T02:30:00", now: march) == .schedule(.fixed(instant("2026-03-29T03:30:00+02:00"))))
        // "tomorrow" is tomorrow on the zone's calendar: 23:30 UTC is already Tuesday in Berlin.
        let lateSunday = instant("2026-06-07T23:30:00Z")
        #expect(try parse("tomorrow 7:00", now: lateSunday) == .schedule(.fixed(instant("2026-06-09T07:00:00+02:00"))))
        // ...while in New York it is still Sunday 19:30, so its "today 7:00" is past.
        #expect(throws: TimeSpecError.self) {
            try TimeSpec.parse("today 7:00", now: lateSunday, timeZone: zone("America/New_York"))
        }
        #expect(try TimeSpec.parse("tomorrow 7:00", now: lateSunday, timeZone: zone("America/New_York"))
            == .schedule(.fixed(instant("2026-06-08T07:00:00-04:00"))))
        let fraction = try parse("2026-06-09T09:41:00.5+02:00")
        #expect(fraction == .schedule(.fixed(instant("2026-06-09T09:41:00+02:00").addingTimeInterval(0.5))))
    }

    @Test(arguments: [
        ("90s", 90.0), ("5m", 300), ("1h30m", 5400), ("1H30M", 5400), ("2h", 7200), ("1:30:00", 5400), ("0:00:45", 45),
        ("in 10m", 600), ("in 90", 5400), ("in 5:00", 300), ("1h 30m", 5400), ("10 minutes", 600), ("in 2 hours", 7200),
        ("1d", 86_400), ("1d2h3m4s", 93_784), ("45 sec", 45), ("30m1h", 5400),
    ])
    // Double, not TimeInterval: with Foundation and FoundationEssentials (from OpenAlarmKit) both
    // imported, the `(TimeInterval).self` that @Test(arguments:) expands to does not compile.
    func countdowns(_ text: String, _ seconds: Double) throws {
        #expect(try parse(text) == .countdown(seconds))
    }

    /// A number alone is minutes, as on a kitchen timer (`timer 5`, `--snooze 9`).
    @Test(arguments: [("9m", 540.0), ("5:00", 300), ("5", 300), ("90", 5400), ("1:30:00", 5400), ("in 5m", 300), (" 1h 5m ", 3900),
                      ("10 min", 600), ("5 Minuten", 300), ("2 Stunden", 7200), ("30 Sekunden", 30), ("1 Tag", 86_400)])
    func durations(_ text: String, _ seconds: Double) throws {
        #expect(try TimeSpec.parseDuration(text) == seconds)
    }

    /// German's words read as English's: `morgen 7 Uhr` is `tomorrow 7:00` (2026-06-08 is a Monday).
    @Test(arguments: [
        ("morgen 7 Uhr", "tomorrow 7:00"), ("heute 19 Uhr", "today 19:00"), ("Morgen um 7:30", "tomorrow 7:30"),
        ("werktags 6.30", "weekdays 6:30"), ("täglich 7:00", "daily 7:00"), ("am Wochenende 9 Uhr", "weekends 9:00"),
        ("19 Uhr", "19:00"), ("7.30", "7:30"), ("in 5 Minuten", "in 5m"), ("montag 7.30 Uhr", "mon 7:30"),
        ("0730", "7:30"), ("1930", "19:30"), ("mittag", "noon"),
    ])
    func germanWordsAndClockForms(_ german: String, _ english: String) throws {
        let names = WeekdayNames(localeName: "de_DE.UTF-8", sundayFirstFull: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
                                 short: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"])
        let now = instant("2026-06-08T10:00:00+02:00")
        #expect(try TimeSpec.parse(german, now: now, timeZone: berlinZone, weekdays: names) == TimeSpec.parse(english, now: now, timeZone: berlinZone))
    }

    @Test(arguments: [("weekdys 7:00", "weekdays"), ("tomorow 7:00", "tomorrow"), ("tmorrow", "tomorrow"), ("dialy 7:00", "daily"), ("mon,wendesday 7:00", "wednesday"), ("in 5 minuts", "minute")])
    func aNearMissSaysWhatItWouldRead(_ text: String, _ suggestion: String) throws {
        let error = try #require(throws: TimeSpecError.self) { try TimeSpec.parse(text, now: instant("2026-06-08T10:00:00+02:00"), timeZone: berlinZone) }
        let suggested: String? =
            switch error.reason {
            case .unknownWord(_, let word), .unknownDay(_, _, _, let word), .unknownWeekday(_, _, _, let word), .unknownUnit(_, _, let word): word
            default: nil
            }
        #expect(suggested == suggestion, "\(error)")
        #expect(error.message.contains("did you mean '\(suggestion)'?"), "\(error.message)")
    }

    @Test func anErrorAfterAGermanWordPointsAtWhatWasWritten() throws {
        let error = try #require(throws: TimeSpecError.self) { try TimeSpec.parse("morgen", now: instant("2026-06-08T10:00:00+02:00"), timeZone: berlinZone) }
        #expect(error.reason == .missingTime(after: "morgen"))
        #expect(error.offset == 6)
    }

    @Test func instantsForFromOptions() throws {
        #expect(try TimeSpec.parseInstant("2026-03-29T01:30:00Z", timeZone: berlinZone) == instant("2026-03-29T03:30:00+02:00"))
        #expect(try TimeSpec.parseInstant("2026-03-29 02:30", timeZone: berlinZone) == instant("2026-03-29T03:30:00+02:00"))
        #expect(try TimeSpec.parseInstant("2020-01-01", timeZone: berlinZone) == instant("2020-01-01T00:00:00+01:00"))
        #expect(try TimeSpec.parseInstant("2026-09-06", timeZone: zone("America/Santiago")) == instant("2026-09-06T01:00:00-03:00"))
        #expect(throws: TimeSpecError.self) { try TimeSpec.parseInstant("tomorrow", timeZone: berlinZone) }
        #expect(throws: TimeSpecError.self) { try TimeSpec.parseInstant("2026-06-09 9:00 x", timeZone: berlinZone) }
        #expect(throws: TimeSpecError.self) { try TimeSpec.parseInstant("", timeZone: berlinZone) }
    }
}
