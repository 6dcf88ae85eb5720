import AlarmCore
import Foundation
import Testing

@testable import AlarmModel

/// An alarm imported from a calendar keeps the event's zone (docs/ICALENDAR.md): the 09:00
/// America/New_York stand-up with a -10 min reminder is an 08:50 New York alarm, and rings at
/// 08:50 New York time on a machine in Europe/Berlin, across both places' DST changes (the US
/// and the EU change on different dates, so for a few weeks a year the gap is 5 hours, not 6).
@Suite(.timeLimit(.minutes(1))) struct OwnZoneTests {
    let berlin = zone("Europe/Berlin")
    let newYork = zone("America/New_York")

    private func standUp() -> AlarmRecord {
        AlarmRecord(
            id: UUID(), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 8, minute: 50), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))),
            countdownDuration: nil, presentation: AlarmPresentation(alert: .init(title: "Stand-up")), phase: .scheduled(fireDate: .distantPast),
            timeZone: "America/New_York", calendarUID: "standup@example.com")
    }

    private var lifecycle: Lifecycle {
        Lifecycle(calendar: FireTimeCalendar(timeZone: berlin), namedZones: ["America/New_York": newYork])
    }

    /// Every fire from one stop to the next, as a person stopping it each time would see them.
    private func fires(from start: String, count: Int) throws -> [Date] {
        var record = try #require(try lifecycle.schedule(standUp(), now: instant(start)).record)
        var fires: [Date] = []
        for _ in 0..<count {
            guard case .scheduled(let fire) = record.phase else { Issue.record("not scheduled: \(record.phase)"); break }
            fires.append(fire)
            let rung = try #require(lifecycle.handle(.due, for: record, now: fire).record)
            record = try #require(try lifecycle.handle(.stop, for: rung, now: fire.addingTimeInterval(30)).record)
        }
        return fires
    }

    @Test func ringsAt0850NewYorkTimeAcrossTheSpringChanges() throws {
        // 2027: the US springs forward on March 14, the EU on March 28.
        let got = try fires(from: "2027-03-11T14:00:00Z", count: 14).map { rendered($0, in: newYork) }
        let expected = [
            "2027-03-12T08:50:00-05:00",  // Fri: both on winter time, Berlin 14:50
            "2027-03-15T08:50:00-04:00",  // Mon: New York on summer time, Berlin still winter: 13:50 in Berlin
            "2027-03-16T08:50:00-04:00", "2027-03-17T08:50:00-04:00", "2027-03-18T08:50:00-04:00", "2027-03-19T08:50:00-04:00",
            "2027-03-22T08:50:00-04:00", "2027-03-23T08:50:00-04:00", "2027-03-24T08:50:00-04:00", "2027-03-25T08:50:00-04:00",
            "2027-03-26T08:50:00-04:00",
            "2027-03-29T08:50:00-04:00",  // both on summer time: Berlin 14:50 again
            "2027-03-30T08:50:00-04:00", "2027-03-31T08:50:00-04:00",
        ]
        #expect(got == expected)
        let berlinTimes = try fires(from: "2027-03-11T14:00:00Z", count: 12).map { rendered($0, in: berlin) }
        #expect(berlinTimes[0] == "2027-03-12T14:50:00+01:00")
        #expect(berlinTimes[1] == "2027-03-15T13:50:00+01:00")
        #expect(berlinTimes[11] == "2027-03-29T14:50:00+02:00")
    }

    @Test func ringsAt0850NewYorkTimeAcrossTheAutumnChanges() throws {
        // 2027: the EU falls back on October 31, the US on November 7.
        let got = try fires(from: "2027-10-28T14:00:00Z", count: 8)
        #expect(got.map { rendered($0, in: newYork) } == [
            "2027-10-29T08:50:00-04:00", "2027-11-01T08:50:00-04:00", "2027-11-02T08:50:00-04:00", "2027-11-03T08:50:00-04:00",
            "2027-11-04T08:50:00-04:00", "2027-11-05T08:50:00-04:00", "2027-11-08T08:50:00-05:00", "2027-11-09T08:50:00-05:00",
        ])
        #expect(got.map { rendered($0, in: berlin) } == [
            "2027-10-29T14:50:00+02:00", "2027-11-01T13:50:00+01:00", "2027-11-02T13:50:00+01:00", "2027-11-03T13:50:00+01:00",
            "2027-11-04T13:50:00+01:00", "2027-11-05T13:50:00+01:00", "2027-11-08T14:50:00+01:00", "2027-11-09T14:50:00+01:00",
        ])
    }

    /// The machine moving to Tokyo moves alarms made here, never one that keeps its zone.
    @Test func aMachineZoneChangeLeavesItAlone() throws {
        let now = instant("2027-03-11T12:00:00Z")
        let record = try #require(try lifecycle.schedule(standUp(), now: now).record)
        var moved = lifecycle
        moved.calendar = FireTimeCalendar(timeZone: zone("Asia/Tokyo"))
        let transition = moved.timeZoneChanged(record, from: berlin, now: now)
        #expect(transition.effects.isEmpty)
        #expect(transition.record == record)
    }

    /// Rules not loaded (a zone gone from the system): the machine's zone, never silence.
    @Test func anUnknownZoneFallsBackToTheMachines() throws {
        let bare = Lifecycle(calendar: FireTimeCalendar(timeZone: berlin))
        let record = try #require(try bare.schedule(standUp(), now: instant("2027-03-11T12:00:00Z")).record)
        #expect(record.phase == .scheduled(fireDate: instant("2027-03-12T08:50:00+01:00")))
    }
}
