import FoundationEssentials

/// Reads the protocol's frequent, large messages (alarm lists, a thousand records and more)
/// without JSONDecoder, which on Linux costs about 20 µs a record. Anything it does not expect
/// (errors, status, missed lists, a newer daemon's fields) gives nil and the caller falls back
/// to JSONDecoder, the reference.
package enum MessageReader {
    static let records = RecordReader(dates: .since1970)

    /// The message a whole line holds. `streamed`: the records of its alarm list already read
    /// while the line was arriving; reading resumes after them.
    package static func message(_ bytes: UnsafeRawBufferPointer, streamed: StreamedList = StreamedList()) -> AlarmProtocol.Message? {
        var fields = Fields()
        do throws(JSONMismatch) {
            var cursor: JSONCursor
            if let resume = streamed.resumption {
                // `{"alarms":[` and `resume.records` are read: the rest of the list, then the
                // rest of the message.
                cursor = JSONCursor(bytes, at: resume.position)
                var list = resume.records
                if list.isEmpty {
                    if !cursor.consume(UInt8(ascii: "]")) {
                        list.append(try records.record(&cursor))
                        try cursor.remainingElements { c throws(JSONMismatch) in list.append(try records.record(&c)) }
                    }
                } else {
                    try cursor.remainingElements { c throws(JSONMismatch) in list.append(try records.record(&c)) }
                }
                fields.alarms = list
                try cursor.remainingMembers { c, key throws(JSONMismatch) in try fields.read(key, &c) }
            } else {
                cursor = JSONCursor(bytes)
                try cursor.object { c, key throws(JSONMismatch) in try fields.read(key, &c) }
            }
            try cursor.finish()
            return try fields.message()
        } catch {
            return nil
        }
    }

    /// A message's members as read, each key once: which of two JSONDecoder would keep is for
    /// it to say.
    private struct Fields {
        var v: Int?, id: Int?, ok: Bool?, more: Bool?, event: AlarmProtocol.EventKind?, alarms: [AlarmRecord]?
        var record: AlarmRecord?, alarm: UUID?, reason: String?, intent: String?, firedFor: Date?, firstFrame: Date?

        mutating func read(_ key: JSONWord, _ c: inout JSONCursor) throws(JSONMismatch) {
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

        func message() throws(JSONMismatch) -> AlarmProtocol.Message {
            // `v` is not optional for JSONDecoder either.
            guard let v else { throw JSONMismatch() }
            var message = AlarmProtocol.Message()
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
}
