import AlarmCalendar
import LinuxSupport

/// Why a calendar event gives no alarm, in the person's words and language: one wording for
/// `alarmctl import`, `alarmctl unrung` and the window. The reason first, as a person would
/// say it ("all-day event without a reminder", "ended on 2025-07-01"); the iCalendar name of
/// what is meant only where it helps to find it in the calendar.
package enum RefusalText {
    package static func reason(_ refusal: EventRefusal) -> String {
        switch refusal {
        case .cancelled: tr("cancelled")
        case .completed: tr("a completed task")
        case .taskWithoutDates: tr("a task with neither a start (DTSTART) nor a due time (DUE): its reminder has no time to be before")
        case .allDayWithoutReminder: tr("all-day event without a reminder")
        case .noReminder: tr("no reminder")
        case .emailOnly: tr("its reminders only send e-mail")
        case .ended(let day): tr("ended on %s", EventTime(date: day).isoText)
        case .passed(let time): tr("its reminder was at %s, which has passed", self.time(time))
        case .unknownZone(let zone): tr("time zone '%s' unknown", zone)
        case .noUID: tr("no UID, so a second import or sync could not find it again")
        case .noStart: tr("no start time (DTSTART)")
        case .noTrigger: tr("its reminder has no time (TRIGGER)")
        case .duplicateUID(let line): tr("the same UID as the event on line %s", String(line))
        case .outOfBounds(let words): tr("a value an alarm cannot hold: %s", words)
        case .unsupportedRepeat(let limit): repeatLimit(limit)
        case .damaged(let error): tr("not readable as iCalendar: %s", error)
        case .notAccepted(let error): tr("alarmd refused its alarm: %s", error)
        }
    }

    private static func repeatLimit(_ limit: EventRefusal.RepeatLimit) -> String {
        switch limit {
        case .frequency(let other) where ["hourly", "minutely", "secondly"].contains(other):
            tr("repeats more than once a day (FREQ=%s); alarms here repeat at most daily", other.uppercased())
        case .frequency(let other): tr("repeats by a rule alarms here cannot follow (FREQ=%s)", other.uppercased())
        case .rulePart(let part): tr("its repeat rule uses %s, which alarms here cannot follow", part)
        case .severalRules(let count): tr("has %s repeat rules (RRULE); calendars write one", String(count))
        case .exclusionRule: tr("leaves out dates by a rule (EXRULE), which RFC 5545 no longer has")
        case .thisAndFuture: tr("changes an occurrence and all after it at once (RANGE=THISANDFUTURE), which alarms here cannot follow yet")
        }
    }

    /// A reason read from alarmd's `unrung` reply; a newer alarmd's code this one does not
    /// know is named as it came.
    package static func reason(code: String, arguments: [String]) -> String {
        EventRefusal(code: code, arguments: arguments).map(reason) ?? tr("another reason (%s)", code)
    }

    /// The events long past (`EventRefusal.isLongPast`), counted rather than listed.
    package static func olderNotListed(_ count: Int) -> String {
        trn("%1$s event that ended more than %2$s days ago is not listed", "%1$s events that ended more than %2$s days ago are not listed",
            count, String(count), String(EventRefusal.recentDays))
    }

    /// A calendar alarmd reads: a `[[calendars]]` name, or nil for `[sync]`'s.
    package static func calendar(_ name: String?) -> String {
        name.map { tr("calendar '%s'", $0) } ?? tr("the [sync] calendar")
    }

    /// An `unrung` reply's start (`2025-07-01T09:00`, its zone) in words; nil if it reads as no time.
    package static func time(isoText: String, zone: String?) -> String? {
        EventTime(isoText: isoText, zone: zone).map(time)
    }

    /// `2025-07-01 09:00 Europe/Berlin`, `2025-07-01 07:00 UTC`, `2025-07-01` (all day), or
    /// without a zone when the time is floating (the machine's).
    package static func time(_ time: EventTime) -> String {
        let text = String(time.isoText.map { $0 == "T" ? " " : $0 })
        guard let zone = time.zone, time.minuteOfDay != nil else { return text }
        return tr("%1$s %2$s", text, zone)
    }
}
