import Foundation
import AlarmModel
import AlarmSystem
import Testing

@testable import AlarmCore

/// A locale's weekday names besides English's. The names here are glibc's (2.36) for de_DE
/// and es_ES, typed out; CLITests.LocaleWeekdayTests reads the real ones through glibc.
private let german = WeekdayNames(
    localeName: "de_DE.UTF-8", sundayFirstFull: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
    short: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"])
private let spanish = WeekdayNames(
    localeName: "es_ES.UTF-8", sundayFirstFull: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
    short: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"])

private func days(_ text: String, _ names: WeekdayNames) throws(TimeSpecError) -> [Locale.Weekday] {
    let spec = try TimeSpec.parse(text, now: instant("2026-06-08T10:00:00+02:00"), timeZone: zone("Europe/Berlin"), weekdays: names)
    guard case .schedule(.relative(let relative)) = spec, case .weekly(let days) = relative.repeats else { return [] }
    return days
}

@Suite(.timeLimit(.minutes(1))) struct WeekdayNamesTests {
    @Test(arguments: [
        ("montag 7:00", [Locale.Weekday.monday]), ("Montag 7:00", [.monday]), ("MONTAG 7:00", [.monday]),
        ("Mo-Fr 6:30", [.monday, .tuesday, .wednesday, .thursday, .friday]), ("mo, mi, fr 7:00", [.monday, .wednesday, .friday]),
        ("Sa,So 9:00", [.saturday, .sunday]), ("Donnerstag 7:00", [.thursday]),
        // English keeps working beside the locale's.
        ("mon-fri 7:00", [.monday, .tuesday, .wednesday, .thursday, .friday]), ("sundays 7:00", [.sunday]), ("weekends 9:00", [.saturday, .sunday]),
    ])
    func germanAndEnglishNames(_ text: String, _ expected: [Locale.Weekday]) throws {
        #expect(try days(text, german) == expected)
    }

    @Test func accentsCaseAndAnAbbreviationsDot() throws {
        #expect(try days("MIÉRCOLES 7:00", spanish) == [.wednesday])
        #expect(try days("mié, vie 7:00", spanish) == [.wednesday, .friday], "a list of non-ASCII names glues like mon, wed")
        #expect(try days("lun.-vie. 7:00", spanish) == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(try days("sáb 7:00", spanish) == [.saturday])
    }

    @Test func englishAloneRefusesTheLocalesNames() {
        #expect(throws: TimeSpecError.self) { try days("montag 7:00", .english) }
        let error = try? #require(throws: TimeSpecError.self) { try days("montag 7:00", .english) }
        #expect(error?.kind == .unknownDay)
    }

    @Test func anUnknownWordSaysWhatWouldDo() throws {
        let near = try #require(throws: TimeSpecError.self) { try days("montg 7:00", german) }
        #expect(near.kind == .unknownDay)
        #expect(near.message == "unknown day 'montg' in 'montg 7:00': did you mean 'montag'?")
        let error = try #require(throws: TimeSpecError.self) { try days("xqzzy 7:00", german) }
        #expect(error.kind == .unknownDay)
        #expect(error.message == "unknown day 'xqzzy' in 'xqzzy 7:00' (use today, tomorrow, a date like 2026-06-09, mon, tue, ..., Mo, Di, ..., or daily, weekdays, weekends)")
        let inList = try #require(throws: TimeSpecError.self) { try days("Mo,Mx 7:00", german) }
        #expect(inList.kind == .unknownWeekday)
        #expect(inList.message == "unknown weekday 'Mx' in 'Mo,Mx 7:00' (use mon, tue, ..., Mo, Di, ..., or daily, weekdays, weekends)")
        #expect(inList.offset == 3 && inList.length == 2)
    }

    /// No locale glibc compiles here collides with English, so these are made up: one whose
    /// Tuesday is English's "mo", and one that abbreviates two days alike.
    @Test func aWordThatNamesTwoDaysIsRefusedNotGuessed() throws {
        let clashing = WeekdayNames(
            localeName: "xx_XX.UTF-8", sundayFirstFull: ["Sol", "Lun", "Mor", "Mer", "Jov", "Ven", "Sat"],
            short: ["S", "L", "Mo", "Me", "J", "V", "S"])
        let english = try #require(throws: TimeSpecError.self) { try days("mo 7:00", clashing) }
        #expect(english.kind == .ambiguousWeekday)
        #expect(english.message == "'mo' in 'mo 7:00' could be Monday (Lun) or Tuesday (Mor); write the day in full")
        #expect(english.offset == 0 && english.length == 2)
        let within = try #require(throws: TimeSpecError.self) { try days("L-S 7:00", clashing) }
        #expect(within.kind == .ambiguousWeekday)
        #expect(within.message == "'S' in 'L-S 7:00' could be Saturday (Sat) or Sunday (Sol); write the day in full")
        #expect(try days("lun-sat 7:00", clashing) == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
    }
}
