import AlarmCore
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

/// `alarmctl next SPEC...`: when a time spec fires, without a daemon. Useful to check a
/// spec before scheduling it, and to see what DST does to it.
struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Print the next fire times of a time spec.",
        discussion: """
            SPEC is a time (7:30, 7am, noon), days and a time (weekdays 6:30, mon,wed,fri 7:00), \
            a date and a time (tomorrow 7:00, 2026-06-09 09:41, ISO 8601), a longer repeat (every 2 \
            weeks mon 7:00, monthly on the 15th 9:00, first monday of each month 9:00, yearly on 3 may \
            9:00, ... until 2026-12-31, ... 10 times), or a duration (90s, 1h30m). With --alarm, the \
            next fires of an alarm alarmd has (an imported event's every reminder), in its own zone. \
            Prints one ISO 8601 instant per line with the zone's UTC offset. Exit status 2 on bad input.
            """)

    @Argument(help: "The time spec; its words are joined by spaces.")
    var spec: [String] = []

    @Option(help: ArgumentHelp("Count from this instant instead of now.", valueName: "ISO8601"))
    var from: String?

    // A string, not an Int, so that a bad count exits 2 like every other bad input.
    @Option(help: ArgumentHelp("How many fires to print (a one-shot spec prints one).", valueName: "N"))
    var count: String = "1"

    @Option(help: ArgumentHelp("IANA time zone; default: $TZ, else the system zone.", valueName: "ZONE"))
    var tz: String?

    @Option(help: ArgumentHelp("An alarm of alarmd's (its id, a prefix of it, or its title) instead of a SPEC.", valueName: "ALARM"))
    var alarm: String?

    func run() async throws {
        if let alarm {
            guard spec.isEmpty else {
                StandardError.write(Text.nextComplaint(Text.specOrAlarm) + "\n")
                throw ExitCode(2)
            }
            let record = try DaemonLink().resolve(alarm)
            do {
                let request = NextRequest(spec: "", from: from, count: count, zone: tz, environment: ProcessInfo.processInfo.environment)
                for line in try request.lines(of: record, now: Date()) { print(line) }
            } catch {
                StandardError.write(TerminalSafe.lines(error.report) + "\n")
                throw ExitCode(2)
            }
            return
        }
        do {
            let request = NextRequest(spec: spec.joined(separator: " "), from: from, count: count, zone: tz,
                                      environment: ProcessInfo.processInfo.environment)
            for line in try request.lines(now: Date()) { print(line) }
        } catch {
            StandardError.write(TerminalSafe.lines(error.report) + "\n")
            throw ExitCode(2)
        }
    }
}

/// The command's work, apart from argument parsing and printing.
struct NextRequest {
    var spec: String
    var from: String?
    var count: String
    var zone: String?
    var environment: [String: String]

    struct Failure: Error {
        var report: String
        init(_ message: String) { report = Text.nextComplaint(message) }
        init(_ error: TimeSpecError, what: String = "") {
            let indented = error.pointer.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            report = Text.nextComplaint(what + error.message) + "\n" + indented.joined(separator: "\n")
        }
    }

    func lines(now: Date) throws(Failure) -> [String] {
        let timeZone = try resolvedZone()
        guard let limit = Int(count), limit >= 1 else {
            throw Failure(Text.countInvalid(count))
        }
        var start = now
        if let from {
            do { start = try TimeSpec.parseInstant(from, timeZone: timeZone) } catch { throw Failure(error, what: Text.fromOption) }
        }
        guard !spec.trimmed().isEmpty else {
            throw Failure(Text.missingSpec)
        }
        let calendar = FireTimeCalendar(timeZone: timeZone)
        let parsed: TimeSpec
        let weekdays = LocalTimeText(environment: environment).weekdayNames
        do { parsed = try TimeSpec.parse(spec, now: start, timeZone: timeZone, weekdays: weekdays) } catch { throw Failure(error) }
        switch parsed {
        case .countdown(let duration):
            return [calendar.iso8601(start + duration)]
        case .schedule(let schedule):
            return calendar.fires(of: schedule, after: start).prefix(limit).map(calendar.iso8601)
        case .calendar(let schedule):
            let fires = CalendarFires(schedule: schedule, calendar: calendar, floating: true)
            return fires.fires(after: start).prefix(limit).map(calendar.iso8601)
        }
    }

    /// An alarm's next fires, as alarmd computes them: in its own zone when it keeps one (and
    /// printed with that zone's offset), else in --tz, $TZ or the system's.
    func lines(of record: AlarmRecord, now: Date) throws(Failure) -> [String] {
        let machine = try resolvedZone()
        guard let limit = Int(count), limit >= 1 else { throw Failure(Text.countInvalid(count)) }
        var start = now
        if let from {
            do { start = try TimeSpec.parseInstant(from, timeZone: machine) } catch { throw Failure(error, what: Text.fromOption) }
        }
        var lifecycle = Lifecycle(calendar: FireTimeCalendar(timeZone: machine))
        if let name = record.timeZone, let rules = ZoneRules.named(name, environment: environment) { lifecycle.namedZones[name] = rules }
        let shown = lifecycle.calendar(for: record)
        var lines: [String] = []
        var last = start
        while lines.count < limit, let next = lifecycle.nextFire(of: record, after: last) {
            lines.append(shown.iso8601(next))
            // A one-shot AlarmKit schedule fires once.
            if record.calendar == nil && !record.repeats { break }
            last = next
        }
        return lines
    }

    /// --tz, else $TZ (as glibc reads it: an optional ':' and maybe a zoneinfo path), else the system's.
    func resolvedZone() throws(Failure) -> ZoneRules {
        if let zone {
            guard let timeZone = ZoneRules.named(zone, environment: environment) else {
                throw Failure(Text.unknownZone(zone))
            }
            return timeZone
        }
        if let variable = environment["TZ"], !variable.isEmpty {
            guard let timeZone = ZoneRules(tzVariable: variable, environment: environment) else {
                throw Failure(Text.unknownTZ(variable))
            }
            return timeZone
        }
        return ZoneRules.current
    }
}
