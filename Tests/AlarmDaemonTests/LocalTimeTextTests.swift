import AlarmCore
import Foundation
import Testing

@testable import AlarmSystem

/// Human times through glibc's compiled locales (scripts/setup compiles en_US and de_DE).
@Suite(.timeLimit(.minutes(2))) struct LocalTimeTextTests {
    // 2026-06-09 18:30:15 in Berlin (a Tuesday), 16:30:15 UTC.
    let instant = Date(timeIntervalSince1970: 1_781_022_615)
    let berlin = ZoneRules.named("Europe/Berlin")!

    @Test func cAndPosixKeepTheFixedForms() {
        for name in [nil, "C", "POSIX", "C.UTF-8"] as [String?] {
            let text = LocalTimeText(posixName: name)
            #expect(text.weekdayAndTime(instant, zone: berlin, seconds: true) == "Tue 18:30:15", "\(name ?? "nil")")
            #expect(text.weekdayAndTime(instant, zone: berlin, seconds: false) == "Tue 18:30")
            #expect(text.weekdayDateAndTime(instant, zone: berlin, seconds: false) == "Tue 2026-06-09 18:30")
            #expect(text.time(hour: 6, minute: 5) == "06:05")
            #expect(text.shortWeekdays == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        }
    }

    @Test func americanEnglishKeepsTwelveHours() {
        let text = LocalTimeText(posixName: "en_US.UTF-8")
        #expect(text.conventions != nil, "en_US.UTF-8 is not compiled: run scripts/setup")
        #expect(text.weekdayAndTime(instant, zone: berlin, seconds: false) == "Tue 6:30 PM")
        #expect(text.time(instant, zone: .utc, seconds: true) == "4:30:15 PM")
        #expect(text.time(hour: 0, minute: 5) == "12:05 AM")
        #expect(text.time(hour: 12, minute: 0) == "12:00 PM")
        #expect(text.weekdayDateAndTime(instant, zone: berlin, seconds: false) == "Tue 06/09/2026 6:30 PM")
        #expect(LocalTimeText(posixName: "en_US").conventions != nil, "found as en_US.UTF-8")
    }

    @Test func germanKeepsTwentyFourHoursAndItsNames() {
        let text = LocalTimeText(posixName: "de_DE.UTF-8")
        #expect(text.weekdayAndTime(instant, zone: berlin, seconds: false) == "Di 18:30")
        #expect(text.time(hour: 6, minute: 5) == "06:05")
        #expect(text.weekdayDateAndTime(instant, zone: berlin, seconds: false) == "Di 09.06.2026 18:30")
        #expect(text.shortWeekdays.first == "So")
    }

    @Test func aLocaleTheSystemLacksFallsBackToTheFixedForms() {
        let text = LocalTimeText(posixName: "xx_YY.UTF-8")
        #expect(text.conventions == nil)
        #expect(text.weekdayAndTime(instant, zone: .utc, seconds: false) == "Tue 16:30")
    }
}
