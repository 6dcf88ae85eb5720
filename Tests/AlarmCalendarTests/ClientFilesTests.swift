import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Calendar files as Google, Outlook/Exchange, Apple, Thunderbird, Nextcloud, KOrganizer,
/// Evolution, Zimbra and DAVx5 write them (Tests/Fixtures/icalendar/clients, README there):
/// every event rings when the client would remind, or is refused for a reason a person accepts.
@Suite(.timeLimit(.minutes(2))) struct ClientFilesTests {
    let now = instant("2026-11-26T12:00:00Z")

    func events(_ name: String) throws -> [EventResult] {
        try ICalendar.parse(try fixture("clients/\(name)"), zones: zones, now: now)
    }

    func rings(_ result: EventResult, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let event = try #require(result.imported, "refused: \(result.refused.map { "\($0.reason)" } ?? "")", sourceLocation: sourceLocation)
        #expect(fires(event.record, after: now, count: expected.count + 1).prefix(expected.count) == expected.map(instant)[...], sourceLocation: sourceLocation)
    }

    @Test func google() throws {
        let results = try events("google.ics")
        #expect(results.count == 3, "the moved occurrence belongs to its series")
        try rings(results[0], ["2026-11-30T07:20:00-08:00", "2026-12-02T08:20:00-08:00", "2026-12-07T07:20:00-08:00"])
        let lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: zones.machine), namedZones: ["America/Los_Angeles": ZoneRules.named("America/Los_Angeles")!])
        #expect(lifecycle.ringing(results[0].imported!.record, firedFor: instant("2026-12-02T08:20:00-08:00")).presentation.alert.title.text == "School run (late start)")
        try rings(results[1], ["2027-05-02T09:00:00+02:00", "2028-05-02T09:00:00+02:00"])
        #expect(results[2].refused?.reason == .allDayWithoutReminder)
    }

    @Test func outlookExchange() throws {
        let results = try events("outlook-exchange.ics")
        try rings(results[0], ["2026-12-08T09:45:00+01:00", "2027-01-12T09:45:00+01:00"])
        try rings(results[1], ["2026-12-30T06:00:00+01:00"])
    }

    @Test func appleICloud() throws {
        let results = try events("apple-icloud.ics")
        try rings(results[0], ["2026-12-08T18:00:00Z", "2026-12-09T17:30:00Z", "2026-12-22T18:00:00Z"])
        #expect(results[0].imported?.record.calendar?.alerts.map(\.uid) == ["3C1D2E4F-5A6B-4C7D-8E9F-0A1B2C3D4E5F", "9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A"])
        #expect(results[0].imported?.acknowledged == instant("2026-11-11T17:30:00Z"))
        #expect(results[0].imported?.record.sound.sound == .named("Chord"))
        try rings(results[1], ["2026-12-07T09:00:00+01:00"])
        #expect(results[2].refused?.reason == .noReminder)
    }

    @Test func thunderbird() throws {
        let results = try events("thunderbird.ics")
        #expect(results.count == 1)
        // 12 Tuesdays from 6 October; 1 December moved to Wednesday 16:15 with its own reminder.
        try rings(results[0], ["2026-12-02T15:15:00+01:00", "2026-12-07T09:00:00+01:00", "2026-12-08T08:00:00+01:00",
                               "2026-12-14T09:00:00+01:00", "2026-12-15T08:00:00+01:00", "2026-12-21T09:00:00+01:00", "2026-12-22T08:00:00+01:00"])
        #expect(fires(results[0].imported!.record, after: instant("2026-12-22T08:00:00+01:00"), count: 1).isEmpty, "the twelfth was the last")
    }

    @Test func nextcloud() throws {
        let results = try events("nextcloud.ics")
        try rings(results[0], ["2026-11-30T16:30:00+01:00", "2026-12-31T16:30:00+01:00"])
        #expect(results[1].refused?.reason == .emailOnly)
    }

    @Test func korganizer() throws {
        let results = try events("korganizer.ics")
        try rings(results[0], ["2026-11-26T15:00:00-05:00", "2027-11-25T15:00:00-05:00"])
        #expect(results[0].imported?.record.sound.sound == .named("alarm-clock-elapsed"))
        try rings(results[1], ["2026-11-27T07:30:00-05:00", "2026-11-30T07:30:00-05:00"])
    }

    @Test func evolution() throws {
        let results = try events("evolution.ics")
        try rings(results[0], ["2026-12-01T02:15:00+01:00", "2027-01-01T02:15:00+01:00", "2027-02-01T02:15:00+01:00"])
        #expect(results[1].refused?.reason == .unsupportedRepeat(.frequency("hourly")))
    }

    @Test func zimbra() throws {
        let results = try events("zimbra.ics")
        try rings(results[0], ["2026-11-27T06:25:00+01:00", "2026-11-30T06:25:00+01:00", "2026-12-02T06:25:00+01:00"])
        let christmas = fires(results[0].imported!.record, after: instant("2026-12-23T12:00:00+01:00"), count: 2)
        #expect(christmas == [instant("2026-12-28T06:25:00+01:00"), instant("2026-12-30T06:25:00+01:00")], "25 December and 1 January are left out")
    }

    @Test func davx5() throws {
        let results = try events("davx5.ics")
        try rings(results[0], ["2026-11-30T18:50:00+11:00", "2026-12-07T18:50:00+11:00", "2026-12-14T18:50:00+11:00", "2026-12-21T18:50:00+11:00", "2027-01-04T18:50:00+11:00"])
        try rings(results[1], ["2026-12-29T09:00:00+11:00", "2026-12-29T13:00:00+11:00", "2027-03-29T09:00:00+11:00"])
    }
}
