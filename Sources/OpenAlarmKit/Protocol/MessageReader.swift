import FoundationEssentials

/// Reads the protocol's frequent, large messages (alarm lists, a thousand records and more)
/// without JSONDecoder, which on Linux costs about 20 µs a record. Anything it does not expect
/// (errors, status, missed lists, a newer daemon's fields) gives nil and the caller falls back
/// to JSONDecoder, the reference.
enum MessageReader {
    private static let records = RecordReader(dates: .since1970)

    static func message(_ bytes: UnsafeRawBufferPointer) -> AlarmProtocol.Message? {
        var cursor = JSONCursor(bytes)
        do throws(JSONMismatch) {
            let message = try message(&cursor)
            try cursor.finish()
            return message
        } catch {
            return nil
        }
    }

    private static func message(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmProtocol.Message {
        var message = AlarmProtocol.Message()
        // Each key once: which of two JSONDecoder would keep is for it to say.
        var v: Int?, id: Int?, ok: Bool?, more: Bool?, event: AlarmProtocol.EventKind?, alarms: [AlarmRecord]?
        var record: AlarmRecord?, alarm: UUID?, reason: String?, intent: String?, firedFor: Date?, firstFrame: Date?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "v": try c.required(&v, JSONCursor.readInt)
            case "id": try c.required(&id, JSONCursor.readInt)
            case "ok": try c.required(&ok, JSONCursor.readBool)
            case "more": try c.required(&more, JSONCursor.readBool)
            case "event":
                try c.required(&event) { c throws(JSONMismatch) in
                    guard let event = AlarmProtocol.EventKind(rawValue: try c.string()) else { throw JSONMismatch() }
                    return event
                }
            case "alarms":
                try c.required(&alarms) { c throws(JSONMismatch) in
                    var list: [AlarmRecord] = []
                    try c.array { c throws(JSONMismatch) in list.append(try records.record(&c)) }
                    return list
                }
            case "record": try c.required(&record, records.record)
            case "alarm": try c.required(&alarm, JSONCursor.readUUID)
            case "reason": try c.required(&reason, JSONCursor.readString)
            case "intent": try c.required(&intent, JSONCursor.readString)
            case "firedFor": try c.required(&firedFor, readDate)
            case "firstFrame": try c.required(&firstFrame, readDate)
            default: throw JSONMismatch()
            }
        }
        // `v` is not optional for JSONDecoder either.
        guard let v else { throw JSONMismatch() }
        message.v = v
        message.id = id
        message.ok = ok
        message.more = more
        message.event = event
        message.alarms = alarms
        message.record = record
        message.alarm = alarm
        message.reason = reason
        message.intent = intent
        message.firedFor = firedFor
        message.firstFrame = firstFrame
        return message
    }

    private static func readDate(_ c: inout JSONCursor) throws(JSONMismatch) -> Date {
        Date(timeIntervalSince1970: try c.double())
    }
}
