import AlarmCore
import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every alarm, soonest first.")

    @Flag(help: "Print JSON (alarm records) for scripts.") var json = false
    @Option(help: "Only the alarms of this app id.") var app: String?

    func run() throws {
        let alarms = try DaemonLink().send(.list, app: app).alarms ?? []
        if json {
            JSONOutput.print(alarms)
        } else {
            var table = Format.table(alarms)
            table.append(0x0A)
            table.withUnsafeBufferPointer(OutputLine.write)
        }
    }
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one alarm in full.")

    @Argument(help: "The alarm's id (or a unique prefix of it), or its title.") var id: String
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let record = try DaemonLink().resolve(id)
        if json { JSONOutput.print(record) } else { print(Format.details(record)) }
    }
}

struct MissedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "missed", abstract: "Alarms that did not ring, or rang unanswered, newest first.")

    @Option(help: "How many to show.") var limit = 20
    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        guard limit >= 1 else {
            complain(Text.limitAtLeastOne)
            throw Exit.badInput
        }
        let missed = try DaemonLink().send(.missed, limit: limit).missed ?? []
        if json { return JSONOutput.print(missed) }
        if missed.isEmpty { return print(Text.noMissedAlarms) }
        for entry in missed {
            let why = entry.reason == MissedReason.ringTimeout.rawValue ? Text.rangUnanswered : Text.didNotRing
            print("\(Format.shortID(entry.alarm))  \(Format.when(entry.dueAt))  \(TerminalSafe.text(entry.title))  \(why)")
        }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "What alarmd is running with.")

    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        guard let status = try DaemonLink().send(.status).status else { return }
        if json { return JSONOutput.print(status) }
        print(Text.statusReport(status))
        if let wake = Text.wakeFromSuspend(status) { print(wake) }
        if let storage = Text.notSaving(status) { print(storage) }
        if let problem = status.configProblem { print(Text.configProblem(problem)) }
        if let sync = status.sync { print(Text.syncState(sync)) }
        if let unrung = status.unrung { print(Text.unrungState(unrung)) }
    }
}
