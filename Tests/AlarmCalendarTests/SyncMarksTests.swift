import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// RFC 9074 acknowledgements and the version lines the sync writes: what is written is what
/// the reader (ours, and libical's grammar) gets back.
@Suite(.timeLimit(.minutes(2))) struct SyncMarksTests {
    let now = instant("2026-11-26T12:00:00Z")

    @Test func anAcknowledgedSnoozedAlarmIsReadBackWithItsMarks() throws {
        let record = RoundTripTests.samples()[0]
        let marks = SyncMarks(sequence: 3, lastModified: instant("2026-11-26T06:31:00Z"),
                              acknowledged: instant("2026-11-26T06:31:00Z"), snoozedUntil: instant("2026-11-26T06:36:00Z"))
        let text = try #require(ICalendar.event(for: record, zones: zones, now: now, marks: marks))
        #expect(text.contains("\r\nSEQUENCE:3\r\n") && text.contains("\r\nLAST-MODIFIED:20261126T063100Z\r\n"))
        #expect(text.contains("\r\nACKNOWLEDGED:20261126T063100Z\r\n"))
        #expect(text.contains("\r\nRELATED-TO;RELTYPE=SNOOZE:\(record.id.uuidString)-ring\r\n"))
        #expect(text.contains("\r\nTRIGGER;VALUE=DATE-TIME:20261126T063600Z\r\n"))
        guard case .alarm(let event)? = try ICalendar.parse(text, zones: zones, now: now).first else {
            Issue.record("not read back as an alarm: \(text)")
            return
        }
        #expect(event.sequence == 3)
        #expect(event.lastModified == marks.lastModified)
        #expect(event.acknowledged == marks.acknowledged)
        #expect(event.snoozedUntil == marks.snoozedUntil)
        #expect(event.alarmUID == record.id.uuidString + "-ring")
        #expect(event.record.schedule == record.schedule, "the snooze VALARM is not taken for the alarm's own")
    }

    /// A calendar schedule with two reminders, written by our codec after a Stop: both carry
    /// the acknowledgement, as another program's event does (ForeignEvent).
    @Test func aStopMarksEveryReminderOfACalendarSchedule() throws {
        let source = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VEVENT", "UID:two@example.org", "SUMMARY:Class",
            "DTSTART;TZID=Europe/Berlin:20261201T090000", "RRULE:FREQ=WEEKLY;COUNT=10",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P1D", "END:VALARM",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        guard case .alarm(let imported)? = try ICalendar.parse(source, zones: zones, now: now).first else {
            Issue.record("not read as an alarm")
            return
        }
        let marks = SyncMarks(sequence: 1, lastModified: now, acknowledged: now)
        let text = try #require(ICalendar.event(for: imported.record, zones: zones, now: now, marks: marks))
        #expect(text.components(separatedBy: "\r\nACKNOWLEDGED:20261126T120000Z\r\n").count - 1 == 2, "\(text)")
        guard case .alarm(let event)? = try ICalendar.parse(text, zones: zones, now: now).first else {
            Issue.record("not read back as an alarm: \(text)")
            return
        }
        #expect(event.acknowledged == now)
        #expect(event.record.schedule == imported.record.schedule)
    }

    @Test func withoutMarksNothingIsAdded() throws {
        let record = RoundTripTests.samples()[0]
        let text = try #require(ICalendar.event(for: record, zones: zones, now: now))
        #expect(!text.contains("SEQUENCE") && !text.contains("ACKNOWLEDGED") && !text.contains("RELATED-TO"))
    }

    /// The bytes a Stop-then-Snooze upload carries are a promise to other machines (and other
    /// programs): Tests/Fixtures/icalendar/openalarmkit-acknowledged.ics, never changed.
    @Test func theAcknowledgedUploadMatchesItsFixture() throws {
        var record = RoundTripTests.samples()[0]
        record.id = UUID(uuidString: "7E3F1C2A-9B4D-4E6F-8A1B-2C3D4E5F6A7B")!
        let marks = SyncMarks(sequence: 2, lastModified: instant("2026-11-26T05:31:07Z"),
                              acknowledged: instant("2026-11-26T05:31:07Z"), snoozedUntil: instant("2026-11-26T05:36:07Z"))
        let text = try #require(ICalendar.event(for: record, zones: zones, now: now, marks: marks))
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/icalendar/openalarmkit-acknowledged.ics")
        if !FileManager.default.fileExists(atPath: url.path), ProcessInfo.processInfo.environment["OPENALARMKIT_WRITE_MISSING_FIXTURES"] == "1" {
            try Data(text.utf8).write(to: url)
            Issue.record("wrote the missing fixture \(url.path): review and commit it")
            return
        }
        // Bytes, not Strings (String compares by canonical equivalence).
        let pinned = try #require(FileManager.default.contents(atPath: url.path))
        #expect(Array(text.utf8) == Array(pinned), "the upload differs from \(url.lastPathComponent):\n\(text)")
    }
}
