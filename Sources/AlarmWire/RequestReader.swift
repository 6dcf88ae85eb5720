import FoundationEssentials

/// Reads the requests alarmd receives, the only reader of them: Codable would leave its
/// generic machinery resident in the daemon and cost each request more CPU
/// (docs/PERFORMANCE.md). The daemon's counterpart of `MessageReader`, and of `RequestWriter`.
///
/// A member it does not know (a newer client's) is skipped; a repeated one, a missing one or
/// an unexpected type is a malformed request, whose reply names the field.
/// `RequestReaderTests` check that whatever this reads, JSONDecoder reads the same.
package enum RequestReader {
    static let records = RecordReader(dates: .since1970)

    /// Why a line is not a request, and its `id` if it has a readable one, so that the client
    /// that sent it can match the error reply.
    package struct Malformed: Error, Hashable {
        package var id: Int?
        package var reason: String
    }

    /// The request a whole line holds.
    package static func read(_ bytes: UnsafeRawBufferPointer) -> Result<AlarmProtocol.Request, Malformed> {
        var fields = Fields()
        var cursor = JSONCursor(bytes)
        var failedKey: String?
        do throws(JSONMismatch) {
            try cursor.object { c, key throws(JSONMismatch) in
                do throws(JSONMismatch) { try fields.read(key, &c) } catch {
                    failedKey = String(decoding: key.bytes, as: UTF8.self)
                    throw error
                }
            }
            try cursor.finish()
        } catch {
            let reason = failedKey.map { "bad value at '\($0)'" } ?? "not JSON"
            return .failure(Malformed(id: salvageID(bytes), reason: reason))
        }
        guard let v = fields.v else { return .failure(Malformed(id: fields.id, reason: "missing field 'v'")) }
        guard let id = fields.id else { return .failure(Malformed(id: nil, reason: "missing field 'id'")) }
        guard let op = fields.op else { return .failure(Malformed(id: id, reason: "missing field 'op'")) }
        return .success(fields.request(v: v, id: id, op: op))
    }

    /// The request, or nil if the line is malformed.
    package static func request(_ bytes: UnsafeRawBufferPointer) -> AlarmProtocol.Request? {
        try? read(bytes).get()
    }

    /// The `id` of a line that is a JSON object with an integer `id`, whatever else it holds.
    private static func salvageID(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var cursor = JSONCursor(bytes)
        var id: Int?
        do throws(JSONMismatch) {
            try cursor.object { c, key throws(JSONMismatch) in
                if case "id" = key { id = try c.int() } else { try c.skipValue() }
            }
            try cursor.finish()
            return id
        } catch {
            return nil
        }
    }

    /// A request's members as read, each key once. An optional member is `.some(nil)` once
    /// read as null, which JSONDecoder reads as absent.
    private struct Fields {
        var v: Int?, id: Int?, op: AlarmProtocol.Operation?
        var app: String??, alarm: UUID??, record: AlarmRecord??, limit: Int??, page: Int??
        var stopIntent: EncodedIntent??, secondaryIntent: EncodedIntent??, registration: AppRegistration??
        var runsIntents: Bool??, endings: Bool??, decision: AppDecision??, dialog: String??
        var sound: String??, path: String??
        var recordList: [AlarmRecord]??
        var fields: [AlarmField]??

        mutating func read(_ key: JSONWord, _ c: inout JSONCursor) throws(JSONMismatch) {
            switch key {
            case "v": try refuseRepeated(v); v = try c.int()
            case "id": try refuseRepeated(id); id = try c.int()
            case "op": try refuseRepeated(op); op = try raw(&c, as: AlarmProtocol.Operation.self)
            case "app": try refuseRepeated(app); app = .some(c.null() ? nil : try c.string())
            case "alarm": try refuseRepeated(alarm); alarm = .some(c.null() ? nil : try c.uuid())
            case "record": try refuseRepeated(record); record = .some(c.null() ? nil : try records.record(&c))
            case "limit": try refuseRepeated(limit); limit = .some(c.null() ? nil : try c.int())
            case "page": try refuseRepeated(page); page = .some(c.null() ? nil : try c.int())
            case "stopIntent": try refuseRepeated(stopIntent); stopIntent = .some(c.null() ? nil : try ColdCodec.value(EncodedIntent.self, from: c.rawValue()))
            case "secondaryIntent": try refuseRepeated(secondaryIntent); secondaryIntent = .some(c.null() ? nil : try ColdCodec.value(EncodedIntent.self, from: c.rawValue()))
            case "registration": try refuseRepeated(registration); registration = .some(c.null() ? nil : try ColdCodec.value(AppRegistration.self, from: c.rawValue()))
            case "runsIntents": try refuseRepeated(runsIntents); runsIntents = .some(c.null() ? nil : try c.bool())
            case "endings": try refuseRepeated(endings); endings = .some(c.null() ? nil : try c.bool())
            case "decision": try refuseRepeated(decision); decision = .some(c.null() ? nil : try raw(&c, as: AppDecision.self))
            case "dialog": try refuseRepeated(dialog); dialog = .some(c.null() ? nil : try c.string())
            case "sound": try refuseRepeated(sound); sound = .some(c.null() ? nil : try c.string())
            case "path": try refuseRepeated(path); path = .some(c.null() ? nil : try c.string())
            case "records": try refuseRepeated(recordList); recordList = .some(c.null() ? nil : try readRecords(&c))
            case "fields": try refuseRepeated(fields); fields = .some(c.null() ? nil : try readFields(&c))
            default: try c.skipMember(key)  // a newer peer's field
            }
        }

        /// The request, with the three members every request has.
        func request(v: Int, id: Int, op: AlarmProtocol.Operation) -> AlarmProtocol.Request {
            var request = AlarmProtocol.Request(id: id, op: op, app: app ?? nil, alarm: alarm ?? nil, record: record ?? nil, limit: limit ?? nil)
            request.v = v
            request.page = page ?? nil
            request.stopIntent = stopIntent ?? nil
            request.secondaryIntent = secondaryIntent ?? nil
            request.registration = registration ?? nil
            request.runsIntents = runsIntents ?? nil
            request.endings = endings ?? nil
            request.decision = decision ?? nil
            request.dialog = dialog ?? nil
            request.sound = sound ?? nil
            request.path = path ?? nil
            request.records = recordList ?? nil
            request.fields = fields ?? nil
            return request
        }

        /// An unknown field name is an error, not skipped: a change alarmd cannot make must not
        /// be answered as made.
        private func readFields(_ c: inout JSONCursor) throws(JSONMismatch) -> [AlarmField] {
            var list: [AlarmField] = []
            try c.array { c throws(JSONMismatch) in list.append(try RequestReader.raw(&c, as: AlarmField.self)) }
            return list
        }

        private func readRecords(_ c: inout JSONCursor) throws(JSONMismatch) -> [AlarmRecord] {
            var list: [AlarmRecord] = []
            try c.array { c throws(JSONMismatch) in list.append(try RequestReader.records.record(&c)) }
            return list
        }
    }

    /// An enum written as its raw value, escapes and all (JSONDecoder decodes the string first).
    private static func raw<T: RawRepresentable<String>>(_ c: inout JSONCursor, as: T.Type) throws(JSONMismatch) -> T {
        guard let value = T(rawValue: try c.string()) else { throw JSONMismatch() }
        return value
    }
}
