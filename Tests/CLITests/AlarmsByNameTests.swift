import Foundation
import Testing
import TestSupport

/// Every command that takes an alarm id also takes its title (whole, any case) when one alarm
/// has it, lists the candidates when several do, and `add` warns about an exact twin.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct AlarmsByNameTests {
    private func id(of title: String, in daemon: CLIDaemon) throws -> String {
        let alarm = try #require(try daemon.alarms().first { Self.title(of: $0) == title })
        return String((alarm["id"] as! String).prefix(8)).lowercased()
    }

    static func title(of alarm: [String: Any]) -> String? {
        ((alarm["presentation"] as? [String: Any])?["alert"] as? [String: Any])?["title"] as? String
    }

    @Test func aUniqueTitleNamesItsAlarmInAnyCase() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "tomorrow", "9:00", "--title", "Dentist").status == 0)
        #expect(try daemon.alarmctl("timer", "10m", "--title", "Tea").status == 0)
        #expect(try daemon.alarmctl("add", "daily", "6:30", "--title", "Zähne putzen").status == 0)

        let show = try daemon.alarmctl("show", "dentist")
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out.contains("Dentist"))
        #expect(try daemon.alarmctl("pause", "TEA").status == 0)
        #expect(try daemon.states().contains("paused"))
        #expect(try daemon.alarmctl("skip", "ZÄHNE PUTZEN").status == 0, "case-insensitive beyond ASCII")
        let cancel = try daemon.alarmctl("cancel", "Dentist")
        #expect(cancel.status == 0, "\(cancel.err)")
        #expect(cancel.out.hasPrefix("cancelled 'Dentist'"))
        #expect(try daemon.alarms().count == 2)
        // A title matches whole: a part of one names nothing.
        let part = try daemon.alarmctl("cancel", "Zähne")
        #expect(part.status == 1)
        #expect(part.err == "alarmctl: no alarm has the id or title 'Zähne' (see `alarmctl list`; a title must match whole, in any case)\n")
        // Ids keep working, whole or as a prefix.
        let tea = try id(of: "Tea", in: daemon)
        #expect(try daemon.alarmctl("resume", String(tea.prefix(5))).status == 0)
    }

    @Test func aSharedTitleListsTheCandidatesAndChangesNothing() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "tomorrow", "7:00", "--title", "Tea").status == 0)
        #expect(try daemon.alarmctl("add", "tomorrow", "8:00", "--title", "tea").status == 0)
        #expect(try daemon.alarmctl("add", "tomorrow", "9:00", "--title", "Coffee").status == 0)
        let stop = try daemon.alarmctl("cancel", "TEA")
        #expect(stop.status == 2)
        let lines = stop.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "alarmctl: 'TEA' names 2 alarms; give the id (or more of it) of the one you mean:")
        #expect(lines.count == 4, "the complaint, the header and one row each: \(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("ID ") == true)
        for (row, (hour, title)) in zip(lines.dropFirst(2), [("07:00", "Tea"), ("08:00", "tea")]) {
            let wanted = try id(of: title, in: daemon)
            #expect(row.hasPrefix(wanted), "\(row)")
            #expect(row.contains(" \(title) ") && row.contains(hour), "id, title and time: \(row)")
        }
        #expect(try daemon.alarms().count == 3, "nothing was cancelled")
    }

    /// A title that spells an id prefix is both: a collision is listed, never guessed.
    @Test func aTitleThatIsAlsoAnIdPrefixIsAmbiguous() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        #expect(try daemon.alarmctl("add", "tomorrow", "7:00", "--title", "Walk").status == 0)
        let prefix = String(try id(of: "Walk", in: daemon).prefix(4))
        #expect(try daemon.alarmctl("add", "tomorrow", "8:00", "--title", prefix).status == 0)
        let show = try daemon.alarmctl("show", prefix)
        #expect(show.status == 2)
        #expect(show.err.contains("names 2 alarms"), "\(show.err)")
    }

    @Test func addingAnExactTwinWarnsAndStillAdds() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        let first = try daemon.alarmctl("add", "weekdays", "6:30", "--title", "Gym")
        #expect(first.status == 0 && first.err.isEmpty)
        let gym = try id(of: "Gym", in: daemon)
        let twin = try daemon.alarmctl("add", "mon-fri", "06:30", "--title", "GYM")
        #expect(twin.status == 0)
        #expect(twin.err == "alarmctl: warning: \(gym) 'Gym' already rings at this time (added another; to remove one: alarmctl cancel \(gym))\n")
        #expect(try daemon.alarms().count == 2)
        // Another time, or another title, is no twin.
        #expect(try daemon.alarmctl("add", "weekdays", "6:45", "--title", "Gym").err.isEmpty)
        #expect(try daemon.alarmctl("add", "weekdays", "6:30", "--title", "Yoga").err.isEmpty)
        #expect(try daemon.alarms().count == 4)
    }
}
