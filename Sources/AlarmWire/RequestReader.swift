import FoundationEssentials

/// Reads the requests alarmd receives without JSONDecoder: decoding even one request runs
/// Codable's generic machinery, whose code and metadata then stay resident in the daemon (with
/// the replies' JSONEncoder, some 0.5 MiB of an idle daemon that had served 1,000 schedules),
/// and a schedule took 180 µs of CPU where it now takes 100. The daemon's counterpart of
/// `MessageReader`.
///
/// Strict in the same way: an unknown key (a newer client's field), a repeated one, a missing
/// one or an unexpected type gives nil, and the caller falls back to JSONDecoder, which stays
/// the reference and words the error replies. `RequestReaderTests` check that whatever this
/// reads, JSONDecoder reads the same.
package enum RequestReader {
    static let records = RecordReader(dates: .since1970)

    /// The request a whole line holds, or nil when only JSONDecoder can say.
    package static func request(_ bytes: UnsafeRawBufferPointer) -> AlarmProtocol.Request? {
        var fields = Fields()
        var cursor = JSONCursor(bytes)
        do throws(JSONMismatch) {
            try cursor.object { c, key throws(JSONMismatch) in try fields.read(key, &c) }
            try cursor.finish()
            return try fields.request()
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
        var runsIntents: Bool??, endings: Bool??, decision: AppDecision??

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
            case "stopIntent": try refuseRepeated(stopIntent); stopIntent = .some(c.null() ? nil : try intent(&c))
            case "secondaryIntent": try refuseRepeated(secondaryIntent); secondaryIntent = .some(c.null() ? nil : try intent(&c))
            case "registration": try refuseRepeated(registration); registration = .some(c.null() ? nil : try readRegistration(&c))
            case "runsIntents": try refuseRepeated(runsIntents); runsIntents = .some(c.null() ? nil : try c.bool())
            case "endings": try refuseRepeated(endings); endings = .some(c.null() ? nil : try c.bool())
            case "decision": try refuseRepeated(decision); decision = .some(c.null() ? nil : try raw(&c, as: AppDecision.self))
            default: throw JSONMismatch()
            }
        }

        func request() throws(JSONMismatch) -> AlarmProtocol.Request {
            guard let v, let id, let op else { throw JSONMismatch() }
            var request = AlarmProtocol.Request(id: id, op: op, app: app ?? nil, alarm: alarm ?? nil, record: record ?? nil, limit: limit ?? nil)
            request.v = v
            request.page = page ?? nil
            request.stopIntent = stopIntent ?? nil
            request.secondaryIntent = secondaryIntent ?? nil
            request.registration = registration ?? nil
            request.runsIntents = runsIntents ?? nil
            request.endings = endings ?? nil
            request.decision = decision ?? nil
            return request
        }
    }

    /// An enum written as its raw value, escapes and all (JSONDecoder decodes the string first).
    private static func raw<T: RawRepresentable<String>>(_ c: inout JSONCursor, as: T.Type) throws(JSONMismatch) -> T {
        guard let value = T(rawValue: try c.string()) else { throw JSONMismatch() }
        return value
    }

    private static func intent(_ c: inout JSONCursor) throws(JSONMismatch) -> EncodedIntent {
        var typeName: String?, mangledTypeName: String?, parameters: [String: String]?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "typeName": try refuseRepeated(typeName); typeName = try c.string()
            case "mangledTypeName": try refuseRepeated(mangledTypeName); mangledTypeName = try c.string()
            case "parameters":
                try refuseRepeated(parameters)
                var values: [String: String] = [:]
                try c.dictionary { c, name throws(JSONMismatch) in
                    // Which of two equal keys JSONDecoder keeps is for it to say (equal as
                    // Strings: "é" precomposed or not are one key).
                    guard values[name] == nil else { throw JSONMismatch() }
                    values[name] = try c.string()
                }
                parameters = values
            default: throw JSONMismatch()
            }
        }
        guard let typeName, let mangledTypeName, let parameters else { throw JSONMismatch() }
        return EncodedIntent(typeName: typeName, mangledTypeName: mangledTypeName, parameters: parameters)
    }

    private static func readRegistration(_ c: inout JSONCursor) throws(JSONMismatch) -> AppRegistration {
        var displayName: String?, usageDescription: String??, launch: AppLaunch??
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "displayName": try refuseRepeated(displayName); displayName = try c.string()
            case "usageDescription": try refuseRepeated(usageDescription); usageDescription = .some(c.null() ? nil : try c.string())
            case "launch": try refuseRepeated(launch); launch = .some(c.null() ? nil : try readLaunch(&c))
            default: throw JSONMismatch()
            }
        }
        guard let displayName else { throw JSONMismatch() }
        return AppRegistration(displayName: displayName, usageDescription: usageDescription ?? nil, launch: launch ?? nil)
    }

    private static func readLaunch(_ c: inout JSONCursor) throws(JSONMismatch) -> AppLaunch {
        var executable: String?, arguments: [String]?
        try c.object { c, key throws(JSONMismatch) in
            switch key {
            case "executable": try refuseRepeated(executable); executable = try c.string()
            case "arguments":
                try refuseRepeated(arguments)
                var list: [String] = []
                try c.array { c throws(JSONMismatch) in list.append(try c.string()) }
                arguments = list
            default: throw JSONMismatch()
            }
        }
        guard let executable, let arguments else { throw JSONMismatch() }
        return AppLaunch(executable: executable, arguments: arguments)
    }
}
