import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Another program's event changed in place (`ForeignEvent.patch`): every line the change does
/// not concern stays byte for byte, and what is written is read back.
@Suite(.timeLimit(.minutes(2))) struct ForeignEventTests {
    let now = instant("2026-11-26T12:00:00Z")

    /// A stand-up as Thunderbird writes it, with what a calendar holds beyond the reminder.
    static let standUp = [
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
        "BEGIN:VEVENT", "CREATED:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z", "DTSTAMP:20261101T080000Z",
        "UID:standup-42@example.org", "SUMMARY:Stand-up", "ORGANIZER;CN=Boss:mailto:boss@example.org",
        "ATTENDEE;CN=Me;PARTSTAT=ACCEPTED;ROLE=REQ-PARTICIPANT:mailto:me@example.org",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "DTSTART;TZID=Europe/Berlin:20261102T091500",
        "DTEND;TZID=Europe/Berlin:20261102T093000", "DESCRIPTION:Who does what today\\, and what is in the way: a long text that",
        "  is folded by its writer.", "LOCATION:Room 4", "CATEGORIES:Work,Team", "X-MOZ-GENERATION:3", "X-SOMETHING-ELSE;P=1:keep",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT10M", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
        "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-P1D", "SUMMARY:Mail", "DESCRIPTION:Mail", "ATTENDEE:mailto:me@example.org", "END:VALARM",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static let uid = "standup-42@example.org"

    func base(_ text: String = standUp) throws -> ImportedEvent {
        try #require(try ICalendar.parse(text, zones: zones, now: now).compactMap(\.imported).first)
    }

    /// The lines removed and added, in order.
    func changes(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
        let old = before.components(separatedBy: "\r\n"), new = after.components(separatedBy: "\r\n")
        var removed: [String] = [], added: [String] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }

    @Test func aStopAddsAcknowledgedToTheReminderThatRangAndNothingElse() throws {
        let event = try base()
        let marks = SyncMarks(sequence: 0, lastModified: now, acknowledged: now)
        let patched = try ForeignEvent.patch(Self.standUp, uid: Self.uid, record: event.record, marks: marks, zones: zones, now: now)
        let (removed, added) = changes(Self.standUp, patched.text)
        #expect(removed.sorted() == ["DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z"])
        #expect(added.sorted() == ["ACKNOWLEDGED:20261126T120000Z", "DTSTAMP:20261126T120000Z", "LAST-MODIFIED:20261126T120000Z"])
        #expect(patched.refused.isEmpty && patched.changed)
        let lines = patched.text.components(separatedBy: "\r\n")
        #expect(lines.firstIndex(of: "ACKNOWLEDGED:20261126T120000Z") == lines.firstIndex(of: "TRIGGER;VALUE=DURATION:-PT10M")! + 1,
                "in the DISPLAY reminder, not the e-mail one")
        let read = try base(patched.text)
        #expect(read.acknowledged == now)
        #expect(read.record.schedule == event.record.schedule)
    }

    /// An event with two reminders (a day and ten minutes before) and an e-mail: a Stop
    /// answers both reminders that ring, never the e-mail; read back, the latest mark counts,
    /// also when another client marked only the reminder it showed.
    @Test func aStopAcknowledgesEveryReminderThatRings() throws {
        let twoReminders = Self.standUp.replacingOccurrences(
            of: "BEGIN:VALARM\r\nACTION:EMAIL",
            with: "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-P1D\r\nEND:VALARM\r\nBEGIN:VALARM\r\nACTION:EMAIL")
        let event = try base(twoReminders)
        let patched = try ForeignEvent.patch(twoReminders, uid: Self.uid, record: event.record,
                                             marks: SyncMarks(sequence: 0, lastModified: now, acknowledged: now), zones: zones, now: now)
        let (removed, added) = changes(twoReminders, patched.text)
        #expect(removed.sorted() == ["DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z"])
        #expect(added.sorted() == ["ACKNOWLEDGED:20261126T120000Z", "ACKNOWLEDGED:20261126T120000Z", "DTSTAMP:20261126T120000Z", "LAST-MODIFIED:20261126T120000Z"])
        let lines = patched.text.components(separatedBy: "\r\n")
        #expect(lines[lines.firstIndex(of: "TRIGGER;VALUE=DURATION:-PT10M")! + 1] == "ACKNOWLEDGED:20261126T120000Z")
        #expect(lines[lines.firstIndex(of: "TRIGGER:-P1D")! + 1] == "ACKNOWLEDGED:20261126T120000Z")
        #expect(lines[lines.firstIndex(of: "ACTION:EMAIL")! + 1] == "TRIGGER:-P1D", "the e-mail is left as it was")
        #expect(try base(patched.text).acknowledged == now)
        // Another client marks only the second reminder, later: that is when it was answered.
        let later = "20261126T121500Z"
        let marked = patched.text.replacingOccurrences(of: "TRIGGER:-P1D\r\nACKNOWLEDGED:20261126T120000Z", with: "TRIGGER:-P1D\r\nACKNOWLEDGED:\(later)")
        #expect(marked != patched.text)
        #expect(try base(marked).acknowledged == instant("2026-11-26T12:15:00Z"))
    }

    @Test func aSnoozeAddsARelatedReminderAndAUIDForTheRelationOnly() throws {
        let event = try base()
        let until = now.addingTimeInterval(540)
        let marks = SyncMarks(sequence: 0, lastModified: now, acknowledged: now, snoozedUntil: until)
        let patched = try ForeignEvent.patch(Self.standUp, uid: Self.uid, record: event.record, marks: marks, zones: zones, now: now)
        let (removed, added) = changes(Self.standUp, patched.text)
        #expect(removed.sorted() == ["DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z"])
        let alarmUID = try #require(added.first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) })
        #expect(added.contains("RELATED-TO;RELTYPE=SNOOZE:\(alarmUID)"))
        #expect(added.contains("TRIGGER;VALUE=DATE-TIME:20261126T120900Z"))
        #expect(added.filter { $0 == "BEGIN:VALARM" }.count == 1 && added.filter { $0.hasPrefix("UID:") }.count == 2)
        let read = try base(patched.text)
        #expect(read.acknowledged == now && read.snoozedUntil == until && read.alarmUID == alarmUID)
        // The snooze is over (a Stop): its reminder goes, the UID the relation needed stays.
        let later = now.addingTimeInterval(600)
        let ended = try ForeignEvent.patch(patched.text, uid: Self.uid, record: read.record,
                                           marks: SyncMarks(sequence: 0, lastModified: later, acknowledged: later), zones: zones, now: later)
        #expect(try base(ended.text).snoozedUntil == nil)
        #expect(!ended.text.contains("RELTYPE=SNOOZE") && ended.text.contains("UID:\(alarmUID)"))
    }

    @Test func aSkipIsOurOwnPropertyNotAnExdate() throws {
        var record = try base().record
        record.skippedFire = instant("2026-11-27T08:05:00Z")
        let patched = try ForeignEvent.patch(Self.standUp, uid: Self.uid, record: record, marks: nil, zones: zones, now: now)
        let (removed, added) = changes(Self.standUp, patched.text)
        #expect(removed.sorted() == ["DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z"])
        #expect(added.sorted() == ["DTSTAMP:20261126T120000Z", "LAST-MODIFIED:20261126T120000Z", "X-OPENALARMKIT-SKIPPED:1795766700.0"])
        #expect(!patched.text.contains("EXDATE"))
        #expect(try base(patched.text).record.skippedFire == record.skippedFire)
    }

    @Test func aNewTimeMovesStartAndEndTogether() throws {
        var record = try base().record
        record.schedule = .relative(.init(time: .init(hour: 9, minute: 20), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday])))
        let marks = SyncMarks(sequence: 1, lastModified: now)
        let patched = try ForeignEvent.patch(Self.standUp, uid: Self.uid, record: record, marks: marks, zones: zones, now: now)
        let (removed, added) = changes(Self.standUp, patched.text)
        #expect(removed.sorted() == ["DTEND;TZID=Europe/Berlin:20261102T093000", "DTSTAMP:20261101T080000Z",
                                     "DTSTART;TZID=Europe/Berlin:20261102T091500", "LAST-MODIFIED:20261101T080000Z"])
        #expect(added.sorted() == ["DTEND;TZID=Europe/Berlin:20261102T094500", "DTSTAMP:20261126T120000Z",
                                   "DTSTART;TZID=Europe/Berlin:20261102T093000", "LAST-MODIFIED:20261126T120000Z", "SEQUENCE:1"])
        let read = try base(patched.text)
        #expect(read.record.schedule == record.schedule && read.sequence == 1)
    }

    @Test func whatTheEventCannotSayIsRefusedWithAReason() throws {
        let event = try base()
        var days = event.record
        days.schedule = .relative(.init(time: .init(hour: 9, minute: 5), repeats: .weekly([.monday])))
        #expect(ForeignEvent.refusal(of: days, in: Self.standUp, uid: Self.uid, zones: zones, now: now)?.contains("days") == true)
        var once = event.record
        once.schedule = .fixed(now.addingTimeInterval(3600))
        #expect(ForeignEvent.refusal(of: once, in: Self.standUp, uid: Self.uid, zones: zones, now: now)?.contains("kind of schedule") == true)
        var late = event.record
        late.schedule = .relative(.init(time: .init(hour: 23, minute: 55), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday])))
        #expect(ForeignEvent.refusal(of: late, in: Self.standUp, uid: Self.uid, zones: zones, now: now)?.contains("other days") == true)
        var sound = event.record
        sound.sound.sound = .named("Chime")
        #expect(ForeignEvent.refusal(of: sound, in: Self.standUp, uid: Self.uid, zones: zones, now: now)?.contains("sound") == true)
        var title = event.record
        title.presentation.alert.title = "Daily"
        #expect(ForeignEvent.refusal(of: title, in: Self.standUp, uid: Self.uid, zones: zones, now: now) == nil)
        let retitled = try ForeignEvent.patch(Self.standUp, uid: Self.uid, record: title, marks: nil, zones: zones, now: now)
        #expect(changes(Self.standUp, retitled.text).added.contains("SUMMARY:Daily"))
    }

    /// Line ends and folds of the server's text are kept, and new lines take its line end.
    @Test func bareLineFeedsAndFoldsAreKept() throws {
        let text = Self.standUp.replacingOccurrences(of: "\r\n", with: "\n")
        let patched = try ForeignEvent.patch(text, uid: Self.uid, record: try base(text).record,
                                             marks: SyncMarks(sequence: 0, lastModified: now, acknowledged: now), zones: zones, now: now)
        #expect(!patched.text.contains("\r"))
        #expect(patched.text.contains("\nDESCRIPTION:Who does what today\\, and what is in the way: a long text that\n  is folded by its writer.\n"))
        #expect(patched.text.contains("\nACKNOWLEDGED:20261126T120000Z\n"))
    }

    /// Each real program's file: a Stop of each event that is an alarm adds only its marks.
    @Test(arguments: ["thunderbird.ics", "gnome-calendar.ics", "nextcloud.ics", "outlook.ics", "kalarm.ics"])
    func aStopChangesOnlyTheMarksInEachProgramsFile(name: String) throws {
        let text = try fixture(name)
        for event in try ICalendar.parse(text, zones: zones, now: now).compactMap(\.imported) {
            let patched = try ForeignEvent.patch(text, uid: event.uid, record: event.record,
                                                 marks: SyncMarks(sequence: event.sequence ?? 0, lastModified: now, acknowledged: now, snoozedUntil: event.snoozedUntil),
                                                 zones: zones, now: now)
            let (removed, added) = changes(text, patched.text)
            #expect(removed.allSatisfy { $0.hasPrefix("DTSTAMP:") || $0.hasPrefix("LAST-MODIFIED:") || $0.hasPrefix("ACKNOWLEDGED:") }, "\(name): \(removed)")
            #expect(added.allSatisfy { $0.hasPrefix("DTSTAMP:") || $0.hasPrefix("LAST-MODIFIED:") || $0 == "ACKNOWLEDGED:20261126T120000Z" }, "\(name): \(added)")
            #expect(try ICalendar.parse(patched.text, zones: zones, now: now).compactMap(\.imported).first { $0.uid == event.uid }?.acknowledged == now)
        }
    }

    @Test func ourOwnEventsAreToldApart() throws {
        let record = RoundTripTests.samples()[0]
        #expect(ForeignEvent.isOurs(try #require(ICalendar.event(for: record, zones: zones, now: now))))
        #expect(!ForeignEvent.isOurs(Self.standUp))
        #expect(!ForeignEvent.isOurs(try fixture("nextcloud.ics")))
    }
}
