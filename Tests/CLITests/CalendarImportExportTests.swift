import Foundation
import Testing
import TestSupport

/// `alarmctl export` and `import` end to end, with real alarmd instances: a round trip into an
/// empty instance gives the same alarms, a re-import updates, an event keeps its zone (checked
/// against `alarmctl next`), and a damaged file changes nothing.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct CalendarImportExportTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/icalendar/\(name)").path
    }

    /// Each alarm without what the daemon sets, keyed by id.
    private func configurations(_ daemon: CLIDaemon) throws -> [String: NSDictionary] {
        var result: [String: NSDictionary] = [:]
        for alarm in try daemon.alarms() {
            var copy = alarm
            copy["phase"] = nil
            result[alarm["id"] as! String] = copy as NSDictionary
        }
        return result
    }

    @Test func exportThenImportIntoAnEmptyInstanceGivesTheSameAlarms() throws {
        let a = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try a.start()
        defer { a.stop() }
        #expect(try a.alarmctl("add", "weekdays", "06:30", "--title", "Work, days; \"early\"", "--snooze", "5m", "--volume", "80", "--ramp", "30").status == 0)
        #expect(try a.alarmctl("add", CLIDaemon.dateAhead(years: 5, month: 3, day: 14), "07:45", "--title", "Flight", "--countdown", "10m", "--no-snooze").status == 0)
        #expect(try a.alarmctl("add", "mon,wed,fri", "07:15", "--title", "Gym").status == 0)
        let gym = try #require(try a.alarms().first { $0["presentation"].map { "\($0)".contains("Gym") } ?? false }?["id"] as? String)
        #expect(try a.alarmctl("skip", String(gym.prefix(8))).status == 0)
        #expect(try a.alarmctl("add", "daily", "21:00", "--title", "Pills").status == 0)
        let pills = try #require(try a.alarms().first { $0["presentation"].map { "\($0)".contains("Pills") } ?? false }?["id"] as? String)
        #expect(try a.alarmctl("disable", String(pills.prefix(8))).status == 0)
        #expect(try a.alarmctl("timer", "25m").status == 0)

        let file = a.root.appendingPathComponent("alarms.ics").path
        let export = try a.alarmctl("export", "--output", file)
        #expect(export.status == 0, "\(export.err)")
        #expect(export.err.contains("1 timer was left out"), "\(export.err)")

        let b = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try b.start()
        defer { b.stop() }
        let imported = try b.alarmctl("import", file)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out == "imported 4, updated 0, refused 0\n")
        var expected = try configurations(a)
        expected = expected.filter { ($0.value["schedule"]) != nil }
        let got = try configurations(b)
        #expect(Set(got.keys) == Set(expected.keys))
        for (id, alarm) in got {
            let other = expected[id] ?? [:]
            let keys = Set(alarm.allKeys.map { "\($0)" }).union(other.allKeys.map { "\($0)" })
            let differing = keys.filter { !((alarm[$0] as? NSObject)?.isEqual(other[$0]) ?? (other[$0] == nil)) }
            #expect(differing.isEmpty, "\(id): \(differing.sorted().map { "\($0): \(alarm[$0] ?? "nil") vs \(other[$0] ?? "nil")" })")
        }
        #expect(try b.alarmctl("list").out == (try a.alarmctl("list").out.split(separator: "\n").filter { !$0.contains("timer") }.joined(separator: "\n") + "\n"))

        // Again: the same UIDs update, never duplicate.
        let again = try b.alarmctl("import", file)
        #expect(again.out == "imported 0, updated 4, refused 0\n", "\(again.err)")
        #expect(try b.alarms().count == 4)
    }

    @Test func aThunderbirdStandUpKeepsNewYorkTime() throws {
        let daemon = try CLIDaemon(extra: ["TZ": "Europe/Berlin"])
        try daemon.start()
        defer { daemon.stop() }
        let run = try daemon.alarmctl("import", Self.fixture("thunderbird.ics"))
        #expect(run.status == 1, "one refused: \(run.err)")
        #expect(run.out.hasPrefix("imported 1, updated 0, refused 1:\n"))
        #expect(run.out.contains("'Rent': it repeats monthly"), "\(run.out)")
        let alarm = try #require(try daemon.alarms().first)
        #expect(alarm["timeZone"] as? String == "America/New_York")
        let fire = try #require(((alarm["phase"] as? [String: Any])?["scheduled"] as? [String: Any])?["fireDate"] as? Double)
        // What `alarmctl next` says of 08:50 on weekdays in New York is when it rings.
        let next = try daemon.alarmctl("next", "--tz", "America/New_York", "weekdays", "8:50")
        let formatter = ISO8601DateFormatter()
        let expected = try #require(formatter.date(from: next.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(next.out)")
        #expect(fire == expected.timeIntervalSince1970)
        #expect(try daemon.alarmctl("list").out.contains("(08:50 America/New_York)"))
        // Re-importing finds it by its UID.
        #expect(try daemon.alarmctl("import", Self.fixture("thunderbird.ics")).out.hasPrefix("imported 0, updated 1, refused 1:"))
    }

    @Test func aDamagedFileImportsNothing() throws {
        let daemon = try CLIDaemon()
        try daemon.start()
        defer { daemon.stop() }
        let text = try String(contentsOfFile: Self.fixture("kalarm.ics"), encoding: .utf8)
        let damaged = daemon.root.appendingPathComponent("damaged.ics").path
        // The first event is whole; the second is cut short.
        try text.prefix(text.count - 40).write(toFile: damaged, atomically: true, encoding: .utf8)
        let run = try daemon.alarmctl("import", damaged)
        #expect(run.status == 2)
        #expect(run.err.contains(": line "), "\(run.err)")
        #expect(run.err.hasSuffix("; nothing was imported\n"), "\(run.err)")
        #expect(try daemon.alarms().isEmpty)
    }
}
