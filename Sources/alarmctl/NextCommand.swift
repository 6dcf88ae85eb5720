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
            SPEC is a time (7:30, 7am, noon), days and a time (weekdays 6:30, mon,wed,fri 7:00),
            a date and a time (tomorrow 7:00, 2026-06-09 09:41, ISO 8601), or a duration (90s, 1h30m).
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

    func run() async throws {
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
        }
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
