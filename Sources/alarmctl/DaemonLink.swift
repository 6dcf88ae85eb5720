import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmClient

/// alarmctl's exit statuses (documented in the README).
enum Exit {
    /// The daemon refused: no such alarm, not possible in its state, limit reached.
    static let refused = ExitCode(1)
    /// Bad input: a spec, a duration, an option.
    static let badInput = ExitCode(2)
    /// alarmd could not be reached or started.
    static let unreachable = ExitCode(3)
}

/// Prints `message` to stderr as `alarmctl: message`.
func complain(_ message: String) {
    StandardError.write(Text.complaint(message) + "\n")
}

/// The connection alarmctl's commands share, with errors turned into messages and exit codes.
struct DaemonLink {
    static let appID = "alarmctl"
    let connection: AlarmConnection

    init() throws {
        do { connection = try DaemonLauncher.connect() } catch {
            complain(error.description)
            throw Exit.unreachable
        }
    }

    @discardableResult
    func send(_ op: AlarmProtocol.Operation, app: String? = nil, alarm: UUID? = nil, record: AlarmRecord? = nil, limit: Int? = nil) throws -> AlarmProtocol.Message {
        do {
            let reply = try connection.send(op, app: app, alarm: alarm, record: record, limit: limit)
            // "not yet durable: ..." (disk full) and the like: done, with a caveat worth seeing.
            if let warning = reply.warning { complain(Text.warning(warning)) }
            return reply
        } catch {
            complain(error.description)
            if case .refused(let reply) = error {
                throw reply.code == .malformed || reply.code == .invalidConfiguration || reply.code == .neverFires ? Exit.badInput : Exit.refused
            }
            throw Exit.unreachable
        }
    }

    func alarms() throws -> [AlarmRecord] { try send(.list).alarms ?? [] }

    /// The alarm whose id is `prefix`, or starts with it (case-insensitive, dashes optional).
    func resolve(_ prefix: String) throws -> AlarmRecord {
        let wanted = prefix.lowercased().replacing("-", with: "")
        guard !wanted.isEmpty, wanted.allSatisfy(\.isHexDigit) else {
            complain(Text.notAnID(prefix))
            throw Exit.badInput
        }
        let matches = try alarms().filter { $0.id.lowercaseHex().hasPrefix(wanted) }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            complain(Text.noAlarmWithID(prefix))
            throw Exit.refused
        default:
            complain(Text.ambiguousID(prefix, count: matches.count, ids: matches.map { Format.shortID($0.id) }))
            throw Exit.badInput
        }
    }
}

/// JSON for scripts: the protocol's own encoding (dates as seconds since 1970), pretty.
enum JSONOutput {
    /// Alarm records through `RecordWriter`, their one writer (a list of 1,000 took JSONEncoder
    /// ~40 ms). It refuses only numbers JSON cannot carry, which no record from alarmd holds.
    static func print(_ records: [AlarmRecord]) {
        // Written where it was made: 100,000 records are ~120 MB of it.
        var writer = JSONTextWriter(pretty: true, capacity: RecordWriter.capacity(for: records.count, pretty: true))
        guard RecordWriter.write(records, to: &writer) else { return }
        writer.raw(0x0A)
        writer.withBytes(OutputLine.write)
    }

    static func print(_ record: AlarmRecord) {
        guard var json = RecordWriter.json(record, pretty: true) else { return }
        json.append(0x0A)
        json.withUnsafeBufferPointer(OutputLine.write)
    }

    static func print<T: Encodable>(_ value: T) { encoded(value) }

    private static func encoded<T: Encodable>(_ value: T) {
        let encoder = AlarmProtocol.encoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { Swift.print(String(decoding: data, as: UTF8.self)) }
    }

    static func line<T: Encodable>(_ value: T) {
        if let data = try? AlarmProtocol.encoder().encode(value) { Swift.print(String(decoding: data, as: UTF8.self)) }
        fflush(nil)  // status bars read line by line
    }
}
