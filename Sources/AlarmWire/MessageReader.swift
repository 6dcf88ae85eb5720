import FoundationEssentials

/// Reads every reply and event a client receives, without JSONDecoder, whose cost a record
/// a long list multiplies (docs/PERFORMANCE.md). The cold values (status, missed lists, apps, pending intents) are
/// read by their Codable (`ColdCodec`) from the bytes of their member. A member this does not
/// know (a newer daemon's) is skipped, so an older client reads a newer daemon's replies.
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

    /// An error reply's `error`: its code and its message.
    private static func readError(_ c: inout JSONCursor) throws(JSONMismatch) -> AlarmProtocol.ErrorReply {
        var code: AlarmProtocol.ErrorReply.Code?, message: String?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "code":
                try refuseRepeated(code)
                guard let known = AlarmProtocol.ErrorReply.Code(rawValue: try c.string()) else { throw JSONMismatch() }
                code = known
            case "message": try refuseRepeated(message); message = try c.string()
            default: try c.skipMember(key)  // a newer daemon's field
            }
        }
        guard let code, let message else { throw JSONMismatch() }
        return AlarmProtocol.ErrorReply(code, message)
    }

    /// A message's members as read, each key once: a repeated one is refused, as a peer that
    /// sends one is broken.
    private struct Fields {
        var v: Int?, id: Int?, ok: Bool?, more: Bool?, event: AlarmProtocol.EventKind?, alarms: [AlarmRecord]?
        var record: AlarmRecord?, alarm: UUID?, reason: String?, intent: String?, firedFor: Date?, firstFrame: Date?
        var error: AlarmProtocol.ErrorReply?, warning: String?, app: String?, authorization: AppAuthorization?
        var status: AlarmProtocol.DaemonStatus?, missed: [AlarmProtocol.MissedAlarm]?, apps: [AppSummary]?, intents: [PendingIntent]?
        var unrung: [AlarmProtocol.UnrungCalendar]?
        var unsaved: AlarmProtocol.StorageProblem?, sounds: AlarmProtocol.SoundCatalog?

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
            case "error": try refuseRepeated(error); error = try readError(&c)
            case "warning": try refuseRepeated(warning); warning = try c.string()
            case "app": try refuseRepeated(app); app = try c.string()
            case "authorization":
                try refuseRepeated(authorization)
                guard let state = AppAuthorization(rawValue: try c.string()) else { throw JSONMismatch() }
                authorization = state
            case "status": try refuseRepeated(status); status = try ColdCodec.value(AlarmProtocol.DaemonStatus.self, from: c.rawValue())
            case "missed": try refuseRepeated(missed); missed = try ColdCodec.value([AlarmProtocol.MissedAlarm].self, from: c.rawValue())
            case "apps": try refuseRepeated(apps); apps = try ColdCodec.value([AppSummary].self, from: c.rawValue())
            case "intents": try refuseRepeated(intents); intents = try ColdCodec.value([PendingIntent].self, from: c.rawValue())
            case "unrung": try refuseRepeated(unrung); unrung = try ColdCodec.value([AlarmProtocol.UnrungCalendar].self, from: c.rawValue())
            case "unsaved": try refuseRepeated(unsaved); unsaved = try ColdCodec.value(AlarmProtocol.StorageProblem.self, from: c.rawValue())
            case "sounds": try refuseRepeated(sounds); sounds = try ColdCodec.value(AlarmProtocol.SoundCatalog.self, from: c.rawValue())
            default: try c.skipMember(key)  // a newer peer's field
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
            message.error = error
            message.warning = warning
            message.app = app
            message.authorization = authorization
            message.status = status
            message.missed = missed
            message.apps = apps
            message.intents = intents
            message.unrung = unrung
            message.unsaved = unsaved
            message.sounds = sounds
            return message
        }
    }
}
