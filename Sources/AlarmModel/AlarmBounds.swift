import FoundationEssentials

/// The documented range of every value an alarm may carry. Every edge (the protocol, the
/// library, the command line, the store) checks a record against these before any arithmetic
/// touches it: a duration of 1e300 seconds or a NaN date must be an error naming the field,
/// never a trap when it is turned into an integer somewhere deep in the daemon.
///
/// Rule for the whole code base: never `Int(x)` on a Double that has not been through these
/// bounds (or through `Int(clampingFinite:)`, which cannot trap).
package enum AlarmBounds {
    /// Countdowns, snoozes (preAlert, postAlert) and timers: more than 0, at most one year.
    package static let maxDuration: TimeInterval = 365 * 86400
    /// Instants (fixed dates, fire dates): from 1970-01-01 to 2100-01-01 UTC.
    package static let earliestDate = Date(timeIntervalSince1970: 0)
    package static let latestDate = Date(timeIntervalSince1970: 4_102_444_800)
    package static let maxAppIDBytes = 255
    package static let maxTitleBytes = 1024
    package static let maxButtonTextBytes = 256
    package static let maxImageNameBytes = 256
    package static let maxSoundNameBytes = 255
    package static let maxPathBytes = 4096
    package static let maxMetadataBytes = 4096
    package static let maxRampSeconds: Double = 3600
    /// An IANA zone name (the longest in tzdata is 32 bytes) and an iCalendar UID (RFC 7986
    /// suggests a UUID; servers write up to ~250 bytes).
    package static let maxTimeZoneBytes = 64
    package static let maxCalendarUIDBytes = 1024

    /// Which value is out of range, and the range.
    package struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
        package var field: String
        package var limit: String

        package init(field: String, limit: String) {
            self.field = field
            self.limit = limit
        }

        package var description: String { "\(field) is out of bounds: \(limit)" }
    }

    /// Checks what a client may send: the configuration (schedule, durations, texts, sound).
    /// The phase is not checked, since the daemon replaces it.
    package static func checkRequest(_ record: AlarmRecord) throws(Violation) {
        try checkText(record.appID, "appID", max: maxAppIDBytes, allowEmpty: false)
        if record.appID.contains("/") { throw Violation(field: "appID", limit: "must not contain '/'") }
        if let metadata = record.metadata, metadata.utf8.count > maxMetadataBytes {
            throw Violation(field: "metadata", limit: "at most \(maxMetadataBytes) bytes (it has \(metadata.utf8.count))")
        }
        switch record.schedule {
        case .fixed(let date):
            try checkDate(date, "schedule.fixed")
        case .relative(let relative):
            guard (0...23).contains(relative.time.hour) else { throw Violation(field: "schedule.time.hour", limit: "0 to 23") }
            guard (0...59).contains(relative.time.minute) else { throw Violation(field: "schedule.time.minute", limit: "0 to 59") }
            if case .weekly(let days) = relative.repeats, days.count > 7 {
                throw Violation(field: "schedule.repeats.weekly", limit: "at most 7 days (it has \(days.count))")
            }
        case nil:
            break
        }
        if let calendar = record.calendar {
            try checkCalendar(calendar)
            // Floating (all-day) dates follow the machine's zone; a zone would fix them.
            if calendar.isAllDay, record.timeZone != nil {
                throw Violation(field: "timeZone", limit: "none for an all-day schedule, whose dates follow the machine's zone")
            }
        }
        if let preAlert = record.countdownDuration?.preAlert { try checkDuration(preAlert, "countdownDuration.preAlert") }
        if let postAlert = record.countdownDuration?.postAlert { try checkDuration(postAlert, "countdownDuration.postAlert") }
        try checkPresentation(record.presentation)
        try checkColor(record.tintColor, "tintColor")
        if let volume = record.sound.volume, !(volume.isFinite && (0...1).contains(volume)) {
            throw Violation(field: "sound.volume", limit: "0 to 1 (0 to 100 %)")
        }
        if let ramp = record.sound.rampSeconds, !(ramp.isFinite && (0...maxRampSeconds).contains(ramp)) {
            throw Violation(field: "sound.rampSeconds", limit: "0 to \(Int(maxRampSeconds)) seconds")
        }
        if case .named(let name) = record.sound.sound { try checkText(name, "sound.named", max: maxSoundNameBytes, allowEmpty: false) }
        if let folder = record.sound.bundleDirectory { try checkText(folder, "sound.bundleDirectory", max: maxPathBytes, allowEmpty: true) }
        if let zone = record.timeZone {
            try checkText(zone, "timeZone", max: maxTimeZoneBytes, allowEmpty: false)
            // A name, never a path: the daemon looks it up under the zoneinfo folder.
            if zone.hasPrefix("/") || zone.split(separator: "/").contains("..") {
                throw Violation(field: "timeZone", limit: "an IANA zone name such as Europe/Berlin, not a path")
            }
        }
        if let uid = record.calendarUID { try checkText(uid, "calendarUID", max: maxCalendarUIDBytes, allowEmpty: false) }
    }

    /// Checks a stored record in full: the request's bounds, and every instant and duration
    /// of its phase. A record that fails (a damaged row, an older version's) is set aside.
    package static func checkStored(_ record: AlarmRecord) throws(Violation) {
        try checkRequest(record)
        switch record.phase {
        case .scheduled(let fire):
            try checkDate(fire, "phase.scheduled.fireDate")
        case .countdown(let start, let fire, let total, let elapsed):
            try checkDate(start, "phase.countdown.startDate")
            try checkDate(fire, "phase.countdown.fireDate")
            try checkDuration(total, "phase.countdown.total")
            try checkElapsed(elapsed, total: total, "phase.countdown.previouslyElapsed")
        case .paused(let total, let elapsed):
            try checkDuration(total, "phase.paused.total")
            try checkElapsed(elapsed, total: total, "phase.paused.previouslyElapsed")
        case .alerting(let since, let firedFor):
            try checkDate(since, "phase.alerting.since")
            try checkDate(firedFor, "phase.alerting.firedFor")
        }
    }

    package static func checkDuration(_ seconds: TimeInterval, _ field: String) throws(Violation) {
        guard seconds.isFinite, seconds > 0, seconds <= maxDuration else {
            throw Violation(field: field, limit: "more than 0 and at most \(Int(maxDuration)) seconds (1 year); got \(seconds)")
        }
    }

    package static func checkDate(_ date: Date, _ field: String) throws(Violation) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, date >= earliestDate, date <= latestDate else {
            throw Violation(field: field, limit: "from 1970-01-01 to 2100-01-01 UTC; got \(seconds) seconds since 1970")
        }
    }

    private static func checkElapsed(_ elapsed: TimeInterval, total: TimeInterval, _ field: String) throws(Violation) {
        guard elapsed.isFinite, elapsed >= 0, elapsed <= total else {
            throw Violation(field: field, limit: "0 to the countdown's total; got \(elapsed)")
        }
    }

    private static func checkPresentation(_ presentation: AlarmPresentation) throws(Violation) {
        try checkText(presentation.alert.title.text, "presentation.alert.title", max: maxTitleBytes, allowEmpty: true)
        try checkButton(presentation.alert.stopButton, "presentation.alert.stopButton")
        if let button = presentation.alert.secondaryButton { try checkButton(button, "presentation.alert.secondaryButton") }
        if let countdown = presentation.countdown {
            try checkText(countdown.title.text, "presentation.countdown.title", max: maxTitleBytes, allowEmpty: true)
            if let button = countdown.pauseButton { try checkButton(button, "presentation.countdown.pauseButton") }
        }
        if let paused = presentation.paused {
            try checkText(paused.title.text, "presentation.paused.title", max: maxTitleBytes, allowEmpty: true)
            try checkButton(paused.resumeButton, "presentation.paused.resumeButton")
        }
    }

    private static func checkButton(_ button: AlarmButton, _ field: String) throws(Violation) {
        try checkText(button.text.text, field + ".text", max: maxButtonTextBytes, allowEmpty: true)
        try checkText(button.systemImageName, field + ".systemImageName", max: maxImageNameBytes, allowEmpty: true)
        try checkColor(button.textColor, field + ".textColor")
    }

    private static func checkColor(_ color: Color, _ field: String) throws(Violation) {
        for component in [color.red, color.green, color.blue, color.opacity] where !(component.isFinite && (0...1).contains(component)) {
            throw Violation(field: field, limit: "each component 0 to 1")
        }
    }

    private static func checkText(_ text: String, _ field: String, max: Int, allowEmpty: Bool) throws(Violation) {
        let bytes = text.utf8.count
        if bytes > max { throw Violation(field: field, limit: "at most \(max) bytes (it has \(bytes))") }
        if !allowEmpty && bytes == 0 { throw Violation(field: field, limit: "must not be empty") }
        if text.utf8.contains(0) { throw Violation(field: field, limit: "must not contain NUL") }
    }
}

extension Int {
    /// The integer nearest `value` toward zero, clamped to Int's range; 0 for NaN. The
    /// conversion to use on any Double that has not been bounds-checked: `Int(x)` traps on a
    /// NaN, an infinity or anything beyond ±9.2e18.
    package init(clampingFinite value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
