import FoundationEssentials

/// Reads an AlarmRecord from the JSON that JSONEncoder wrote for it, laid out as the
/// synthesized Codable conformances lay it out (its keys in any order), many times faster than
/// JSONDecoder on Linux. Strict on purpose: an unknown key (a field added to AlarmRecord), a
/// missing or repeated one, or an unexpected type gives nil, and the caller falls back to
/// JSONDecoder, which stays the reference. `RecordReaderTests` checks the two agree on every
/// kind of record.
///
/// The store writes dates as JSONEncoder's default (seconds since 2001); the protocol as
/// seconds since 1970.
package struct RecordReader: Sendable {
    package enum Dates: Sendable { case sinceReferenceDate, since1970 }

    package let dates: Dates

    package init(dates: Dates) { self.dates = dates }

    /// The record that `bytes` hold, nothing else.
    package func record(_ bytes: UnsafeRawBufferPointer) -> AlarmRecord? {
        var cursor = JSONCursor(bytes)
        do throws(JSONMismatch) {
            let record = try record(&cursor)
            try cursor.finish()
            return record
        } catch {
            return nil
        }
    }

    /// The record at the cursor (an element of a protocol message's list).
    package func record(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmRecord {
        var id: UUID?, appID: String?, presentation: AlarmPresentation?, tintColor: Color?
        var sound: SoundSettings?, phase: AlarmRecord.Phase?
        var schedule: Alarm.Schedule??, countdownDuration: Alarm.CountdownDuration??, metadata: String??
        var disabledAt: Date??, skippedFire: Date??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "id": try c.required(&id, JSONCursor.readUUID)
            case "appID": try c.required(&appID, JSONCursor.readString)
            case "schedule": try c.optional(&schedule, readSchedule)
            case "countdownDuration": try c.optional(&countdownDuration, readCountdownDuration)
            case "presentation": try c.required(&presentation, readPresentation)
            case "tintColor": try c.required(&tintColor, readColor)
            case "metadata": try c.optional(&metadata, JSONCursor.readString)
            case "sound": try c.required(&sound, readSound)
            case "phase": try c.required(&phase, readPhase)
            case "disabledAt": try c.optional(&disabledAt, readDate)
            case "skippedFire": try c.optional(&skippedFire, readDate)
            default: throw JSONMismatch()
            }
        }
        guard let id, let appID, let presentation, let tintColor, let sound, let phase else { throw JSONMismatch() }
        return AlarmRecord(
            id: id, appID: appID, schedule: schedule ?? nil, countdownDuration: countdownDuration ?? nil,
            presentation: presentation, tintColor: tintColor, metadata: metadata ?? nil, sound: sound, phase: phase,
            disabledAt: disabledAt ?? nil, skippedFire: skippedFire ?? nil)
    }

    // MARK: Scalars

    private func readDate(_ c: inout JSONCursor) throws(JSONMismatch) -> Date {
        let seconds = try c.double()
        switch dates {
        case .sinceReferenceDate: return Date(timeIntervalSinceReferenceDate: seconds)
        case .since1970: return Date(timeIntervalSince1970: seconds)
        }
    }

    private func readTitle(_ c: inout JSONCursor) throws(JSONMismatch) -> LocalizedStringResource {
        LocalizedStringResource(try c.string())
    }

    private func readRaw<T: RawRepresentable<String>>(_ c: inout JSONCursor, as: T.Type) throws(JSONMismatch) -> T {
        guard let value = T(rawValue: try c.string()) else { throw JSONMismatch() }
        return value
    }

    // MARK: AlarmRecord's parts

    /// An enum with associated values is `{"case": payload}`, exactly one key. (Labeled
    /// payloads are objects of their labels; unlabeled ones are the value itself, as
    /// OpenAlarmKit's WireCoding writes them.)
    private func readSchedule(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.Schedule {
        var schedule: Alarm.Schedule?
        try c.object { c, key throws(JSONMismatch) in
            guard schedule == nil else { throw JSONMismatch() }
            switch key {
            case "fixed": schedule = .fixed(try readDate(&c))
            case "relative": schedule = .relative(try readRelative(&c))
            default: throw JSONMismatch()
            }
        }
        guard let schedule else { throw JSONMismatch() }
        return schedule
    }

    private func readRelative(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.Schedule.Relative {
        var time: Alarm.Schedule.Relative.Time?, repeats: Alarm.Schedule.Relative.Recurrence?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "time": try c.required(&time, readTime)
            case "repeats": try c.required(&repeats, readRecurrence)
            default: throw JSONMismatch()
            }
        }
        guard let time, let repeats else { throw JSONMismatch() }
        return Alarm.Schedule.Relative(time: time, repeats: repeats)
    }

    private func readTime(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.Schedule.Relative.Time {
        var hour: Int?, minute: Int?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "hour": try c.required(&hour, JSONCursor.readInt)
            case "minute": try c.required(&minute, JSONCursor.readInt)
            default: throw JSONMismatch()
            }
        }
        guard let hour, let minute else { throw JSONMismatch() }
        return .init(hour: hour, minute: minute)
    }

    private func readRecurrence(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.Schedule.Relative.Recurrence {
        if c.atString() {
            guard case "never" = try c.word() else { throw JSONMismatch() }
            return .never
        }
        var days: [Locale.Weekday]?
        try c.object { c, key throws(JSONMismatch) in
            guard case "weekly" = key, days == nil else { throw JSONMismatch() }
            var list: [Locale.Weekday] = []
            try c.array { c throws(JSONMismatch) in list.append(try readRaw(&c, as: Locale.Weekday.self)) }
            days = list
        }
        guard let days else { throw JSONMismatch() }
        return .weekly(days)
    }

    private func readCountdownDuration(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.CountdownDuration {
        var preAlert: Double??, postAlert: Double??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "preAlert": try c.optional(&preAlert, JSONCursor.readDouble)
            case "postAlert": try c.optional(&postAlert, JSONCursor.readDouble)
            default: throw JSONMismatch()
            }
        }
        return Alarm.CountdownDuration(preAlert: preAlert ?? nil, postAlert: postAlert ?? nil)
    }

    private func readPresentation(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation {
        var alert: AlarmPresentation.Alert?
        var countdown: AlarmPresentation.Countdown??, paused: AlarmPresentation.Paused??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "alert": try c.required(&alert, readAlert)
            case "countdown": try c.optional(&countdown, readCountdown)
            case "paused": try c.optional(&paused, readPaused)
            default: throw JSONMismatch()
            }
        }
        guard let alert else { throw JSONMismatch() }
        return AlarmPresentation(alert: alert, countdown: countdown ?? nil, paused: paused ?? nil)
    }

    private func readAlert(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation.Alert {
        var title: LocalizedStringResource?, stopButton: AlarmButton?
        var secondaryButton: AlarmButton??, behavior: AlarmPresentation.Alert.SecondaryButtonBehavior??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "title": try c.required(&title, readTitle)
            case "stopButton": try c.required(&stopButton, readButton)
            case "secondaryButton": try c.optional(&secondaryButton, readButton)
            case "secondaryButtonBehavior":
                try c.optional(&behavior) { c throws(JSONMismatch) in
                    try readRaw(&c, as: AlarmPresentation.Alert.SecondaryButtonBehavior.self)
                }
            default: throw JSONMismatch()
            }
        }
        guard let title, let stopButton else { throw JSONMismatch() }
        return AlarmPresentation.Alert(
            title: title, stopButton: stopButton, secondaryButton: secondaryButton ?? nil, secondaryButtonBehavior: behavior ?? nil)
    }

    private func readCountdown(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation.Countdown {
        var title: LocalizedStringResource?, pauseButton: AlarmButton??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "title": try c.required(&title, readTitle)
            case "pauseButton": try c.optional(&pauseButton, readButton)
            default: throw JSONMismatch()
            }
        }
        guard let title else { throw JSONMismatch() }
        return AlarmPresentation.Countdown(title: title, pauseButton: pauseButton ?? nil)
    }

    private func readPaused(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation.Paused {
        var title: LocalizedStringResource?, resumeButton: AlarmButton?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "title": try c.required(&title, readTitle)
            case "resumeButton": try c.required(&resumeButton, readButton)
            default: throw JSONMismatch()
            }
        }
        guard let title, let resumeButton else { throw JSONMismatch() }
        return AlarmPresentation.Paused(title: title, resumeButton: resumeButton)
    }

    private func readButton(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmButton {
        var text: LocalizedStringResource?, textColor: Color?, systemImageName: String?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "text": try c.required(&text, readTitle)
            case "textColor": try c.required(&textColor, readColor)
            case "systemImageName": try c.required(&systemImageName, JSONCursor.readString)
            default: throw JSONMismatch()
            }
        }
        guard let text, let textColor, let systemImageName else { throw JSONMismatch() }
        return AlarmButton(text: text, textColor: textColor, systemImageName: systemImageName)
    }

    private func readColor(_ c: inout JSONCursor) throws(JSONMismatch) -> Color {
        var red: Double?, green: Double?, blue: Double?, opacity: Double?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "red": try c.required(&red, JSONCursor.readDouble)
            case "green": try c.required(&green, JSONCursor.readDouble)
            case "blue": try c.required(&blue, JSONCursor.readDouble)
            case "opacity": try c.required(&opacity, JSONCursor.readDouble)
            default: throw JSONMismatch()
            }
        }
        guard let red, let green, let blue, let opacity else { throw JSONMismatch() }
        return Color(red: red, green: green, blue: blue, opacity: opacity)
    }

    private func readSound(_ c: inout JSONCursor) throws(JSONMismatch) -> SoundSettings {
        var sound: AlertConfiguration.AlertSound?
        var volume: Double??, rampSeconds: Double??, bundleDirectory: String??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "sound": try c.required(&sound, readAlertSound)
            case "volume": try c.optional(&volume, JSONCursor.readDouble)
            case "rampSeconds": try c.optional(&rampSeconds, JSONCursor.readDouble)
            case "bundleDirectory": try c.optional(&bundleDirectory, JSONCursor.readString)
            default: throw JSONMismatch()
            }
        }
        guard let sound else { throw JSONMismatch() }
        return SoundSettings(sound: sound, volume: volume ?? nil, rampSeconds: rampSeconds ?? nil, bundleDirectory: bundleDirectory ?? nil)
    }

    private func readAlertSound(_ c: inout JSONCursor) throws(JSONMismatch) -> AlertConfiguration.AlertSound {
        if c.atString() {
            guard case "default" = try c.word() else { throw JSONMismatch() }
            return .default
        }
        var name: String?
        try c.object { c, key throws(JSONMismatch) in
            guard case "named" = key else { throw JSONMismatch() }
            try c.required(&name, JSONCursor.readString)
        }
        guard let name else { throw JSONMismatch() }
        return .named(name)
    }

    private func readPhase(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmRecord.Phase {
        var phase: AlarmRecord.Phase?
        try c.object { c, key throws(JSONMismatch) in
            guard phase == nil else { throw JSONMismatch() }
            var first: Date?, second: Date?, total: Double?, elapsed: Double?
            try c.object { c, field throws(JSONMismatch) in
                switch (key, field) {
                case ("scheduled", "fireDate"), ("countdown", "fireDate"), ("alerting", "firedFor"): try c.required(&first, readDate)
                case ("countdown", "startDate"), ("alerting", "since"): try c.required(&second, readDate)
                case ("countdown", "total"), ("paused", "total"): try c.required(&total, JSONCursor.readDouble)
                case ("countdown", "previouslyElapsed"), ("paused", "previouslyElapsed"): try c.required(&elapsed, JSONCursor.readDouble)
                default: throw JSONMismatch()
                }
            }
            switch (key, first, second, total, elapsed) {
            case ("scheduled", let fire?, nil, nil, nil): phase = .scheduled(fireDate: fire)
            case ("countdown", let fire?, let start?, let total?, let elapsed?):
                phase = .countdown(startDate: start, fireDate: fire, total: total, previouslyElapsed: elapsed)
            case ("paused", nil, nil, let total?, let elapsed?): phase = .paused(total: total, previouslyElapsed: elapsed)
            case ("alerting", let firedFor?, let since?, nil, nil): phase = .alerting(since: since, firedFor: firedFor)
            default: throw JSONMismatch()
            }
        }
        guard let phase else { throw JSONMismatch() }
        return phase
    }
}
