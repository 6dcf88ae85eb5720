import AlarmCore
import AlarmModel
import FoundationEssentials

/// Why an event gives no alarm. A value, not words: alarmctl and the window word it in the
/// person's language (AlarmSystem's `RefusalText`); the codec stays untranslated. Checked in
/// the order a person would give: what the event is (cancelled, no reminder, ended) before
/// what this program cannot follow.
package enum EventRefusal: Hashable, Sendable {
    /// STATUS:CANCELLED.
    case cancelled
    /// A task (VTODO) that is done: STATUS:COMPLETED, a COMPLETED date or PERCENT-COMPLETE:100.
    case completed
    /// A task with a reminder before its start or due time, and neither (no DTSTART, no DUE).
    case taskWithoutDates
    /// An all-day event with no reminder: nothing has a time to ring at.
    case allDayWithoutReminder
    /// No reminder (VALARM), or only Apple's "no alert" placeholder (ACTION:NONE).
    case noReminder
    /// Its reminders only send e-mail (ACTION:EMAIL).
    case emailOnly
    /// A repeating event that ended on this date: its UNTIL, else its last occurrence (COUNT,
    /// or the last date left).
    case ended(LocalDate)
    /// An event that happens once (or on its own dates) whose last reminder has passed.
    case passed(EventTime)
    /// Its TZID names no zone this system's tz database knows, by name, by Windows name
    /// (CLDR) or by its VTIMEZONE's rules.
    case unknownZone(String)
    /// No UID: a second import or sync could not find it again.
    case noUID
    /// No DTSTART.
    case noStart
    /// A reminder without a TRIGGER.
    case noTrigger
    /// Another event of the same file already has this UID (its line).
    case duplicateUID(line: Int)
    /// A value beyond what an alarm may hold (AlarmBounds' words, English like the model's).
    case outOfBounds(String)
    /// A part of the event's repetition alarms here cannot follow.
    case unsupportedRepeat(RepeatLimit)
    /// A calendar object that is not well-formed iCalendar (the codec's error, English).
    case damaged(String)
    /// alarmd refused the alarm the event gives (its error, English like its replies).
    case notAccepted(String)

    /// The repetitions this program's calendar schedules cannot follow.
    package enum RepeatLimit: Hashable, Sendable {
        /// FREQ more often than daily (hourly, minutely, secondly) or unknown (as written,
        /// lowercased).
        case frequency(String)
        /// A rule part (BYHOUR, BYWEEKNO, BYYEARDAY, an unknown one), as written.
        case rulePart(String)
        /// More than one RRULE (RFC 5545 advises one).
        case severalRules(Int)
        /// EXRULE, which RFC 5545 no longer has.
        case exclusionRule
        /// RECURRENCE-ID;RANGE=THISANDFUTURE: one change for an occurrence and all after it.
        case thisAndFuture
    }
}

extension EventRefusal {
    /// How long after an event's time its refusal is still worth a line: a calendar's past
    /// (years of meetings) would otherwise bury the events that will not ring. Older ones are
    /// counted, not listed.
    package static let recentDays = 30

    /// Whether it is an event that ended (or a one-off whose reminder passed) more than
    /// `recentDays` before `now`: no calendar client would ring it either.
    package func isLongPast(now: Date) -> Bool {
        let today = LocalDate(dayNumber: Int(clampingFinite: (now.timeIntervalSince1970 / 86_400).rounded(.down)))
        switch self {
        case .ended(let day): return day.dayNumber < today.dayNumber - Self.recentDays
        case .passed(let time): return time.date.dayNumber < today.dayNumber - Self.recentDays
        default: return false
        }
    }
}

/// A time as the event states it: a local date, a minute of the day (none for an all-day
/// date) and the zone it is in ("UTC", a tz name, a TZID as written; nil when floating:
/// the machine's time).
package struct EventTime: Hashable, Sendable {
    package var date: LocalDate
    package var minuteOfDay: Int?
    package var zone: String?

    package init(date: LocalDate, minuteOfDay: Int? = nil, zone: String? = nil) {
        self.date = date
        self.minuteOfDay = minuteOfDay
        self.zone = zone
    }

    /// `2025-07-01` or `2025-07-01T09:00`: ISO 8601, as it travels and as clients print it
    /// (with a space for the T).
    package var isoText: String {
        let day = pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
        guard let minute = minuteOfDay else { return day }
        return day + "T" + pad(minute / 60, 2) + ":" + pad(minute % 60, 2)
    }

    package init?(isoText text: String, zone: String?) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count <= 2, let date = Self.date(parts[0]) else { return nil }
        var minute: Int?
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard clock.count == 2, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]), let minutes = Int(clock[1]),
                  (0..<24).contains(hour), (0..<60).contains(minutes) else { return nil }
            minute = hour * 60 + minutes
        }
        self.init(date: date, minuteOfDay: minute, zone: zone)
    }

    static func date(_ text: Substring) -> LocalDate? {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
              (1...12).contains(month), (1...LocalDate.daysInMonth(month, year: year)).contains(day) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}

/// The wire form of a refusal (alarmd's `unrung` reply): a code and its values as text, read
/// back here, so that the enum has one codec. A code this version does not know (a newer
/// alarmd's) reads as nil: the client says "another reason" with the code.
extension EventRefusal {
    package var code: String {
        switch self {
        case .cancelled: "cancelled"
        case .completed: "completed"
        case .taskWithoutDates: "taskWithoutDates"
        case .allDayWithoutReminder: "allDayWithoutReminder"
        case .noReminder: "noReminder"
        case .emailOnly: "emailOnly"
        case .ended: "ended"
        case .passed: "passed"
        case .unknownZone: "unknownZone"
        case .noUID: "noUID"
        case .noStart: "noStart"
        case .noTrigger: "noTrigger"
        case .duplicateUID: "duplicateUID"
        case .outOfBounds: "outOfBounds"
        case .damaged: "damaged"
        case .notAccepted: "notAccepted"
        case .unsupportedRepeat(let limit):
            switch limit {
            case .frequency: "repeatFrequency"
            case .rulePart: "repeatRulePart"
            case .severalRules: "repeatRules"
            case .exclusionRule: "exclusionRule"
            case .thisAndFuture: "thisAndFuture"
            }
        }
    }

    package var arguments: [String] {
        switch self {
        case .ended(let day): [EventTime(date: day).isoText]
        case .passed(let time): [time.isoText] + (time.zone.map { [$0] } ?? [])
        case .unknownZone(let zone): [zone]
        case .duplicateUID(let line): [String(line)]
        case .outOfBounds(let words), .damaged(let words), .notAccepted(let words): [words]
        case .unsupportedRepeat(.severalRules(let count)): [String(count)]
        case .unsupportedRepeat(.frequency(let text)), .unsupportedRepeat(.rulePart(let text)): [text]
        default: []
        }
    }

    package init?(code: String, arguments: [String]) {
        let first = arguments.first
        func day() -> LocalDate? { first.flatMap { EventTime.date(Substring($0)) } }
        func number() -> Int? { first.flatMap { Int($0) } }
        switch code {
        case "cancelled": self = .cancelled
        case "completed": self = .completed
        case "taskWithoutDates": self = .taskWithoutDates
        case "allDayWithoutReminder": self = .allDayWithoutReminder
        case "noReminder": self = .noReminder
        case "emailOnly": self = .emailOnly
        case "ended": guard let day = day() else { return nil }; self = .ended(day)
        case "passed":
            guard let first, let time = EventTime(isoText: first, zone: arguments.count > 1 ? arguments[1] : nil) else { return nil }
            self = .passed(time)
        case "unknownZone": guard let first else { return nil }; self = .unknownZone(first)
        case "noUID": self = .noUID
        case "noStart": self = .noStart
        case "noTrigger": self = .noTrigger
        case "duplicateUID": guard let line = number() else { return nil }; self = .duplicateUID(line: line)
        case "outOfBounds": guard let first else { return nil }; self = .outOfBounds(first)
        case "damaged": guard let first else { return nil }; self = .damaged(first)
        case "notAccepted": guard let first else { return nil }; self = .notAccepted(first)
        case "repeatFrequency": guard let first else { return nil }; self = .unsupportedRepeat(.frequency(first))
        case "repeatRulePart": guard let first else { return nil }; self = .unsupportedRepeat(.rulePart(first))
        case "repeatRules": guard let count = number() else { return nil }; self = .unsupportedRepeat(.severalRules(count))
        case "exclusionRule": self = .unsupportedRepeat(.exclusionRule)
        case "thisAndFuture": self = .unsupportedRepeat(.thisAndFuture)
        default: return nil
        }
    }
}
