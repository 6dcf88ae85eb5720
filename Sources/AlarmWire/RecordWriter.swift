import FoundationEssentials

/// The record's one writer, on the wire and in the store: the bytes the protocol's JSONEncoder
/// (`AlarmProtocol.encoder()`) writes, or pretty as `alarmctl list --json` prints them. A record
/// it cannot write exactly (a non-finite number, which JSONEncoder refuses too and the bounds
/// keep out) gives nil. The counterpart of `RecordReader`.
///
/// Each type's keys are written in JSONEncoder's sorted order; `RecordWriterTests` compare
/// the output with JSONEncoder's for every kind of record and many random ones.
package enum RecordWriter {
    /// The record's JSON, or nil for a number JSON cannot carry.
    package static func json(_ record: AlarmRecord, pretty: Bool = false, dates: RecordReader.Dates = .since1970) -> [UInt8]? {
        var writer = JSONTextWriter(pretty: pretty, capacity: 1024)
        return write(record, to: &writer, dates: dates) ? writer.take() : nil
    }

    /// A list of records (`alarmctl list --json`), or nil as above.
    package static func json(_ records: [AlarmRecord], pretty: Bool = false) -> [UInt8]? {
        var writer = JSONTextWriter(pretty: pretty, capacity: capacity(for: records.count, pretty: pretty))
        return write(records, to: &writer) ? writer.take() : nil
    }

    /// Appends the list to `writer`; false as for one record.
    package static func write(_ records: [AlarmRecord], to writer: inout JSONTextWriter) -> Bool {
        var list = writer.beginArray()
        for record in records {
            writer.element(in: &list)
            guard write(record, to: &writer) else { return false }
        }
        writer.endArray(list)
        return true
    }

    /// Room for `count` records, about what they take (a record is ~650 bytes compact, ~1,200
    /// pretty): room not written to costs no memory, and too little only grows the buffer.
    package static func capacity(for count: Int, pretty: Bool) -> Int {
        count * (pretty ? 1400 : 800) + 64
    }

    /// Appends the record to `writer`; false (and the writer's bytes unusable) when it holds a
    /// number JSON cannot carry.
    package static func write(_ record: AlarmRecord, to writer: inout JSONTextWriter, dates: RecordReader.Dates = .since1970) -> Bool {
        var object = writer.beginObject()
        writer.key("appID", in: &object)
        writer.string(record.appID)
        // Written only when set, so a record without them keeps its bytes (the fixtures).
        if let calendarUID = record.calendarUID {
            writer.key("calendarUID", in: &object)
            writer.string(calendarUID)
        }
        if let countdown = record.countdownDuration {
            writer.key("countdownDuration", in: &object)
            var duration = writer.beginObject()
            if let post = countdown.postAlert {
                writer.key("postAlert", in: &duration)
                writer.double(post)
            }
            if let pre = countdown.preAlert {
                writer.key("preAlert", in: &duration)
                writer.double(pre)
            }
            writer.endObject(duration)
        }
        if let disabledAt = record.disabledAt {
            writer.key("disabledAt", in: &object)
            date(disabledAt, to: &writer, dates)
        }
        writer.key("id", in: &object)
        writer.uuid(record.id)
        if let metadata = record.metadata {
            writer.key("metadata", in: &object)
            writer.string(metadata)
        }
        writer.key("phase", in: &object)
        phase(record.phase, to: &writer, dates)
        writer.key("presentation", in: &object)
        presentation(record.presentation, to: &writer)
        switch record.storedSchedule {
        case .alarmKit(let schedule):
            writer.key("schedule", in: &object)
            self.schedule(schedule, to: &writer, dates)
        case .calendar(let calendar):
            writer.key("schedule", in: &object)
            var outer = writer.beginObject()
            writer.key("calendar", in: &outer)
            self.calendar(calendar, to: &writer, dates)
            writer.endObject(outer)
        case nil:
            break
        }
        if let skippedFire = record.skippedFire {
            writer.key("skippedFire", in: &object)
            date(skippedFire, to: &writer, dates)
        }
        writer.key("sound", in: &object)
        sound(record.sound, to: &writer)
        if let timeZone = record.timeZone {
            writer.key("timeZone", in: &object)
            writer.string(timeZone)
        }
        writer.key("tintColor", in: &object)
        color(record.tintColor, to: &writer)
        writer.endObject(object)
        return !writer.invalid
    }

    /// Dates travel as seconds since 1970 (`AlarmProtocol.encoder()`); the store keeps
    /// JSONEncoder's default, seconds since 2001.
    static func date(_ date: Date, to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        switch dates {
        case .since1970: writer.double(date.timeIntervalSince1970)
        case .sinceReferenceDate: writer.double(date.timeIntervalSinceReferenceDate)
        }
    }

    private static func phase(_ phase: AlarmRecord.Phase, to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        var outer = writer.beginObject()
        switch phase {
        case .scheduled(let fireDate):
            writer.key("scheduled", in: &outer)
            var fields = writer.beginObject()
            writer.key("fireDate", in: &fields)
            date(fireDate, to: &writer, dates)
            writer.endObject(fields)
        case .countdown(let startDate, let fireDate, let total, let previouslyElapsed):
            writer.key("countdown", in: &outer)
            var fields = writer.beginObject()
            writer.key("fireDate", in: &fields)
            date(fireDate, to: &writer, dates)
            writer.key("previouslyElapsed", in: &fields)
            writer.double(previouslyElapsed)
            writer.key("startDate", in: &fields)
            date(startDate, to: &writer, dates)
            writer.key("total", in: &fields)
            writer.double(total)
            writer.endObject(fields)
        case .paused(let total, let previouslyElapsed):
            writer.key("paused", in: &outer)
            var fields = writer.beginObject()
            writer.key("previouslyElapsed", in: &fields)
            writer.double(previouslyElapsed)
            writer.key("total", in: &fields)
            writer.double(total)
            writer.endObject(fields)
        case .alerting(let since, let firedFor):
            writer.key("alerting", in: &outer)
            var fields = writer.beginObject()
            writer.key("firedFor", in: &fields)
            date(firedFor, to: &writer, dates)
            writer.key("since", in: &fields)
            date(since, to: &writer, dates)
            writer.endObject(fields)
        }
        writer.endObject(outer)
    }

    private static func presentation(_ presentation: AlarmPresentation, to writer: inout JSONTextWriter) {
        var object = writer.beginObject()
        writer.key("alert", in: &object)
        var alert = writer.beginObject()
        if let secondary = presentation.alert.secondaryButton {
            writer.key("secondaryButton", in: &alert)
            button(secondary, to: &writer)
        }
        if let behavior = presentation.alert.secondaryButtonBehavior {
            writer.key("secondaryButtonBehavior", in: &alert)
            writer.string(behavior.rawValue)
        }
        writer.key("stopButton", in: &alert)
        button(presentation.alert.stopButton, to: &writer)
        writer.key("title", in: &alert)
        writer.string(presentation.alert.title.text)
        writer.endObject(alert)
        if let countdown = presentation.countdown {
            writer.key("countdown", in: &object)
            var fields = writer.beginObject()
            if let pause = countdown.pauseButton {
                writer.key("pauseButton", in: &fields)
                button(pause, to: &writer)
            }
            writer.key("title", in: &fields)
            writer.string(countdown.title.text)
            writer.endObject(fields)
        }
        if let paused = presentation.paused {
            writer.key("paused", in: &object)
            var fields = writer.beginObject()
            writer.key("resumeButton", in: &fields)
            button(paused.resumeButton, to: &writer)
            writer.key("title", in: &fields)
            writer.string(paused.title.text)
            writer.endObject(fields)
        }
        writer.endObject(object)
    }

    private static func button(_ button: AlarmButton, to writer: inout JSONTextWriter) {
        var object = writer.beginObject()
        writer.key("systemImageName", in: &object)
        writer.string(button.systemImageName)
        writer.key("text", in: &object)
        writer.string(button.text.text)
        writer.key("textColor", in: &object)
        color(button.textColor, to: &writer)
        writer.endObject(object)
    }

    private static func color(_ color: Color, to writer: inout JSONTextWriter) {
        var object = writer.beginObject()
        writer.key("blue", in: &object)
        writer.double(color.blue)
        writer.key("green", in: &object)
        writer.double(color.green)
        writer.key("opacity", in: &object)
        writer.double(color.opacity)
        writer.key("red", in: &object)
        writer.double(color.red)
        writer.endObject(object)
    }

    /// `{"fixed":date}` or `{"relative":{...}}`, as WireCoding writes them.
    private static func schedule(_ schedule: Alarm.Schedule, to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        var outer = writer.beginObject()
        switch schedule {
        case .fixed(let fire):
            writer.key("fixed", in: &outer)
            date(fire, to: &writer, dates)
        case .relative(let relative):
            writer.key("relative", in: &outer)
            var object = writer.beginObject()
            writer.key("repeats", in: &object)
            switch relative.repeats {
            case .never:
                writer.string("never")
            case .weekly(let days):
                var weekly = writer.beginObject()
                writer.key("weekly", in: &weekly)
                var list = writer.beginArray()
                for day in days {
                    writer.element(in: &list)
                    writer.string(day.rawValue)
                }
                writer.endArray(list)
                writer.endObject(weekly)
            }
            writer.key("time", in: &object)
            var time = writer.beginObject()
            writer.key("hour", in: &time)
            writer.int(relative.time.hour)
            writer.key("minute", in: &time)
            writer.int(relative.time.minute)
            writer.endObject(time)
            writer.endObject(object)
        }
        writer.endObject(outer)
    }

    private static func sound(_ sound: SoundSettings, to writer: inout JSONTextWriter) {
        var object = writer.beginObject()
        if let bundleDirectory = sound.bundleDirectory {
            writer.key("bundleDirectory", in: &object)
            writer.string(bundleDirectory)
        }
        if let ramp = sound.rampSeconds {
            writer.key("rampSeconds", in: &object)
            writer.double(ramp)
        }
        writer.key("sound", in: &object)
        switch sound.sound {
        case .default:
            writer.string("default")
        case .named(let name):
            var named = writer.beginObject()
            writer.key("named", in: &named)
            writer.string(name)
            writer.endObject(named)
        }
        if let volume = sound.volume {
            writer.key("volume", in: &object)
            writer.double(volume)
        }
        writer.endObject(object)
    }
}
