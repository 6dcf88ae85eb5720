import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing
import TestSupport

/// The recurrence corpus (Tests/Fixtures/recurrence, made by `scripts/recurrence-corpus`): 240
/// generated recurring events covering every RRULE part we read, nine zones (DST north and
/// south, half-hour and midnight changes, none, floating, all-day), times in DST gaps and
/// overlaps, EXDATE, RDATE, moved, retitled, cancelled and re-reminded occurrences, reminders
/// before, after, at the end, at an instant and repeated; and 120 yearly rules without BYMONTH
/// (issue 40 item 7: `FREQ=YEARLY;BYMONTHDAY=9` is every 9 March from a 9 March, as RFC 5545
/// and libical read it; the 31st, negative days, 29 February, BYDAY over the whole year with
/// and without ordinals, BYSETPOS), whose dates the script also checks against libical's
/// iterator. Imported by our reader, each event's next 20 fires from AlarmCore must be the
/// oracle's (python-dateutil and zoneinfo), to the second.
@Suite(.timeLimit(.minutes(10))) struct RecurrenceCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recurrence")

    struct Expected: Decodable {
        var from: Int
        var fires: [Int]
    }

    @Test func everyEventRingsWhenTheOracleSays() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("corpus.ics"), encoding: .utf8)
        let expected = try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: Self.folder.appendingPathComponent("corpus-expected.json")))
        #expect(expected.count >= 200)
        // Imported as of the earliest `from`: a series that ended before it is refused.
        let earliest = expected.values.map(\.from).min()!
        let results = try ICalendar.parse(text, zones: zones, now: Date(timeIntervalSince1970: Double(earliest)))
        #expect(results.count == expected.count)
        var compared = 0, mismatches = 0
        for result in results {
            switch result {
            case .alarm(let event):
                let want = try #require(expected[event.uid], "\(event.uid) not in the expected fires")
                #expect(event.record.calendar != nil, "\(event.uid) should keep its calendar schedule")
                let got = calendarFires(event.record, after: Date(timeIntervalSince1970: Double(want.from)), count: 20)
                    .map { Int($0.timeIntervalSince1970) }
                if got != want.fires {
                    mismatches += 1
                    if mismatches <= 10 {
                        let first = Array(zip(got, want.fires)).firstIndex { $0 != $1 } ?? min(got.count, want.fires.count)
                        Issue.record("\(event.uid) (\(event.record.calendar?.rule?.text ?? "")) in \(event.record.timeZone ?? "floating"): fire \(first): got \(got.dropFirst(first).prefix(3)), oracle \(want.fires.dropFirst(first).prefix(3)); from \(want.from)")
                    }
                }
                compared += want.fires.count
            case .refused(let refusal):
                let want = try #require(expected[refusal.uid ?? ""], "\(refusal.uid ?? "?") not in the expected fires")
                #expect(want.fires.isEmpty || want.fires.allSatisfy { $0 <= earliest }, "\(refusal.uid ?? "?") refused (\(refusal.reason)) though the oracle has fires")
                if case .ended = refusal.reason {} else { Issue.record("\(refusal.uid ?? ""): \(refusal.reason)") }
            }
        }
        #expect(mismatches == 0, "\(mismatches) events disagree with the oracle")
        #expect(compared > 3000)
    }

    /// The oracle still gives the committed fire times (its version in CI is Debian's
    /// python3-dateutil), the seeded generator still writes the committed corpus, and libical
    /// (libical-dev) still gives the yearly rules' dates.
    @Test func theOracleStillAgreesWithTheFixture() throws {
        let script = Self.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/recurrence-corpus").path
        let run = try Subprocess.run("/usr/bin/python3", [script, "--check"])
        #expect(run.termination.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("360 events"), "\(run.stdout)")
        #expect(run.stdout.contains("120 yearly rules without BYMONTH") || (!RealServers.required && run.stdout.contains("skipped")), "\(run.stdout)")
    }
}

/// The next fires of an imported alarm with a calendar schedule, as the daemon's lifecycle
/// computes them.
func calendarFires(_ record: AlarmRecord, after: Date, count: Int) -> [Date] {
    var lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: zones.machine))
    if let name = record.timeZone { lifecycle.namedZones[name] = ZoneRules.named(name) }
    var fires: [Date] = []
    var last = after
    while fires.count < count, let next = lifecycle.nextFire(of: record, after: last) {
        fires.append(next)
        last = next
    }
    return fires
}
