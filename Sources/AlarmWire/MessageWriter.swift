import FoundationEssentials

/// Writes every reply and event alarmd sends, without JSONEncoder: encoding even one message
/// through Codable runs its generic machinery, whose code and metadata then stay resident in
/// the daemon for good. The cold values a few messages carry (a status, a missed list, the
/// apps, pending intents, the sounds, why a change is unsaved) are written by their Codable (`ColdCodec`) where they stand.
///
/// The bytes are JSONEncoder's (keys sorted, slashes unescaped), which the wire fixtures pin:
/// `MessageWriterTests` compare the output with JSONEncoder over whole messages, and count
/// Message's stored properties so that a new field is not silently left out.
package enum MessageWriter {
    /// The message's JSON (no newline), or nil for a number JSON cannot carry (NaN, infinity),
    /// which no bounded record holds.
    package static func json(_ message: AlarmProtocol.Message) -> [UInt8]? {
        var writer = JSONTextWriter(capacity: message.record == nil && message.alarms == nil ? 256 : 1024)
        var object = writer.beginObject()
        // In JSONEncoder's order: the keys' UTF-8 bytes.
        if let alarm = message.alarm {
            writer.key("alarm", in: &object)
            writer.uuid(alarm)
        }
        if let alarms = message.alarms {
            writer.key("alarms", in: &object)
            guard RecordWriter.write(alarms, to: &writer) else { return nil }
        }
        if let app = message.app {
            writer.key("app", in: &object)
            writer.string(app)
        }
        if let apps = message.apps {
            writer.key("apps", in: &object)
            guard let json = ColdCodec.json(apps) else { return nil }
            writer.raw(json)
        }
        if let authorization = message.authorization {
            writer.key("authorization", in: &object)
            writer.string(authorization.rawValue)
        }
        if let error = message.error {
            writer.key("error", in: &object)
            var fields = writer.beginObject()
            writer.key("code", in: &fields)
            writer.string(error.code.rawValue)
            writer.key("message", in: &fields)
            writer.string(error.message)
            writer.endObject(fields)
        }
        if let event = message.event {
            writer.key("event", in: &object)
            writer.string(event.rawValue)
        }
        if let firedFor = message.firedFor {
            writer.key("firedFor", in: &object)
            writer.double(firedFor.timeIntervalSince1970)
        }
        if let firstFrame = message.firstFrame {
            writer.key("firstFrame", in: &object)
            writer.double(firstFrame.timeIntervalSince1970)
        }
        if let id = message.id {
            writer.key("id", in: &object)
            writer.int(id)
        }
        if let intent = message.intent {
            writer.key("intent", in: &object)
            writer.string(intent)
        }
        if let intents = message.intents {
            writer.key("intents", in: &object)
            guard let json = ColdCodec.json(intents) else { return nil }
            writer.raw(json)
        }
        if let missed = message.missed {
            writer.key("missed", in: &object)
            guard let json = ColdCodec.json(missed) else { return nil }
            writer.raw(json)
        }
        if let more = message.more {
            writer.key("more", in: &object)
            writer.bool(more)
        }
        if let ok = message.ok {
            writer.key("ok", in: &object)
            writer.bool(ok)
        }
        if let reason = message.reason {
            writer.key("reason", in: &object)
            writer.string(reason)
        }
        if let record = message.record {
            writer.key("record", in: &object)
            guard RecordWriter.write(record, to: &writer) else { return nil }
        }
        if let sounds = message.sounds {
            writer.key("sounds", in: &object)
            guard let json = ColdCodec.json(sounds) else { return nil }
            writer.raw(json)
        }
        if let status = message.status {
            writer.key("status", in: &object)
            guard let json = ColdCodec.json(status) else { return nil }
            writer.raw(json)
        }
        if let unrung = message.unrung {
            writer.key("unrung", in: &object)
            guard let json = ColdCodec.json(unrung) else { return nil }
            writer.raw(json)
        }
        if let unsaved = message.unsaved {
            writer.key("unsaved", in: &object)
            guard let json = ColdCodec.json(unsaved) else { return nil }
            writer.raw(json)
        }
        writer.key("v", in: &object)
        writer.int(message.v)
        if let warning = message.warning {
            writer.key("warning", in: &object)
            writer.string(warning)
        }
        writer.endObject(object)
        return writer.invalid ? nil : writer.take()
    }
}
