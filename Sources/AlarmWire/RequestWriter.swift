import FoundationEssentials

/// Writes the requests clients send, the counterpart of `RequestReader`: the record by
/// `RecordWriter`, an app's intents and registration (cold values, sent with an app's schedule)
/// by their Codable (`ColdCodec`). The bytes are JSONEncoder's (keys sorted), which the wire
/// fixtures pin; `RequestWriterTests` compare the two and count Request's stored properties.
package enum RequestWriter {
    /// The request's JSON (no newline), or nil for a number JSON cannot carry (NaN, infinity
    /// in the record), which `AlarmBounds.checkRequest` refuses first.
    package static func json(_ request: AlarmProtocol.Request) -> [UInt8]? {
        var writer = JSONTextWriter(capacity: request.record == nil ? 128 : 1024)
        var object = writer.beginObject()
        // In JSONEncoder's order: the keys' UTF-8 bytes.
        if let alarm = request.alarm {
            writer.key("alarm", in: &object)
            writer.uuid(alarm)
        }
        if let app = request.app {
            writer.key("app", in: &object)
            writer.string(app)
        }
        if let decision = request.decision {
            writer.key("decision", in: &object)
            writer.string(decision.rawValue)
        }
        if let dialog = request.dialog {
            writer.key("dialog", in: &object)
            writer.string(dialog)
        }
        if let endings = request.endings {
            writer.key("endings", in: &object)
            writer.bool(endings)
        }
        if let fields = request.fields {
            writer.key("fields", in: &object)
            var list = writer.beginArray()
            for field in fields {
                writer.element(in: &list)
                writer.string(field.rawValue)
            }
            writer.endArray(list)
        }
        writer.key("id", in: &object)
        writer.int(request.id)
        if let limit = request.limit {
            writer.key("limit", in: &object)
            writer.int(limit)
        }
        writer.key("op", in: &object)
        writer.string(request.op.rawValue)
        if let page = request.page {
            writer.key("page", in: &object)
            writer.int(page)
        }
        if let path = request.path {
            writer.key("path", in: &object)
            writer.string(path)
        }
        if let record = request.record {
            writer.key("record", in: &object)
            guard RecordWriter.write(record, to: &writer) else { return nil }
        }
        if let records = request.records {
            writer.key("records", in: &object)
            guard RecordWriter.write(records, to: &writer) else { return nil }
        }
        if let registration = request.registration {
            writer.key("registration", in: &object)
            guard let json = ColdCodec.json(registration) else { return nil }
            writer.raw(json)
        }
        if let runsIntents = request.runsIntents {
            writer.key("runsIntents", in: &object)
            writer.bool(runsIntents)
        }
        if let intent = request.secondaryIntent {
            writer.key("secondaryIntent", in: &object)
            guard let json = ColdCodec.json(intent) else { return nil }
            writer.raw(json)
        }
        if let sound = request.sound {
            writer.key("sound", in: &object)
            writer.string(sound)
        }
        if let intent = request.stopIntent {
            writer.key("stopIntent", in: &object)
            guard let json = ColdCodec.json(intent) else { return nil }
            writer.raw(json)
        }
        writer.key("v", in: &object)
        writer.int(request.v)
        writer.endObject(object)
        return writer.invalid ? nil : writer.take()
    }
}
