import FoundationEssentials

/// The record's one reader, on the wire and in the store: the JSON `RecordWriter` (and, before
/// it, JSONEncoder) wrote, its keys in any order, many times faster than JSONDecoder on Linux.
/// A member it does not know (a newer version's field) is skipped; a missing or repeated one,
/// an unknown enum case or an unexpected type is refused. `RecordReaderTests` check it agrees
/// with JSONDecoder, the reference, on every kind of record.
///
/// Dates are seconds since 1970; `.sinceReferenceDate` (2001) reads the rows of store files
/// from before schema v3, for their migration.
package struct RecordReader: Sendable {
    package enum Dates: Sendable { case sinceReferenceDate, since1970 }

    package let dates: Dates

    package init(dates: Dates) { self.dates = dates }

    /// The record that `bytes` hold, nothing else.
    package func record(_ bytes: UnsafeRawBufferPointer) -> AlarmRecord? {
        try? read(bytes).get()
    }

    /// The record that `bytes` hold, or why they hold none.
    package func read(_ bytes: UnsafeRawBufferPointer) -> Result<AlarmRecord, JSONMismatch> {
        var cursor = JSONCursor(bytes)
        do throws(JSONMismatch) {
            let record = try record(&cursor)
            try cursor.finish()
            return .success(record)
        } catch {
            return .failure(error)
        }
    }

    /// The record at the cursor (an element of a protocol message's list).
    package func record(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmRecord {
        var id: UUID?, appID: String?, presentation: AlarmPresentation?, tintColor: Color?
        var sound: SoundSettings?, phase: AlarmRecord.Phase?
        var schedule: AlarmRecord.ScheduleKind??, countdownDuration: Alarm.CountdownDuration??, metadata: String??
        var disabledAt: Date??, skippedFire: Date??, timeZone: String??, calendarUID: String??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "id": try refuseRepeated(id); id = try c.uuid()
            case "appID": try refuseRepeated(appID); appID = try c.string()
            case "schedule": try refuseRepeated(schedule); schedule = .some(c.null() ? nil : try readSchedule(&c))
            case "countdownDuration": try refuseRepeated(countdownDuration); countdownDuration = .some(c.null() ? nil : try readCountdownDuration(&c))
            case "presentation": try refuseRepeated(presentation); presentation = try readPresentation(&c)
            case "tintColor": try refuseRepeated(tintColor); tintColor = try readColor(&c)
            case "metadata": try refuseRepeated(metadata); metadata = .some(c.null() ? nil : try c.string())
            case "sound": try refuseRepeated(sound); sound = try readSound(&c)
            case "phase": try refuseRepeated(phase); phase = try readPhase(&c)
            case "disabledAt": try refuseRepeated(disabledAt); disabledAt = .some(c.null() ? nil : try readDate(&c))
            case "skippedFire": try refuseRepeated(skippedFire); skippedFire = .some(c.null() ? nil : try readDate(&c))
            case "timeZone": try refuseRepeated(timeZone); timeZone = .some(c.null() ? nil : try c.string())
            case "calendarUID": try refuseRepeated(calendarUID); calendarUID = .some(c.null() ? nil : try c.string())
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let id, let appID, let presentation, let tintColor, let sound, let phase else {
            let missing = [("id", id == nil), ("appID", appID == nil), ("presentation", presentation == nil), ("tintColor", tintColor == nil),
                           ("sound", sound == nil), ("phase", phase == nil)].filter(\.1).map(\.0)
            throw JSONMismatch("missing \(missing.joined(separator: ", "))")
        }
        var record = AlarmRecord(
            id: id, appID: appID, schedule: nil, countdownDuration: countdownDuration ?? nil,
            presentation: presentation, tintColor: tintColor, metadata: metadata ?? nil, sound: sound, phase: phase,
            disabledAt: disabledAt ?? nil, skippedFire: skippedFire ?? nil,
            timeZone: timeZone ?? nil, calendarUID: calendarUID ?? nil)
        record.storedSchedule = schedule ?? nil
        return record
    }

    // MARK: Scalars

    func readDate(_ c: inout JSONCursor) throws(JSONMismatch) -> Date {
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
    private func readSchedule(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmRecord.ScheduleKind {
        var schedule: AlarmRecord.ScheduleKind?
        try c.object { c, key throws(JSONMismatch) in
            guard schedule == nil else { throw JSONMismatch() }
            switch key {
            case "fixed": schedule = .alarmKit(.fixed(try readDate(&c)))
            case "relative": schedule = .alarmKit(.relative(try readRelative(&c)))
            case "calendar": schedule = .calendar(try readCalendar(&c))
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
            case "time": try refuseRepeated(time); time = try readTime(&c)
            case "repeats": try refuseRepeated(repeats); repeats = try readRecurrence(&c)
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let time, let repeats else { throw JSONMismatch() }
        return Alarm.Schedule.Relative(time: time, repeats: repeats)
    }

    private func readTime(_ c: inout JSONCursor) throws(JSONMismatch) -> Alarm.Schedule.Relative.Time {
        var hour: Int?, minute: Int?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "hour": try refuseRepeated(hour); hour = try c.int()
            case "minute": try refuseRepeated(minute); minute = try c.int()
            default: try c.skipMember(key)  // a newer peer's field
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
            case "preAlert": try refuseRepeated(preAlert); preAlert = .some(c.null() ? nil : try c.double())
            case "postAlert": try refuseRepeated(postAlert); postAlert = .some(c.null() ? nil : try c.double())
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        return Alarm.CountdownDuration(preAlert: preAlert ?? nil, postAlert: postAlert ?? nil)
    }

    private func readPresentation(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation {
        var alert: AlarmPresentation.Alert?
        var countdown: AlarmPresentation.Countdown??, paused: AlarmPresentation.Paused??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "alert": try refuseRepeated(alert); alert = try readAlert(&c)
            case "countdown": try refuseRepeated(countdown); countdown = .some(c.null() ? nil : try readCountdown(&c))
            case "paused": try refuseRepeated(paused); paused = .some(c.null() ? nil : try readPaused(&c))
            default: try c.skipMember(key)  // a newer peer's field
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
            case "title": try refuseRepeated(title); title = try readTitle(&c)
            case "stopButton": try refuseRepeated(stopButton); stopButton = try readButton(&c)
            case "secondaryButton": try refuseRepeated(secondaryButton); secondaryButton = .some(c.null() ? nil : try readButton(&c))
            case "secondaryButtonBehavior":
                try refuseRepeated(behavior)
                behavior = .some(c.null() ? nil : try readRaw(&c, as: AlarmPresentation.Alert.SecondaryButtonBehavior.self))
            default: try c.skipMember(key)  // a newer peer's field
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
            case "title": try refuseRepeated(title); title = try readTitle(&c)
            case "pauseButton": try refuseRepeated(pauseButton); pauseButton = .some(c.null() ? nil : try readButton(&c))
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let title else { throw JSONMismatch() }
        return AlarmPresentation.Countdown(title: title, pauseButton: pauseButton ?? nil)
    }

    private func readPaused(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmPresentation.Paused {
        var title: LocalizedStringResource?, resumeButton: AlarmButton?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "title": try refuseRepeated(title); title = try readTitle(&c)
            case "resumeButton": try refuseRepeated(resumeButton); resumeButton = try readButton(&c)
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let title, let resumeButton else { throw JSONMismatch() }
        return AlarmPresentation.Paused(title: title, resumeButton: resumeButton)
    }

    private func readButton(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmButton {
        var text: LocalizedStringResource?, textColor: Color?, systemImageName: String?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "text": try refuseRepeated(text); text = try readTitle(&c)
            case "textColor": try refuseRepeated(textColor); textColor = try readColor(&c)
            case "systemImageName": try refuseRepeated(systemImageName); systemImageName = try c.string()
            default: try c.skipMember(key)  // a newer peer's field
            }
        }
        guard let text, let textColor, let systemImageName else { throw JSONMismatch() }
        return AlarmButton(text: text, textColor: textColor, systemImageName: systemImageName)
    }

    private func readColor(_ c: inout JSONCursor) throws(JSONMismatch) -> Color {
        var red: Double?, green: Double?, blue: Double?, opacity: Double?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "red": try refuseRepeated(red); red = try c.double()
            case "green": try refuseRepeated(green); green = try c.double()
            case "blue": try refuseRepeated(blue); blue = try c.double()
            case "opacity": try refuseRepeated(opacity); opacity = try c.double()
            default: try c.skipMember(key)  // a newer peer's field
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
            case "sound": try refuseRepeated(sound); sound = try readAlertSound(&c)
            case "volume": try refuseRepeated(volume); volume = .some(c.null() ? nil : try c.double())
            case "rampSeconds": try refuseRepeated(rampSeconds); rampSeconds = .some(c.null() ? nil : try c.double())
            case "bundleDirectory": try refuseRepeated(bundleDirectory); bundleDirectory = .some(c.null() ? nil : try c.string())
            default: try c.skipMember(key)  // a newer peer's field
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
            try refuseRepeated(name); name = try c.string()
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
                case ("scheduled", "fireDate"), ("countdown", "fireDate"), ("alerting", "firedFor"): try refuseRepeated(first); first = try readDate(&c)
                case ("countdown", "startDate"), ("alerting", "since"): try refuseRepeated(second); second = try readDate(&c)
                case ("countdown", "total"), ("paused", "total"): try refuseRepeated(total); total = try c.double()
                case ("countdown", "previouslyElapsed"), ("paused", "previouslyElapsed"): try refuseRepeated(elapsed); elapsed = try c.double()
                default: try c.skipMember(field)  // a newer peer's field
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

/// Refuses a key seen before in the same object (`slot` already set; for an optional member,
/// set to `.some(nil)` by a null): which of the two JSONDecoder would keep is for it to say.
@inline(__always)
func refuseRepeated<T>(_ slot: T?) throws(JSONMismatch) {
    if slot != nil { throw JSONMismatch() }
}
