import Foundation
import Testing
import TestSupport

/// Human output follows the locale (LC_ALL, else LC_TIME, else LANG): 12 or 24 hours and the
/// weekday names; the C locale keeps the fixed forms; JSON keeps numbers.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct LocaleOutputTests {
    @Test func twelveOrTwentyFourHoursAndWeekdayNamesFollowTheLocale() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "mon,wed", "18:30", "--title", "Tea").status == 0)
        let id = String(try #require(try daemon.alarms().first?["id"] as? String).prefix(8))

        let american = try daemon.alarmctl(with: ["LC_ALL": "", "LANG": "en_US.UTF-8"], "show", id).out
        #expect(american.contains("time:      6:30 PM local"), "\(american)")
        #expect(american.contains("repeats:   Mon, Wed"))
        #expect(american.contains(" PM, in "), "the next ring in 12-hour time: \(american)")

        let german = try daemon.alarmctl(with: ["LC_ALL": "", "LANG": "de_DE.UTF-8"], "show", id).out
        #expect(german.contains("time:      18:30 local"), "\(german)")
        // glibc's de_DE abbreviates without a dot (ICU wrote "Mo.").
        #expect(german.contains("repeats:   Mo, Mi"), "\(german)")

        // LC_TIME decides over LANG, and LC_ALL over both.
        let timeOnly = try daemon.alarmctl(with: ["LC_ALL": "", "LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8"], "show", id).out
        #expect(timeOnly.contains("time:      6:30 PM local"), "\(timeOnly)")
        let c = try daemon.alarmctl(with: ["LC_ALL": "C", "LC_TIME": "en_US.UTF-8"], "show", id).out
        #expect(c.contains("time:      18:30 local"))
        #expect(c.contains("repeats:   Mon, Wed"))

        let json = try daemon.alarmctl(with: ["LC_ALL": "", "LANG": "en_US.UTF-8"], "list", "--json").out
        #expect(!json.contains("PM") && json.contains(#""hour" : 18"#), "JSON keeps numbers")
    }
}
