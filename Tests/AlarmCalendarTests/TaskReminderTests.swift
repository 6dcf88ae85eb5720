import AlarmCalendar
import AlarmCore
import AlarmModel
import Foundation
import Testing

/// Tasks (VTODO) ring through the same reader as events (issue 40, item 2): a TRIGGER relative
/// to the start (DTSTART; RFC 5545 §3.8.6.3's default) or RELATED=END (the task's DUE), an
/// absolute one, a recurring task; a completed or cancelled task rings no more; a Stop writes
/// only the acknowledgement into it. Before tasks, the reader passed every VTODO over: each
/// test here found no alarm or no refusal.
@Suite(.timeLimit(.minutes(1))) struct TaskReminderTests {
    let now = instant("2026-11-26T12:00:00Z")

    /// A task as Thunderbird or Nextcloud Tasks writes it, with `lines` (dates, status, rule)
    /// and one DISPLAY reminder triggered by `trigger`.
    static func task(_ lines: [String], trigger: String? = "TRIGGER;RELATED=END:-PT15M", uid: String = "task-1@example.org") -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16//EN",
            "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T080000Z", "CREATED:20261101T080000Z", "SUMMARY:Pay the rent",
        ] + lines + (trigger.map { ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", $0, "END:VALARM"] } ?? [])
            + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    func read(_ text: String) throws -> EventResult {
        let results = try ICalendar.parse(text, zones: zones, now: now)
        #expect(results.count == 1, "one task, one result: \(results)")
        return try #require(results.first)
    }

    func firstFire(_ text: String) throws -> Date? {
        let imported = try #require(try read(text).imported, "the task becomes an alarm")
        return fires(imported.record, after: now, count: 1).first
    }

    @Test func aReminderRelatedToTheEndIsBeforeTheDueTime() throws {
        let text = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000", "STATUS:NEEDS-ACTION"])
        #expect(try firstFire(text) == instant("2026-12-01T15:45:00Z"), "15 minutes before DUE (17:00 Berlin), not before DTSTART")
        let imported = try #require(try read(text).imported)
        #expect(imported.uid == "task-1@example.org" && imported.record.presentation.alert.title.text == "Pay the rent")
    }

    @Test func aReminderRelatedToTheStartIsBeforeDTSTART() throws {
        let text = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000"], trigger: "TRIGGER:-PT15M")
        #expect(try firstFire(text) == instant("2026-12-01T07:45:00Z"), "RFC 5545's default: before the start (09:00 Berlin)")
        let explicit = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000"], trigger: "TRIGGER;RELATED=START:-PT15M")
        #expect(try firstFire(explicit) == instant("2026-12-01T07:45:00Z"))
    }

    @Test func aTaskWithOnlyADueTimeRingsBeforeItWhateverTheTriggerIsRelatedTo() throws {
        for trigger in ["TRIGGER:-PT10M", "TRIGGER;RELATED=END:-PT10M", "TRIGGER;RELATED=START:-PT10M"] {
            let text = Self.task(["DUE:20261201T170000Z"], trigger: trigger)
            #expect(try firstFire(text) == instant("2026-12-01T16:50:00Z"), "\(trigger)")
        }
        // DTSTART and DURATION make the end when there is no DUE (RFC 5545 §3.8.6.3).
        let lasting = Self.task(["DTSTART:20261201T090000Z", "DURATION:PT2H"], trigger: "TRIGGER;RELATED=END:-PT10M")
        #expect(try firstFire(lasting) == instant("2026-12-01T10:50:00Z"))
    }

    @Test func anAbsoluteTriggerRingsAtItsInstantWithOrWithoutDates() throws {
        let due = Self.task(["DUE;TZID=Europe/Berlin:20261201T170000"], trigger: "TRIGGER;VALUE=DATE-TIME:20261130T080000Z")
        #expect(try firstFire(due) == instant("2026-11-30T08:00:00Z"))
        let undated = Self.task([], trigger: "TRIGGER;VALUE=DATE-TIME:20261130T080000Z")
        #expect(try firstFire(undated) == instant("2026-11-30T08:00:00Z"), "a task without dates rings at its set instant")
    }

    @Test func aRelativeReminderOfATaskWithoutDatesIsRefusedWithItsReason() throws {
        let refused = try #require(try read(Self.task([], trigger: "TRIGGER:-PT15M")).refused)
        #expect(refused.reason == .taskWithoutDates && refused.uid == "task-1@example.org" && refused.summary == "Pay the rent")
        #expect(refused.reason.code == "taskWithoutDates" && EventRefusal(code: "taskWithoutDates", arguments: []) == .taskWithoutDates)
        // Without a reminder the real reason is that one.
        #expect(try read(Self.task([], trigger: nil)).refused?.reason == .noReminder)
        #expect(try read(Self.task(["DUE:20261201T170000Z"], trigger: nil)).refused?.reason == .noReminder)
    }

    @Test(arguments: [["STATUS:COMPLETED"], ["COMPLETED:20261125T100000Z"], ["PERCENT-COMPLETE:100"],
                      ["STATUS:IN-PROCESS", "PERCENT-COMPLETE:100"], ["STATUS:CANCELLED"]])
    func aCompletedOrCancelledTaskDoesNotRing(_ state: [String]) throws {
        let refused = try #require(try read(Self.task(["DUE:20261201T170000Z"] + state)).refused, "\(state)")
        #expect(refused.reason == (state == ["STATUS:CANCELLED"] ? .cancelled : .completed), "\(state)")
        #expect(EventRefusal(code: refused.reason.code, arguments: refused.reason.arguments) == refused.reason)
        // Under way, it rings.
        #expect(try read(Self.task(["DUE:20261201T170000Z", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:60"])).imported != nil)
    }

    @Test func aRecurringTaskRingsBeforeEachDueTime() throws {
        // Weekly on Tuesdays, due 17:00 Berlin, 15 minutes before; three times.
        let text = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000",
                              "RRULE:FREQ=WEEKLY;COUNT=3"])
        let imported = try #require(try read(text).imported)
        #expect(fires(imported.record, after: now, count: 5) == [
            instant("2026-12-01T15:45:00Z"), instant("2026-12-08T15:45:00Z"), instant("2026-12-15T15:45:00Z"),
        ])
        // Only a DUE (as tasks.org writes a daily task), the reminder related to the start.
        let daily = Self.task(["DUE;TZID=Europe/Berlin:20261127T080000", "RRULE:FREQ=DAILY"], trigger: "TRIGGER:-PT5M")
        let record = try #require(try read(daily).imported).record
        #expect(fires(record, after: now, count: 2) == [instant("2026-11-27T06:55:00Z"), instant("2026-11-28T06:55:00Z")])
    }

    @Test func anOccurrenceCompletedOnItsOwnIsPassedOver() throws {
        let master = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000", "RRULE:FREQ=WEEKLY;COUNT=3"])
        let done = ["BEGIN:VTODO", "UID:task-1@example.org", "DTSTAMP:20261101T080000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20261208T090000",
                    "DTSTART;TZID=Europe/Berlin:20261208T090000", "DUE;TZID=Europe/Berlin:20261208T170000", "SUMMARY:Pay the rent",
                    "STATUS:COMPLETED", "COMPLETED:20261207T100000Z", "END:VTODO"].joined(separator: "\r\n")
        let text = master.replacingOccurrences(of: "END:VTODO\r\nEND:VCALENDAR", with: "END:VTODO\r\n" + done + "\r\nEND:VCALENDAR")
        let imported = try #require(try read(text).imported)
        #expect(fires(imported.record, after: now, count: 5) == [instant("2026-12-01T15:45:00Z"), instant("2026-12-15T15:45:00Z")])
    }

    @Test func tasksAndEventsOfOneFileAreReadSideBySide() throws {
        let task = Self.task(["DUE:20261201T170000Z"])
        let event = ["BEGIN:VEVENT", "UID:event-1@example.org", "DTSTAMP:20261101T080000Z", "DTSTART:20261202T090000Z", "SUMMARY:Meeting",
                     "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT"].joined(separator: "\r\n")
        let text = task.replacingOccurrences(of: "END:VTODO\r\nEND:VCALENDAR", with: "END:VTODO\r\n" + event + "\r\nEND:VCALENDAR")
        let results = try ICalendar.parse(text, zones: zones, now: now)
        #expect(results.compactMap(\.imported).map(\.uid) == ["task-1@example.org", "event-1@example.org"])
    }

    /// A Stop writes RFC 9074's ACKNOWLEDGED into the task's reminder and stamps it; its
    /// STATUS, PERCENT-COMPLETE, DUE and every other line stay byte for byte: the task is not
    /// completed here.
    @Test func aStopAcknowledgesTheTasksReminderAndLeavesTheTaskAsItWas() throws {
        let text = Self.task(["DUE;TZID=Europe/Berlin:20261201T170000", "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:0", "PRIORITY:1",
                              "X-APPLE-SORT-ORDER:42", "RELATED-TO;RELTYPE=PARENT:list-7@example.org"])
        let event = try #require(try read(text).imported)
        let marks = SyncMarks(sequence: 0, lastModified: now, acknowledged: now)
        let patched = try ForeignEvent.patch(text, uid: event.uid, record: event.record, marks: marks, zones: zones, now: now)
        let old = text.components(separatedBy: "\r\n"), new = patched.text.components(separatedBy: "\r\n")
        var removed: [String] = [], added: [String] = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        #expect(removed == ["DTSTAMP:20261101T080000Z"], "\(removed)")
        #expect(added.sorted() == ["ACKNOWLEDGED:20261126T120000Z", "DTSTAMP:20261126T120000Z", "LAST-MODIFIED:20261126T120000Z"], "\(added)")
        #expect(new.firstIndex(of: "ACKNOWLEDGED:20261126T120000Z") == new.firstIndex(of: "TRIGGER;RELATED=END:-PT15M")! + 1)
        #expect(patched.refused.isEmpty && patched.changed)
        let again = try #require(try read(patched.text).imported)
        #expect(again.acknowledged == now && again.record.schedule == event.record.schedule)
        #expect(!ForeignEvent.isOurs(text))
    }

    /// An edit of its time here moves the task's DUE (with its DTSTART), as its program sees it.
    @Test func aNewTimeMovesTheDueTime() throws {
        let text = Self.task(["DTSTART:20261201T090000Z", "DUE:20261201T170000Z"])
        let event = try #require(try read(text).imported)
        var record = event.record
        guard case .fixed(let instant)? = record.schedule else { Issue.record("\(String(describing: record.schedule))"); return }
        record.schedule = .fixed(instant.addingTimeInterval(3600))
        let patched = try ForeignEvent.patch(text, uid: event.uid, record: record, marks: nil, zones: zones, now: now)
        #expect(patched.refused.isEmpty, "\(patched.refused)")
        #expect(patched.text.contains("DTSTART:20261201T100000Z\r\n") && patched.text.contains("DUE:20261201T180000Z\r\n"), "\(patched.text)")
        #expect(try firstFire(patched.text) == instant.addingTimeInterval(3600))
    }
}

extension TaskReminderTests {
    /// The popup's figures (`EventReminder`): a task's reminder measures to its DUE, and says
    /// it is a task ("Due at", AlarmPresenter).
    @Test func aTasksReminderCarriesWhenItIsDue() throws {
        let text = Self.task(["DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261201T170000", "LOCATION:Bank"])
        let task = try #require(try read(text).imported)
        let reminder = try #require(EventReminder(metadata: task.record.metadata))
        #expect(reminder.eventIsTask == true && reminder.eventStartsAfter == 900 && reminder.eventLocation == "Bank")
        let event = text.replacingOccurrences(of: "VTODO", with: "VEVENT").replacingOccurrences(of: "DUE;", with: "DTEND;")
        let imported = try #require(try read(event).imported)
        let meeting = try #require(EventReminder(metadata: imported.record.metadata))
        #expect(meeting.eventIsTask == nil && meeting.eventStartsAfter == -27_900, "an event's: to its start, 7 h 45 min before the reminder")
    }
}
