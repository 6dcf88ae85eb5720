import AlarmCalendar
import AlarmCore
import AlarmModel
import AlarmSystem
import Foundation
import Testing

/// export → parse gives every alarm back, field for field (the phase is the daemon's).
@Suite(.timeLimit(.minutes(2))) struct RoundTripTests {
    let now = instant("2026-11-26T12:00:00Z")

    static func samples() -> [AlarmRecord] {
        let fire = instant("2026-11-27T05:30:00Z")
        let weekly = AlarmRecord(
            id: UUID(), appID: "alarmctl",
            schedule: .relative(.init(time: .init(hour: 6, minute: 30), repeats: .weekly([.monday, .tuesday, .friday]))),
            countdownDuration: .init(preAlert: nil, postAlert: 300),
            presentation: AlarmPresentation(
                alert: .init(title: "Work days / \"early\", ⏰; really", stopButton: AlarmButton(text: "I'm up", textColor: .white, systemImageName: "stop.circle"),
                             secondaryButton: AlarmButton(text: "5 more", textColor: .orange, systemImageName: "zzz"), secondaryButtonBehavior: .countdown),
                countdown: .init(title: "Snoozed")),
            tintColor: Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.5),
            sound: SoundSettings(sound: .named("Chime"), volume: 0.8, rampSeconds: 30), phase: .scheduled(fireDate: fire),
            skippedFire: fire)
        var app = weekly
        app.id = UUID()
        app.appID = "org.example.cooking"
        app.schedule = .fixed(Date(timeIntervalSince1970: 1_924_940_700.25))
        app.countdownDuration = .init(preAlert: 600, postAlert: nil)
        app.metadata = #"{"method":"frying.pan","note":"a\nb, c; d \\ e"}"#
        app.sound = SoundSettings(sound: .default, bundleDirectory: "/opt/cooking/Sounds")
        app.presentation.countdown = .init(title: "Cooking", pauseButton: AlarmButton(text: "Pause", textColor: .green, systemImageName: "pause"))
        app.presentation.paused = .init(title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .green, systemImageName: "play"))
        app.disabledAt = Date(timeIntervalSince1970: 1_800_000_000.5)
        app.skippedFire = nil
        var once = weekly
        once.id = UUID()
        once.schedule = .relative(.init(time: .init(hour: 23, minute: 59)))
        once.countdownDuration = nil
        once.presentation = AlarmPresentation(alert: .init(title: "Once"))
        once.skippedFire = nil
        var zoned = weekly
        zoned.id = UUID()
        zoned.timeZone = "America/New_York"
        zoned.calendarUID = "standup@example.com"
        zoned.skippedFire = nil
        var bare = once
        bare.id = UUID()
        bare.countdownDuration = .init(preAlert: nil, postAlert: nil)
        return [weekly, app, once, zoned, bare]
    }

    @Test func everyFieldComesBack() throws {
        let records = Self.samples()
        let text = ICalendar.export(records, zones: zones, now: now)
        let back = try ICalendar.parse(text, zones: zones, now: now)
        #expect(back.count == records.count)
        for (record, result) in zip(records, back) {
            let imported = try #require(result.imported, "\(String(describing: result.refused))")
            var expected = configuration(record)
            if record.calendarUID == nil { #expect(imported.record.id == record.id) } else { expected.id = imported.record.id }
            #expect(configuration(imported.record) == expected)
        }
        // A second export of what came back is the same text (but for DTSTAMP, the same now).
        let again = ICalendar.export(back.compactMap { $0.imported?.record }.enumerated().map { index, record in
            var copy = record
            copy.phase = records[index].phase
            if records[index].calendarUID != nil { copy.id = records[index].id }
            return copy
        }, zones: zones, now: now)
        #expect(again == text)
    }

    @Test func timersAreLeftOutAndTheFileIsRFC5545Shaped() throws {
        var timer = Self.samples()[0]
        timer.schedule = nil
        timer.countdownDuration = .init(preAlert: 60, postAlert: nil)
        let text = ICalendar.export(Self.samples() + [timer], zones: zones, now: now)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == Self.samples().count)
        for line in text.components(separatedBy: "\r\n").dropLast() {
            #expect(line.utf8.count <= 75, "folded at 75 octets: \(line)")
            #expect(!line.contains("\n"))
        }
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nX-LIC-LOCATION:America/New_York\r\n"))
        #expect(ICalendar.event(for: timer, zones: zones, now: now) == nil)
    }

    /// 02:30 on the Sunday Berlin springs forward does not exist: it rings at 03:30 (our
    /// policy, written as X-OPENALARMKIT-GAP:FORWARD), and 02:30 the week after, before and
    /// after a round trip. (libical's iterator would say 03:30 for the next week too.)
    @Test func aDSTGapAlarmKeepsOurPolicy() throws {
        let now = instant("2027-03-27T12:00:00Z")
        var record = Self.samples()[2]
        record.schedule = .relative(.init(time: .init(hour: 2, minute: 30), repeats: .weekly([.sunday])))
        record.timeZone = "Europe/Berlin"
        let text = ICalendar.export([record], zones: zones, now: now)
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20270327T023000") || text.contains("TZID=Europe/Berlin:"))
        #expect(text.contains("X-OPENALARMKIT-GAP:FORWARD"))
        let back = try #require(try ICalendar.parse(text, zones: zones, now: now).first?.imported?.record)
        let expected = [instant("2027-03-28T03:30:00+02:00"), instant("2027-04-04T02:30:00+02:00"), instant("2027-04-11T02:30:00+02:00")]
        #expect(fires(record, after: now, count: 3) == expected)
        #expect(fires(back, after: now, count: 3) == expected)
    }
}
