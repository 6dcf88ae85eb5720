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
            case "v": try refuseRepeated(v); v = try c.int()
            case "id": try refuseRepeated(id); id = try c.int()
            case "ok": try refuseRepeated(ok); ok = try c.bool()
            case "more": try refuseRepeated(more); more = try c.bool()
            case "event":
                try refuseRepeated(event)
                guard let kind = AlarmProtocol.EventKind(rawValue: try c.string()) else { throw JSONMismatch() }
                event = kind
            case "alarms":
                try refuseRepeated(alarms)
                var list: [AlarmRecord] = []
                try c.array { c throws(JSONMismatch) in list.append(try records.record(&c)) }
                alarms = list
            case "record": try refuseRepeated(record); record = try records.record(&c)
            case "alarm": try refuseRepeated(alarm); alarm = try c.uuid()
            case "reason": try refuseRepeated(reason); reason = try c.string()
            case "intent": try refuseRepeated(intent); intent = try c.string()
            case "firedFor": try refuseRepeated(firedFor); firedFor = Date(timeIntervalSince1970: try c.double())
            case "firstFrame": try refuseRepeated(firstFrame); firstFrame = Date(timeIntervalSince1970: try c.double())
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
}
