import Foundation
import Testing
import TestSupport

/// What a person expects of edit, skip and a one-off alarm, through the built alarmctl and a
/// real alarmd: an edit changes only what it names, one skip at a time and undone by unskip,
/// a one-off that rang stays turned off, and the states read in people's words.
@Suite(.timeLimit(.minutes(5)), .tags(.products)) struct PartialEditTests {
    func record(_ daemon: CLIDaemon, _ title: String) throws -> [String: Any]? {
        try daemon.alarms().first { (($0["presentation"] as? [String: Any])?["alert"] as? [String: Any])?["title"] as? String == title }
    }

    @Test func aRenameKeepsATurnedOffAlarmOffAndASkippedDateSkipped() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "daily", "6:30", "--title", "Call mum").status == 0)
        #expect(try daemon.alarmctl("disable", "Call mum").status == 0)
        let off = try #require(try record(daemon, "Call mum"))
        let renamed = try daemon.alarmctl("edit", "Call mum", "--title", "Call Mum")
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(renamed.out.contains("'Call Mum': off"), "\(renamed.out)")
        let after = try #require(try record(daemon, "Call Mum"))
        #expect(after["disabledAt"] as? Double == off["disabledAt"] as? Double, "still off, since the same moment")
        #expect(after["schedule"] as? NSDictionary == off["schedule"] as? NSDictionary)

        #expect(try daemon.alarmctl("enable", "Call Mum").status == 0)
        #expect(try daemon.alarmctl("skip", "Call Mum").status == 0)
        let skipping = try #require(try record(daemon, "Call Mum"))
        #expect(try daemon.alarmctl("edit", "Call Mum", "--title", "Ring mum", "--sound", "Chime").status == 0)
        let edited = try #require(try record(daemon, "Ring mum"))
        #expect(edited["skippedFire"] as? Double == skipping["skippedFire"] as? Double, "the skip stays")
        #expect(edited["phase"] as? NSDictionary == skipping["phase"] as? NSDictionary)
        #expect(try daemon.alarmctl("list").out.contains("(skips "))

        let nothing = try daemon.alarmctl("edit", "Ring mum")
        #expect(nothing.status == 2)
        #expect(nothing.err.contains("nothing to change"), "\(nothing.err)")
    }

    @Test func oneSkipAtATimeUndoneByUnskipAndEnableSaysWhatItDoes() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "weekdays", "7:00", "--title", "Gym").status == 0)
        #expect(try daemon.alarmctl("skip", "Gym").status == 0)
        let second = try daemon.alarmctl("skip", "Gym")
        #expect(second.status == 1)
        #expect(second.err.contains("already skips") && second.err.contains("alarmctl unskip"), "\(second.err)")
        let enable = try daemon.alarmctl("enable", "Gym")
        #expect(enable.status == 0)
        #expect(enable.out.contains("is already on") && enable.out.contains("alarmctl unskip"), "\(enable.out)")
        let undone = try daemon.alarmctl("unskip", "Gym")
        #expect(undone.status == 0, "\(undone.err)")
        #expect(undone.out.contains("undid the skip"), "\(undone.out)")
        #expect(!(try daemon.alarmctl("list").out.contains("(skips ")))
        #expect(try record(daemon, "Gym")?["skippedFire"] == nil)
        let again = try daemon.alarmctl("unskip", "Gym")
        #expect(again.status == 1)
        #expect(again.err.contains("skips nothing"), "\(again.err)")
    }

    @Test func aOneOffThatRangStaysOffAndTheStatesReadInPeoplesWords() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "1s", "--title", "Tea", "--snooze", "5m").status == 0)
        try await eventuallyTrue { try daemon.states() == ["alerting"] }
        #expect(try daemon.alarmctl("list").out.contains("ringing "))
        #expect(try daemon.alarmctl("snooze", "Tea").status == 0)
        let list = try daemon.alarmctl("list").out
        #expect(list.contains("snoozed ") && list.contains("snoozed until "), "\(list)")
        #expect(try daemon.states() == ["countdown"], "--json keeps the wire's names")
        let stopped = try daemon.alarmctl("stop", "Tea")
        #expect(stopped.status == 0)
        #expect(stopped.out.contains("off since its date"), "\(stopped.out)")
        let kept = try #require(try record(daemon, "Tea"), "the one-off is kept")
        #expect(kept["disabledAt"] != nil)
        let enable = try daemon.alarmctl("enable", "Tea")
        #expect(enable.status == 1)
        #expect(enable.err.contains("give it a new one"), "\(enable.err)")
        let moved = try daemon.alarmctl("edit", "Tea", "--at", "tomorrow 7:00")
        #expect(moved.status == 0, "\(moved.err)")
        #expect(try daemon.alarmctl("enable", "Tea").status == 0, "on again with its new date")
        #expect(try daemon.alarmctl("timer", "1s", "--title", "Eggs").status == 0)
        try await eventuallyTrue { try daemon.states().contains("alerting") }
        #expect(try daemon.alarmctl("stop", "Eggs").out.contains("it is gone"), "a timer goes after Stop")
    }

    @Test func wordsPeopleTypeAreReadOrAnsweredWithWhatTheyMeant() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let military = try daemon.alarmctl("add", "0730", "--title", "Early")
        #expect(military.status == 0, "\(military.err)")
        #expect(try daemon.alarmctl("show", "Early").out.contains("time:      07:30 local"))
        for (arguments, expected) in [
            (["add", "weekdys", "7:00"], "did you mean 'weekdays'?"), (["add", "tomorow", "7:00"], "did you mean 'tomorrow'?"),
            (["lsit"], "did you mean 'list'?"), (["add", "30"], "a number alone counts minutes"),
            (["add", "7:00", "--title", ""], "--title cannot be empty"), (["timer", "5", "parsecs"], "unknown unit 'parsecs'"),
        ] {
            let refused = try daemon.alarmctl(arguments: arguments)
            #expect(refused.status == 2, "\(arguments): \(refused.out)")
            #expect(refused.err.contains(expected), "\(arguments): \(refused.err)")
        }
        let timer = try daemon.alarmctl("timer", "90", "seconds")
        // alarmctl words what is left when the reply is in: a second may have passed (load).
        #expect(timer.out.contains("in 1 min 30 s") || timer.out.contains("in 1 min 29 s"), "\(timer.out)")
        let minutes = try daemon.alarmctl("timer", "5", "--json")
        let length = (try JSONSerialization.jsonObject(with: Data(minutes.out.utf8)) as? [String: Any])?["countdownDuration"] as? [String: Any]
        #expect(length?["preAlert"] as? Double == 300, "a bare number is minutes")
        #expect(try daemon.alarmctl("rm", "Early").status == 0)
        #expect(try daemon.alarmctl("delete", "--help").status == 0)
        let sound = try daemon.alarmctl("notify", "Hi", "--sound", "Chimes")
        #expect(sound.status == 2)
        #expect(sound.err.contains("unknown sound 'Chimes': did you mean 'Chime'?"), "\(sound.err)")
    }
}
