import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit

/// `alarm-bench table` (`scripts/bench table`): every row of the performance table
/// (docs/PERFORMANCE.md), ours next to its
/// peer or floor measured in the same run, as medians and worst of several runs. The other
/// subcommands keep their detailed reports; this one reuses their measurements.
struct TableBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table", abstract: "The performance table: each row, ours next to the peer run in the same invocation.")

    @Flag(help: "Fewer runs and shorter windows: about a minute instead of about five.") var quick = false
    @Option(help: "Runs per measurement (default 5, --quick 3).") var runs: Int?
    @Option(help: "Seconds to count idle wake-ups, per window (default 60, --quick 10).") var idleSeconds: Double?
    @Option(help: "Seconds of audio per CPU run (default 30, --quick 10).") var playSeconds: Double?
    @Option(help: "The floor program (scripts/bench compiles scripts/bench-peers/ring-floor.c).") var floor: String?
    @Option(help: "The floor for notify's memory (scripts/bench compiles scripts/bench-peers/notify-floor.swift).") var notifyFloor: String?
    @Option(help: "The fake notification server script.") var notificationServer = "scripts/testing/fake-notification-server.py"
    @Option(help: "The .deb scripts/package made from this build, for the size row (scripts/bench passes it).") var deb: String?
    @Option(help: "Only these groups of rows, comma-separated: lateness, sound, notify, daemon, binary.") var only: String?

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let runs = max(self.runs ?? (quick ? 3 : 5), 1)
        let table = Table()
        print("performance table: release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage()) at start")
        let scratch = NSTemporaryDirectory() + "oak-table-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let groups = only.map { Set($0.split(separator: ",").map(String.init)) }
        for group in groups ?? [] where !["lateness", "sound", "notify", "daemon", "binary"].contains(group) {
            throw BenchError("unknown group of rows '\(group)': lateness, sound, notify, daemon or binary")
        }
        func wanted(_ group: String) -> Bool { groups?.contains(group) ?? true }
        if wanted("lateness") { try await lateness(table, runs: runs) }
        if wanted("sound") { try SoundRows(scratch: scratch, runs: runs, playSeconds: playSeconds ?? (quick ? 10 : 30)).add(to: table) }
        if wanted("notify") { try NotifyRows(script: notificationServer, floor: notifyFloor, scratch: scratch, runs: runs).add(to: table) }
        if wanted("daemon") { try DaemonRows(runs: runs, idleSeconds: idleSeconds ?? (quick ? 10 : 60)).add(to: table) }
        if wanted("binary") { try BinaryRows(deb: deb, scratch: scratch, runs: runs).add(to: table) }
        print("load average at end \(loadAverage())")
        print("")
        print(table.markdown())
    }

    /// Scheduled instant -> first frame written: alarmd (DaemonBench's measurement) against the
    /// floor, a C program that has its PCM open and prepared before each instant.
    private func lateness(_ table: Table, runs: Int) async throws {
        let count = quick ? 20 : 50
        var floorText = "not run (pass --floor)"
        var floorMedian: Double?
        if let floor {
            let output = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: floor)
            process.arguments = ["null", "\(count)"]
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let values = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
            let figures = Figures(values)
            floorText = "C, PCM pre-opened: " + figures.text("ms", digits: 3)
            floorMedian = figures.median
        }
        let (late, _) = try await DaemonBench.lateness(alarms: count)
        let ours = Figures(late)
        table.add("lateness: instant -> first frame written (\(count) alarms)", peer: floorText, ours: ours.text("ms", digits: 3),
                  ratio: floorMedian.map { ours.median / $0 }, goal: "median ≤ 0.3 ms, worst ≤ 2 ms")
    }
}
