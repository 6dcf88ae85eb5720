import Foundation
import Testing
import TestSupport

/// Refusals say what is wrong in the words the person typed, and what to do instead.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct ErrorWordingTests {
    @Test(arguments: [
        (["timer", "0s"], "'0s' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)"),
        (["timer", "0"], "'0' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)"),
        // ArgumentParser would take -5m for an option: "Missing expected argument".
        (["timer", "-5m"], "'-5m' is negative: a duration counts forward from now (write 5m)"),
        (["timer", "--title", "Tea", "-1h30m"], "'-1h30m' is negative: a duration counts forward from now (write 1h30m)"),
        (["timer", "--", "-5m"], "'-5m' is negative: a duration counts forward from now (write 5m)"),
        (["add", "in", "-10m"], "'-10m' is negative: a duration counts forward from now (write 10m)"),
        (["timer", "5m", "--volume", "-5"], "'-5' after --volume reads as an option; to give --volume a value that starts with a minus, write --volume=-5"),
        (["timer", "5m", "--repeat-after=0s"], "--repeat-after: '0s' is no time at all: a duration must be longer than zero (e.g. 30s or 5m)"),
    ])
    func badDurationsSayWhy(arguments: [String], message: String) throws {
        // No alarmd: these are refused before any is needed.
        let daemon = try CLIDaemon()
        let run = try daemon.alarmctl(arguments: arguments)
        #expect(run.status == 2)
        #expect(run.err == "alarmctl: \(message)\n")
    }

    @Test func lifecycleRefusalsNameTheAlarmAndTheWayOut() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "tomorrow", "7:00", "--title", "Dentist").status == 0)
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Eggs").status == 0)
        #expect(try daemon.alarmctl("add", "daily", "6:00", "--title", "Run").status == 0)
        let ids = try Dictionary(uniqueKeysWithValues: daemon.alarms().map { alarm in
            (AlarmsByNameTests.title(of: alarm)!, String((alarm["id"] as! String).prefix(8)).lowercased())
        })
        let (dentist, eggs, run) = (ids["Dentist"]!, ids["Eggs"]!, ids["Run"]!)
        #expect(try daemon.alarmctl("disable", "Run").status == 0)
        let cases: [([String], String)] = [
            (["skip", "Dentist"], "'Dentist' (\(dentist)) rings only once, so it has no next occurrence to skip (to remove it: `alarmctl cancel \(dentist)`)"),
            (["skip", "Eggs"], "'Eggs' (\(eggs)) is a timer: it has no next occurrence to skip (pause it with `alarmctl pause \(eggs)`, or remove it with `alarmctl cancel \(eggs)`)"),
            (["skip", "Run"], "'Run' (\(run)) is turned off, so nothing is coming to skip (turn it on with `alarmctl enable \(run)`)"),
            (["stop", "Dentist"], "'Dentist' (\(dentist)) is not ringing or counting down yet, so there is nothing to stop (to remove it: `alarmctl cancel \(dentist)`; to turn it off: `alarmctl disable \(dentist)`)"),
            (["snooze", "Eggs"], "'Eggs' (\(eggs)) is not ringing: snooze works only while an alarm rings"),
            (["resume", "Eggs"], "'Eggs' (\(eggs)) is not paused, so there is nothing to resume"),
            (["disable", "Eggs"], "'Eggs' (\(eggs)) is a timer, which cannot be turned off (pause it with `alarmctl pause \(eggs)`, or remove it with `alarmctl cancel \(eggs)`)"),
        ]
        for (arguments, message) in cases {
            let result = try daemon.alarmctl(arguments: arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.err == "alarmctl: \(message)\n")
        }
        #expect(try daemon.alarms().count == 3, "nothing changed")
    }
}
