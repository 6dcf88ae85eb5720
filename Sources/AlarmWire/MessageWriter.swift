import FoundationEssentials

/// Writes the replies and events alarmd sends often (ok and error replies, with or without an
/// alarm, the events of one alarm) byte for byte as `AlarmProtocol.encoder()` writes them,
/// without JSONEncoder: encoding even one message runs Codable's generic machinery, whose code
/// and metadata then stay resident in the daemon for good. The counterpart of `RequestReader`.
///
/// JSONEncoder stays the reference and the fallback: a message with a field this does not
/// write (status, missed lists, apps, pending intents) or a number JSON cannot carry gives nil.
/// `MessageWriterTests` compare the output with JSONEncoder's, and count Message's stored
/// properties so that a new field is not silently left out.
package enum MessageWriter {
    /// The message's JSON (no newline), or nil when only JSONEncoder can say.
    package static func json(_ message: AlarmProtocol.Message) -> [UInt8]? {
        guard message.apps == nil, message.missed == nil, message.status == nil, message.intents?.isEmpty != false else { return nil }
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
        if message.intents != nil {  // empty, as checked above
            writer.key("intents", in: &object)
            let list = writer.beginArray()
            writer.endArray(list)
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
