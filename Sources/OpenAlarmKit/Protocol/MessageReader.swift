import FoundationEssentials

/// Reads the protocol's frequent, large messages (alarm lists, a thousand records and more)
/// without JSONDecoder, which on Linux costs about 20 µs a record. Anything it does not expect
/// gives nil and the caller falls back to JSONDecoder, the reference.
enum MessageReader {
    private static let records = RecordReader(dates: .since1970)

    static func message(_ bytes: UnsafeRawBufferPointer) -> AlarmProtocol.Message? {
        guard let tree = JSONTree.parse(bytes), case .object(let members) = tree else { return nil }
        var message = AlarmProtocol.Message()
        for member in members {
            switch (member.key, member.value) {
            case ("v", .number(let text)):
                guard let version = Int(text) else { return nil }
                message.v = version
            case ("id", .number(let text)):
                guard let id = Int(text) else { return nil }
                message.id = id
            case ("ok", .bool(let ok)):
                message.ok = ok
            case ("more", .bool(let more)):
                message.more = more
            case ("event", .string(let name)):
                guard let event = AlarmProtocol.EventKind(rawValue: name) else { return nil }
                message.event = event
            case ("alarms", .array(let items)):
                var alarms: [AlarmRecord] = []
                alarms.reserveCapacity(items.count)
                for item in items {
                    guard let record = records.record(fromTree: item) else { return nil }
                    alarms.append(record)
                }
                message.alarms = alarms
            case ("record", let item):
                guard let record = records.record(fromTree: item) else { return nil }
                message.record = record
            case ("alarm", .string(let text)):
                guard let id = UUID(text: text) else { return nil }
                message.alarm = id
            case ("reason", .string(let text)):
                message.reason = text
            case ("intent", .string(let text)):
                message.intent = text
            case ("firedFor", .number(let text)):
                guard let seconds = Double(text) else { return nil }
                message.firedFor = Date(timeIntervalSince1970: seconds)
            case ("firstFrame", .number(let text)):
                guard let seconds = Double(text) else { return nil }
                message.firstFrame = Date(timeIntervalSince1970: seconds)
            default:
                return nil  // errors, status, missed lists, a newer daemon's fields
            }
        }
        return message
    }
}
