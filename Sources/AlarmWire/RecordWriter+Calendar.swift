import FoundationEssentials

/// An event's schedule in the record's JSON (`{"calendar":{…}}` under `schedule`), keys in
/// JSONEncoder's sorted order, members written only when set, as `CalendarSchedule`'s
/// Codable writes them.
extension RecordWriter {
    static func calendar(_ schedule: CalendarSchedule, to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        var object = writer.beginObject()
        if !schedule.additions.isEmpty {
            writer.key("additions", in: &object)
            dateTimes(schedule.additions, to: &writer)
        }
        if !schedule.alerts.isEmpty {
            writer.key("alerts", in: &object)
            alerts(schedule.alerts, to: &writer, dates)
        }
        if let duration = schedule.duration {
            writer.key("duration", in: &object)
            writer.string(duration.text)
        }
        if !schedule.exclusions.isEmpty {
            writer.key("exclusions", in: &object)
            dateTimes(schedule.exclusions, to: &writer)
        }
        if !schedule.overrides.isEmpty {
            writer.key("overrides", in: &object)
            var list = writer.beginArray()
            for override in schedule.overrides {
                writer.element(in: &list)
                self.override(override, to: &writer, dates)
            }
            writer.endArray(list)
        }
        if let rule = schedule.rule {
            writer.key("rule", in: &object)
            writer.string(rule.text)
        }
        writer.key("start", in: &object)
        writer.string(schedule.start.text)
        writer.endObject(object)
    }

    private static func override(_ override: CalendarOverride, to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        var object = writer.beginObject()
        if !override.alerts.isEmpty {
            writer.key("alerts", in: &object)
            alerts(override.alerts, to: &writer, dates)
        }
        if override.cancelled {
            writer.key("cancelled", in: &object)
            writer.bool(true)
        }
        if let duration = override.duration {
            writer.key("duration", in: &object)
            writer.string(duration.text)
        }
        writer.key("occurrence", in: &object)
        writer.string(override.occurrence.text)
        if let start = override.start {
            writer.key("start", in: &object)
            writer.string(start.text)
        }
        if let title = override.title {
            writer.key("title", in: &object)
            writer.string(title)
        }
        writer.endObject(object)
    }

    private static func alerts(_ alerts: [CalendarAlert], to writer: inout JSONTextWriter, _ dates: RecordReader.Dates) {
        var list = writer.beginArray()
        for alert in alerts {
            writer.element(in: &list)
            var object = writer.beginObject()
            if case .absolute(let instant) = alert.trigger {
                writer.key("at", in: &object)
                date(instant, to: &writer, dates)
            }
            if let every = alert.repeatInterval {
                writer.key("every", in: &object)
                writer.string(every.text)
            }
            if case .end = alert.trigger {
                writer.key("related", in: &object)
                writer.string("end")
            }
            if alert.repeatCount != 0 {
                writer.key("repeat", in: &object)
                writer.int(alert.repeatCount)
            }
            switch alert.trigger {
            case .start(let offset), .end(let offset):
                writer.key("trigger", in: &object)
                writer.string(offset.text)
            case .absolute:
                break
            }
            if let uid = alert.uid {
                writer.key("uid", in: &object)
                writer.string(uid)
            }
            writer.endObject(object)
        }
        writer.endArray(list)
    }

    private static func dateTimes(_ values: [CalendarDateTime], to writer: inout JSONTextWriter) {
        var list = writer.beginArray()
        for value in values {
            writer.element(in: &list)
            writer.string(value.text)
        }
        writer.endArray(list)
    }
}
