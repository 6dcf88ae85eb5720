import Foundation
import Testing
import TestSupport

/// `edit`, `disable`/`enable` and `skip` through the built alarmctl and a real alarmd that is
/// restarted in between: every change is durable and reads back the same.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct EditingCommandsTests {
    @Test func skipDisableEnableAndEditSurviveRestarts() async throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let added = try daemon.alarmctl("add", "daily", "6:30", "--title", "Work")
        #expect(added.status == 0, "\(added.err)")
        let id = try #require(try daemon.alarms().first?["id"] as? String)
        let short = String(id.prefix(8)).lowercased()

        let skipped = try daemon.alarmctl("skip", short)
        #expect(skipped.status == 0, "\(skipped.err)")
        daemon.stop()
        try daemon.start()
        var list = try daemon.alarmctl("list").out
        #expect(list.contains("(skips "), "\(list)")
        #expect(try daemon.alarms().first?["skippedFire"] != nil)

        #expect(try daemon.alarmctl("disable", short).status == 0)
        daemon.stop()
        try daemon.start()
        list = try daemon.alarmctl("list").out
        #expect(list.contains("off    Every day"), "\(list)")
        #expect(list.contains("turn it on with `alarmctl enable \(short)`"))

        #expect(try daemon.alarmctl("enable", short).status == 0)
        let edited = try daemon.alarmctl("edit", short, "--at", "weekends 9:45", "--title", "Lie in", "--snooze", "15m")
        #expect(edited.status == 0, "\(edited.err)")
        daemon.stop()
        try daemon.start()
        let shown = try daemon.alarmctl("show", short).out
        #expect(shown.contains("id:        \(id.lowercased())"), "same id: \(shown)")
        #expect(shown.contains("title:     Lie in"))
        #expect(shown.contains("repeats:   Weekends"))
        #expect(shown.contains("time:      09:45 local"))
        #expect(shown.contains("snooze:    15 min"))
        #expect(shown.contains("state:     scheduled: rings "))
        #expect(try daemon.alarms().count == 1)
    }

    @Test func refusalsSayWhyAndExit1() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("timer", "5m").status == 0)
        #expect(try daemon.alarmctl("add", "tomorrow", "7:00").status == 0)
        let alarms = try daemon.alarms()
        let timer = try #require(alarms.first { $0["schedule"] == nil }?["id"] as? String)
        let once = try #require(alarms.first { $0["schedule"] != nil }?["id"] as? String)
        let disableTimer = try daemon.alarmctl("disable", String(timer.prefix(8)))
        #expect(disableTimer.status == 1)
        #expect(disableTimer.err.contains("is a timer, which cannot be turned off"))
        let skipOnce = try daemon.alarmctl("skip", String(once.prefix(8)))
        #expect(skipOnce.status == 1)
        #expect(skipOnce.err.contains("rings only once, so it has no next occurrence to skip"))
        let badSpec = try daemon.alarmctl("edit", String(once.prefix(8)), "--at", "someday")
        #expect(badSpec.status == 2)
    }
}
