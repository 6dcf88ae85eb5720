import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit

/// `alarm-bench memory`: where alarmd's resident memory is, mapping by mapping
/// (/proc/PID/smaps: Rss, Private_Dirty, Shared_Clean), idle with N alarms and again after
/// `alarmctl list` and `list --json`, so that a change to memory can be judged by the mapping
/// it moves rather than by one total.
struct MemoryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory", abstract: "alarmd's resident memory by mapping, idle and after big lists.")

    @Option(help: "Alarms in the store (scheduled over the socket up to 1,000, written to the store above).") var alarms = 1000
    @Option(help: "Mappings to print, largest first.") var top = 14
    @Option(help: "Seconds to keep the daemon alive at the end (to inspect it by hand).") var hold = 0.0

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        // What each alarm costs inline in the daemon's dictionaries, before its heap parts.
        print("AlarmRecord inline: \(MemoryLayout<AlarmRecord>.stride) bytes (presentation \(MemoryLayout<AlarmPresentation>.stride), "
            + "schedule \(MemoryLayout<Alarm.Schedule?>.stride), sound \(MemoryLayout<SoundSettings>.stride), "
            + "tint \(MemoryLayout<Color>.stride), phase \(MemoryLayout<AlarmRecord.Phase>.stride))")
        let daemon: BenchDaemon
        if alarms > 1000 {
            let home = try BenchDaemon.makeHome()
            try BenchDaemon.fillStore(home, alarms: alarms)
            daemon = try BenchDaemon(home: home)
        } else {
            daemon = try BenchDaemon()
            let connection = try daemon.connect()
            try daemon.scheduleFarAlarms(alarms, over: connection)
        }
        defer {
            if hold > 0 { print("alarmd pid \(daemon.processID), held \(hold) s"); fflush(nil); Thread.sleep(forTimeInterval: hold) }
            daemon.stop()
            if alarms > 1000 { try? FileManager.default.removeItem(atPath: daemon.home.root) }
        }
        guard try daemon.connect().send(.status).status?.alarmCount == alarms else { throw BenchError("alarmd did not hold \(alarms) alarms") }
        Thread.sleep(forTimeInterval: 1)
        report("idle, \(alarms) alarms", daemon)
        let alarmctl = SoundBench.sibling("alarmctl")
        for command in [["list"], ["list", "--json"]] {
            _ = try MeasuredProcess.wallTime([alarmctl] + command, environment: daemon.environment)
        }
        Thread.sleep(forTimeInterval: 1)
        report("after `list` and `list --json`", daemon)
        print(String(format: "peak (VmHWM) %.1f MiB", (daemon.kib("VmHWM") ?? .nan) / 1024))
    }

    private func report(_ title: String, _ daemon: BenchDaemon) {
        let maps = SmapsTable.read(pid: daemon.processID)
        let total = maps.reduce(SmapsTable.Row(name: "total")) { $0 + $1 }
        let anonymous = (daemon.rollup("Anonymous") ?? .nan) / 1024
        print(String(format: "== %@: RSS %.1f MiB (file-backed %.1f, anonymous %.1f); private dirty %.1f, shared clean %.1f, private clean %.1f",
                     title, total.rss / 1024, total.rss / 1024 - anonymous, anonymous, total.privateDirty / 1024, total.sharedClean / 1024, total.privateClean / 1024))
        print("     Rss  PrivDirty  ShClean  PrivClean  mapping (KiB)")
        for row in maps.sorted(by: { $0.rss > $1.rss }).prefix(top) {
            print(String(format: "%8.0f %10.0f %8.0f %10.0f  %@", row.rss, row.privateDirty, row.sharedClean, row.privateClean, row.name))
        }
    }
}

/// /proc/PID/smaps summed by mapped file (anonymous mappings by their bracketed name or
/// "[anon]"), in KiB.
enum SmapsTable {
    struct Row {
        var name: String
        var rss = 0.0, privateDirty = 0.0, sharedClean = 0.0, privateClean = 0.0
        static func + (a: Row, b: Row) -> Row {
            Row(name: a.name, rss: a.rss + b.rss, privateDirty: a.privateDirty + b.privateDirty,
                sharedClean: a.sharedClean + b.sharedClean, privateClean: a.privateClean + b.privateClean)
        }
    }

    static func read(pid: pid_t) -> [Row] {
        // Read to the end: a /proc file reports size 0, and a single read returns one page.
        let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile() ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        var rows: [String: Row] = [:]
        var current = "[anon]"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), first.first?.isHexDigit == true {
                current = fields.count >= 6 ? fields[5...].joined(separator: " ") : "[anon]"
                continue
            }
            guard fields.count >= 2, let kib = Double(fields[1]) else { continue }
            var row = rows[current] ?? Row(name: current)
            switch first {
            case "Rss:": row.rss += kib
            case "Private_Dirty:": row.privateDirty += kib
            case "Shared_Clean:": row.sharedClean += kib
            case "Private_Clean:": row.privateClean += kib
            default: continue
            }
            rows[current] = row
        }
        return Array(rows.values)
    }
}
