import AlarmCalendar
import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmWire
import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport

/// The zones the codec may use: the system's tz files, read once per name.
enum CalendarZones {
    static func lookup() -> ZoneLookup {
        ZoneLookup(machine: .current, names: ZoneNames.all()) { ZoneRules.named($0) }
    }
}

/// `alarmctl export [--output FILE]`: every alarm with a schedule as one iCalendar file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every alarm as an iCalendar (.ics) file.",
        discussion: """
            One VEVENT with a VALARM per alarm; what iCalendar has no property for is kept in
            X-OPENALARMKIT-* properties, so `alarmctl import` of the file gives the same alarms.
            Timers (countdowns) are not exported. See docs/ICALENDAR.md.
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
    var output: String?

    func run() throws {
        let link = try DaemonLink()
        let records = try link.alarms()
        let timers = records.filter { $0.schedule == nil }.count
        let text = ICalendar.export(records, zones: CalendarZones.lookup(), now: Date())
        if let output {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                complain(tr("cannot write %1$s: %2$s", output, "\(error)"))
                throw Exit.badInput
            }
        } else {
            StandardOutput.write(text)
        }
        if timers > 0 {
            complain(trn("%s timer was left out: countdowns are not exported", "%s timers were left out: countdowns are not exported", timers, String(timers)))
        }
    }
}

/// `alarmctl import FILE|-`: the events of an iCalendar file as alarms; the same UIDs again
/// update them, never duplicate them.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add (or update) alarms from an iCalendar (.ics) file.",
        discussion: """
            Each VEVENT with a reminder (VALARM) becomes an alarm ringing at the reminder's time,
            in the event's own time zone. Importing the same events again updates them. A damaged
            file is refused whole (exit 2); events that cannot be alarms are listed with the reason
            (exit 1 when any was refused). See docs/ICALENDAR.md.
            """)

    @Argument(help: ArgumentHelp("The file, or - for standard input.", valueName: "FILE"))
    var file: String

    /// Requests stay well under alarmd's 256 KiB line cap; each is applied all or nothing.
    static let batchBytes = 192 * 1024

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try Self.read(file) } catch {
            complain(error.description)
            throw Exit.badInput
        }
        let now = Date()
        let results: [EventResult]
        do { results = try ICalendar.parse(bytes, zones: CalendarZones.lookup(), now: now) } catch {
            complain(tr("%1$s: %2$s; nothing was imported", file == "-" ? tr("standard input") : file, error.description))
            throw Exit.badInput
        }
        var records: [AlarmRecord] = []
        var refused: [RefusedEvent] = []
        for result in results {
            switch result {
            case .alarm(let event): records.append(event.record)
            case .refused(let refusal): refused.append(refusal)
            }
        }
        let link = try DaemonLink()
        if records.count >= 200 { complain(tr("importing %s alarms…", String(records.count))) }
        let before = Set(try link.alarms().map(\.id))
        var results2: [AlarmRecord] = []
        for batch in Self.batches(records) {
            var request = AlarmProtocol.Request(id: 0, op: .importAlarms)
            request.records = batch
            results2 += try link.send(request).alarms ?? []
        }
        let updated = results2.filter { before.contains($0.id) }.count
        print(tr("imported %1$s, updated %2$s, refused %3$s", String(results2.count - updated), String(updated), String(refused.count)) + (refused.isEmpty ? "" : ":"))
        for refusal in refused {
            let what = refusal.summary.map { "'" + $0 + "'" } ?? refusal.uid ?? "?"
            print(TerminalSafe.lines("  " + tr("line %1$s, %2$s: %3$s", String(refusal.line), what, refusal.reason)))
        }
        if !refused.isEmpty { throw Exit.refused }
    }

    private static func batches(_ records: [AlarmRecord]) -> [[AlarmRecord]] {
        var batches: [[AlarmRecord]] = [], current: [AlarmRecord] = [], size = 0
        for record in records {
            let bytes = RecordWriter.json(record)?.count ?? 1024
            if !current.isEmpty && size + bytes > batchBytes {
                batches.append(current)
                (current, size) = ([], 0)
            }
            current.append(record)
            size += bytes + 1
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    struct ReadError: Error, CustomStringConvertible { var description: String }

    /// The whole file (or standard input), at most `ICalendar.maxFileBytes`.
    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(description: tr("cannot open %1$s: %2$s", path, String(cString: strerror(errno)))) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: tr("cannot read %1$s: %2$s", path, String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > ICalendar.maxFileBytes {
                throw ReadError(description: tr("%1$s is larger than %2$s MiB: not a file of alarms; nothing was imported", path, String(ICalendar.maxFileBytes >> 20)))
            }
        }
        return bytes
    }
}
