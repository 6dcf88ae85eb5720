import AlarmCalendar
import AlarmClient
import AlarmCore
import AlarmSystem
import AlarmWire
import ArgumentParser
import FoundationEssentials
import Glibc
import LinuxSupport

/// The zones the codec may use: the system's, as alarmd's sync and calendars use them.
enum CalendarZones {
    static func lookup() -> ZoneLookup { .system(machine: .current) }
}

/// `alarmctl export [--output FILE]`: every alarm with a schedule as one iCalendar file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every alarm as an iCalendar (.ics) file.",
        discussion: """
            One VEVENT with a VALARM per alarm; what iCalendar has no property for is kept in \
            X-OPENALARMKIT-* properties, so `alarmctl import` of the file gives the same alarms. \
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
                complain(Text.cannotWrite(output, "\(error)"))
                throw Exit.badInput
            }
        } else {
            StandardOutput.write(text)
        }
        if timers > 0 {
            complain(Text.timersLeftOut(timers))
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
            Each VEVENT with a reminder (VALARM) becomes an alarm ringing at the reminder's time, \
            in the event's own time zone; so does each VTODO (a task) that is not completed. Importing the same events again updates them. A damaged \
            file is refused whole (exit 2); events that give no alarm are counted and listed with \
            the reason (exit 1 when there is any), those that ended more than 30 days ago counted on \
            one line. See docs/ICALENDAR.md.
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
            complain(Text.damagedFile(file == "-" ? Text.standardInput : file, error.description))
            throw Exit.badInput
        }
        var records: [AlarmRecord] = []
        var refused: [RefusedEvent] = []
        var older = 0  // a calendar's past, counted on one line
        for result in results {
            switch result {
            case .alarm(let event): records.append(event.record)
            case .refused(let refusal) where refusal.reason.isLongPast(now: now): older += 1
            case .refused(let refusal): refused.append(refusal)
            }
        }
        let link = try DaemonLink()
        if records.count >= 200 { complain(Text.importing(records.count)) }
        let before = Set(try link.alarms().map(\.id))
        var results2: [AlarmRecord] = []
        let batches = Self.batches(records)
        for (index, batch) in batches.enumerated() {
            var request = AlarmProtocol.Request(id: 0, op: .importAlarms)
            request.records = batch
            do { results2 += try link.send(request).alarms ?? [] } catch {
                // Each batch is all or nothing, the file is not: say what is in, and that the
                // same import again updates it rather than adding twice.
                if index > 0 {
                    complain(Text.partlyImported(results2.count, of: records.count))
                }
                throw error
            }
        }
        let updated = results2.filter { before.contains($0.id) }.count
        print(Text.importSummary(imported: results2.count - updated, updated: updated, unrung: refused.count))
        for refusal in refused {
            let what = refusal.summary.map { "'" + $0 + "'" } ?? refusal.uid ?? "?"
            let line = Text.refusedEvent(line: refusal.line, what: what, start: refusal.start.map(RefusalText.time), reason: RefusalText.reason(refusal.reason))
            print(TerminalSafe.lines(line))
        }
        if older > 0 { print("  " + RefusalText.olderNotListed(older)) }
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
        guard fd >= 0 else { throw ReadError(description: Text.cannotOpen(path, String(cString: strerror(errno)))) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: Text.cannotRead(path, String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > ICalendar.maxFileBytes {
                throw ReadError(description: Text.fileTooLarge(path, mebibytes: ICalendar.maxFileBytes >> 20))
            }
        }
        return bytes
    }
}
