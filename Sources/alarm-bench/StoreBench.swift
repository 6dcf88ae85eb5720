import AlarmStore
import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit

/// The store's share of the daemon's start-up budget (10,000 alarms in under 300 ms) and
/// the cost of one durable write, which every acknowledged request pays.
struct StoreBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Insert, open, load and durably save alarms in a real SQLite file.")

    @Option(help: "How many alarms to store.")
    var alarms = 10_000
    @Option(help: "How many single durable saves to time.")
    var saves = 200
    @Option(help: "Folder for the database; default: a temporary one, removed afterwards.")
    var directory: String?

    func run() async throws {
        let folder = directory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("alarm-bench-store-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("alarms.sqlite")
        defer { if directory == nil { try? FileManager.default.removeItem(at: folder) } }
        let records = (0..<alarms).map(Self.record)

        var store = try AlarmStore(at: url)
        let insert = try time {
            for batch in stride(from: 0, to: records.count, by: 500) {
                try store.write { tx in for record in records[batch..<min(batch + 500, records.count)] { try tx.save(record) } }
            }
        }
        report("insert \(alarms) (batches of 500)", insert, per: alarms)
        try store.close()

        // What the daemon pays at start-up: open (header, quick_check, migrations) + load.
        var loaded: [AlarmRecord] = []
        var open = Duration.zero, load = Duration.zero
        let startCPU = try cpuTime {
            open = try time { store = try AlarmStore.open(at: url).store }
            load = try time { loaded = try store.all() }
        }
        guard loaded.count == alarms else { throw ValidationError("loaded \(loaded.count) of \(alarms) alarms") }
        report("open \(alarms)-alarm database (quick_check, migrations)", open)
        report("load all \(alarms)", load, per: alarms)
        report("open + load (start-up share; goal for the whole start: 300 ms)", open + load)
        report("open + load, CPU time", startCPU)
        let reloads = try (0..<5).map { _ in try time { _ = try store.all() } }
        report("load all \(alarms), best of 5 more", reloads.min()!)
        let cpu = try (0..<5).map { _ in try cpuTime { _ = try store.all() } }
        report("load all \(alarms), CPU time, best of 5", cpu.min()!, per: alarms)

        var latencies: [Duration] = []
        for index in 0..<saves {
            var record = records[index % records.count]
            record.phase = .scheduled(fireDate: Date().addingTimeInterval(Double(index)))
            latencies.append(try time { try store.save(record) })
        }
        latencies.sort()
        let median = latencies[latencies.count / 2]
        let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        print("store: durable save (WAL, synchronous=FULL): median \(ms(median)), p99 \(ms(p99)) over \(saves)")

        let counts = try (0..<200).map { i in try time { _ = try store.count(appID: "org.example.app\(i % 10)") } }.sorted()
        print("store: count(appID:): median \(ms(counts[counts.count / 2]))")
    }

    private func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// The process's CPU time: the machine is often shared, and waiting for a core is not
    /// the store's cost.
    private func cpuTime(_ body: () throws -> Void) throws -> Duration {
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        try body()
        return now() - start
    }

    private func ms(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f ms", seconds * 1000)
    }

    private func report(_ what: String, _ duration: Duration, per count: Int? = nil) {
        var line = "store: \(what): \(ms(duration))"
        if let count {
            let micros = (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 1e6
            line += String(format: " (%.1f µs per alarm)", micros / Double(count))
        }
        print(line)
    }

    /// A realistic mix: every schedule kind and phase, snooze buttons, named sounds, metadata.
    static func record(_ index: Int) -> AlarmRecord {
        let now = Date(timeIntervalSinceReferenceDate: 816_000_000)
        let fire = now.addingTimeInterval(Double(index * 60))
        let schedules: [Alarm.Schedule?] = [
            .relative(.init(time: .init(hour: index % 24, minute: index % 60), repeats: .weekly([.monday, .tuesday, .wednesday, .thursday, .friday]))),
            .fixed(fire),
            nil,
            .relative(.init(time: .init(hour: 6, minute: 30), repeats: .never)),
        ]
        let phases: [AlarmRecord.Phase] = [
            .scheduled(fireDate: fire),
            .countdown(startDate: now, fireDate: fire, total: 600, previouslyElapsed: 12.5),
            .paused(total: 300, previouslyElapsed: 100),
            .scheduled(fireDate: fire),
        ]
        return AlarmRecord(
            id: UUID(), appID: "org.example.app\(index % 10)", schedule: schedules[index % 4],
            countdownDuration: .init(preAlert: index % 4 == 2 ? 600 : nil, postAlert: 540),
            presentation: AlarmPresentation(
                alert: .init(
                    title: "Alarm number \(index)",
                    secondaryButton: AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz"),
                    secondaryButtonBehavior: .countdown),
                countdown: .init(title: "Ringing soon",
                                 pauseButton: AlarmButton(text: "Pause", textColor: .white, systemImageName: "pause.fill"))),
            tintColor: .orange,
            metadata: index % 3 == 0 ? #"{"note":"take the pills","room":"kitchen"}"# : nil,
            sound: SoundSettings(sound: index % 2 == 0 ? .named("Chime") : .default, volume: 0.7, rampSeconds: 20),
            phase: phases[index % 4])
    }
}
