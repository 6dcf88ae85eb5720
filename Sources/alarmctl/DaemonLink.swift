import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport
import AlarmClient
import Synchronization

/// alarmctl's exit statuses (documented in docs/CLI.md).
enum Exit {
    /// The daemon refused: no such alarm, not possible in its state, limit reached.
    static let refused = ExitCode(1)
    /// Bad input: a spec, a duration, an option.
    static let badInput = ExitCode(2)
    /// alarmd could not be reached or started.
    static let unreachable = ExitCode(3)
    /// The change is in effect in alarmd but not on disk (disk full, read-only state folder):
    /// it is lost if alarmd stops before it is saved. 75 is sysexits' EX_TEMPFAIL: try again
    /// once the cause is fixed. Only 0 means durable.
    static let notDurable = ExitCode(75)

    /// What the command exits with when it ends without an error: `notDurable` once any reply
    /// said its change is not yet saved, else 0.
    static var success: Int32 { notSaved.withLock { $0 } ? notDurable.rawValue : 0 }
    static let notSaved = Mutex(false)
}

/// Prints `message` to stderr as `alarmctl: message`, escaped for the terminal: messages
/// quote what they were given (a spec, a sound name, alarmd's words about a title).
func complain(_ message: String) {
    StandardError.write(Text.complaint(TerminalSafe.lines(message)) + "\n")
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

    /// `explain`: this command's own words for a refusal (nil keeps alarmd's message).
    @discardableResult
    func send(
        _ op: AlarmProtocol.Operation, app: String? = nil, alarm: UUID? = nil, record: AlarmRecord? = nil, limit: Int? = nil,
        explain: (AlarmProtocol.ErrorReply) -> String? = { _ in nil }
    ) throws -> AlarmProtocol.Message {
        try send(AlarmProtocol.Request(id: 0, op: op, app: app, alarm: alarm, record: record, limit: limit), explain: explain)
    }

    /// A request built by the caller (`importAlarms`' records), with the same handling.
    @discardableResult
    func send(_ request: AlarmProtocol.Request, explain: (AlarmProtocol.ErrorReply) -> String? = { _ in nil }) throws -> AlarmProtocol.Message {
        do {
            let reply = try connection.send(request)
            if let warning = reply.warning {
                complain(Text.warning(warning))  // done, with a caveat worth seeing (a sound that falls back)
            }
            if let unsaved = reply.unsaved {
                // Done in memory only: say so and what to do, and do not exit 0 (`Exit.notDurable`).
                complain(Text.notSaved(unsaved))
                Exit.notSaved.withLock { $0 = true }
            }
            return reply
        } catch {
            if case .refused(let reply) = error, let explained = explain(reply) {
                complain(explained)
            } else {
                complain(error.description)
            }
            if case .refused(let reply) = error {
                throw reply.code == .malformed || reply.code == .invalidConfiguration || reply.code == .neverFires ? Exit.badInput : Exit.refused
            }
            throw Exit.unreachable
        }
    }

    func alarms() throws -> [AlarmRecord] { try send(.list).alarms ?? [] }

    /// The one alarm `reference` names (`AlarmReference`: an id, a prefix of one, or a title).
    /// None: exit 1; several: the candidates on stderr, as `list` shows them, and exit 2.
    func resolve(_ reference: String) throws -> AlarmRecord {
        let matches = AlarmReference.matches(reference, in: try alarms())
        switch matches.count {
        case 1: return matches[0]
        case 0:
            complain(Text.noAlarmNamed(TerminalSafe.text(reference)))
            throw Exit.refused
        default:
            complain(Text.ambiguousAlarm(TerminalSafe.text(reference), count: matches.count))
            var table = Format.table(matches)
            table.append(0x0A)
            StandardError.write(String(decoding: table, as: UTF8.self))
            throw Exit.badInput
        }
    }
}

/// JSON for scripts: the protocol's own encoding (dates as seconds since 1970), pretty.
enum JSONOutput {
    /// Alarm records through `RecordWriter`, their one writer (JSONEncoder is slow on long
    /// lists). It refuses only numbers JSON cannot carry, which no record from alarmd holds.
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
