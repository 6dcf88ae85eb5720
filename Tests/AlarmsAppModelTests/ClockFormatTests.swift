@testable import AlarmsAppModel
import AlarmSystem
import FoundationEssentials
import Testing

/// The window's clock: GNOME's clock-format where it speaks for the person, else the locale;
/// the week from the locale's first day; a row's detail line wrapping only between phrases.
@Suite(.timeLimit(.minutes(2))) struct ClockFormatTests {
    @Test func gnomeSettingDecidesWhereItSpeaks() {
        // Set by the person: it decides on any desktop.
        #expect(ClockFormat.twelveHour(setting: "24h", isSet: true, desktop: "XFCE") == false)
        #expect(ClockFormat.twelveHour(setting: "12h", isSet: true, desktop: nil) == true)
        // In a GNOME session even the default decides: it is what the top bar shows.
        #expect(ClockFormat.twelveHour(setting: "24h", isSet: false, desktop: "GNOME") == false)
        #expect(ClockFormat.twelveHour(setting: "24h", isSet: false, desktop: "ubuntu:GNOME") == false)
        // Elsewhere an unset key is the schema's default, which nobody chose: the locale decides.
        #expect(ClockFormat.twelveHour(setting: "24h", isSet: false, desktop: "XFCE") == nil)
        #expect(ClockFormat.twelveHour(setting: "24h", isSet: false, desktop: nil) == nil)
        // No schema, or a value this code does not know: the locale.
        #expect(ClockFormat.twelveHour(setting: nil, isSet: false, desktop: "GNOME") == nil)
        #expect(ClockFormat.twelveHour(setting: "36h", isSet: true, desktop: "GNOME") == nil)
    }

    @Test func twentyFourHoursInEnglishAndTwelveInGerman() {
        let english = LocalTimeText(posixName: "en_US.UTF-8")
        #expect(english.time(hour: 19, minute: 30) == "7:30 PM")
        #expect(english.withTwelveHourClock(false).time(hour: 19, minute: 30) == "19:30")
        #expect(english.withTwelveHourClock(false).time(hour: 7, minute: 5) == "07:05")
        let german = LocalTimeText(posixName: "de_DE.UTF-8")
        #expect(german.time(hour: 19, minute: 30) == "19:30")
        // de_DE has no AM/PM words: GLib's "AM"/"PM", never an ambiguous "7:30".
        #expect(german.withTwelveHourClock(true).time(hour: 19, minute: 30) == "7:30 PM")
        // C keeps its fixed form whatever the desktop says.
        #expect(LocalTimeText(posixName: "C").withTwelveHourClock(true).time(hour: 19, minute: 30) == "19:30")
    }

    @Test func weekStartsOnTheLocalesFirstDay() {
        #expect(LocalTimeText(posixName: "en_US.UTF-8").firstWeekday == .sunday)
        #expect(LocalTimeText(posixName: "de_DE.UTF-8").firstWeekday == .monday)
        #expect(LocalTimeText(posixName: "C").firstWeekday == .monday, "ISO 8601, as C's fixed forms")
        #expect(WeekdaySet.order(startingOn: .sunday) == [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
        #expect(WeekdaySet.order(startingOn: .monday) == WeekdaySet.order)
        #expect(WeekdaySet.order(startingOn: .saturday).first == .saturday && WeekdaySet.order(startingOn: .saturday).count == 7)
        // A row lists the days in the same order as the toggles.
        #expect(WeekdaySet([.monday, .sunday]).text(localTime: LocalTimeText(posixName: "en_US.UTF-8")) == "Sun, Mon")
        #expect(WeekdaySet([.monday, .sunday]).text(localTime: LocalTimeText(posixName: "de_DE.UTF-8")).hasSuffix(", So"))
    }

    @Test func detailLineWrapsOnlyBetweenPhrases() {
        let nbsp = "\u{00A0}"
        #expect(LineBreaks.keptTogether("in 1 d 15 h") == "in\(nbsp)1\(nbsp)d\(nbsp)15\(nbsp)h")
        #expect(LineBreaks.keptTogether("Mon, Wed, Fri") == "Mon, Wed, Fri", "a list may break after a comma")
        #expect(LineBreaks.keptTogether("in 9 h (skipping Mon 06:30)") == "in\(nbsp)9\(nbsp)h (skipping\(nbsp)Mon\(nbsp)06:30)")
        #expect(LineBreaks.line(["Weekends", "", "in 1 d 15 h"]) == "Weekends · in\(nbsp)1\(nbsp)d\(nbsp)15\(nbsp)h")
        #expect(LineBreaks.keptTogether("") == "")
        #expect(LineBreaks.sentence("Repeats by the rule FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=-1")
            == "Repeats by the rule FREQ=MONTHLY;\u{200B}BYDAY=MO,FR;\u{200B}BYSETPOS=-1", "a rule breaks between its words and parts")
        #expect(LineBreaks.joined([LineBreaks.sentence("Monthly on the first Monday"), "", LineBreaks.keptTogether("in 9 h")])
            == "Monthly on the first Monday · in\(nbsp)9\(nbsp)h")
    }
}
