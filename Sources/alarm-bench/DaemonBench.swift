import AlarmStore
import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit

/// alarmd's figures against the daemon issue's goals: lateness, stop latency, idle wake-ups
/// and memory, list round trip, start-up with 10,000 alarms. Runs the alarmd built next to
/// this binary in a temporary home, sound on ALSA `null`, no notification server.
struct DaemonBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "daemon", abstract: "alarmd lateness, stop latency, idle cost, list and start-up.")

    @Option(help: "Alarms to ring for lateness and stop latency.") var alarms = 50
    @Option(help: "Seconds to watch the idle daemon for wake-ups.") var idleSeconds = 60.0

    func run() async throws {
        print("alarmd benchmark (device null, no notification server)")
        try await lateness()
        try idle()
        try startup()
    }

    /// Schedules `alarms` one-shot alarms 20 ms apart, records each one's first frame from
    /// the `sounding` events, and stops each as soon as it sounds (stop latency = round trip
    /// of the stop request, which returns only once the sound is silent).
    private func lateness() async throws {
        let (late, stops) = try await Self.lateness(alarms: alarms)
        print("lateness, scheduled instant -> first frame written (\(late.count) alarms): median \(ms(median(late))), p90 \(ms(percentile(late, 0.9))), worst \(ms(late.last ?? .nan))  goal: median < 1 ms, worst < 5 ms")
        print("stop latency, stop request -> sound silenced and acknowledged: median \(ms(median(stops))), worst \(ms(stops.last ?? .nan))  goal: < 50 ms")
    }

    /// Lateness and stop latency of each alarm, in ms, sorted.
    static func lateness(alarms: Int) async throws -> (late: [Double], stops: [Double]) {
        let daemon = try BenchDaemon()
        defer { daemon.stop() }
        let watch = try daemon.connect()
        let requests = try daemon.connect()
        let events = try watch.watch()
        let first = Date().addingTimeInterval(1)
        var ids: [UUID] = []
        for index in 0..<alarms {
            let record = BenchDaemon.record(title: "late \(index)", schedule: .fixed(first.addingTimeInterval(Double(index) * 0.02)))
            ids.append(record.id)
            try requests.send(.schedule, record: record)
        }
        let wanted = Set(ids)
        let stopper = try daemon.connect()
        var measured: [(late: Double, stop: Double)] = []
        for await message in events where message.event == .sounding {
            guard let id = message.alarm, wanted.contains(id), let fired = message.firedFor, let frame = message.firstFrame else { continue }
            let sent = Date()
            _ = try? stopper.send(.stop, alarm: id)
            measured.append((frame.timeIntervalSince(fired), Date().timeIntervalSince(sent)))
            if measured.count == wanted.count { break }
        }
        return (measured.map { $0.late * 1000 }.sorted(), measured.map { $0.stop * 1000 }.sorted())
    }

    /// 1,000 alarms scheduled, none due for a day: count the daemon's context switches (every
    /// wake-up of every thread is one) over `idleSeconds`, and read its memory.
    private func idle() throws {
        let daemon = try BenchDaemon()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        try daemon.scheduleFarAlarms(1000, over: connection)
        // The list round trip, while 1,000 alarms are there.
        var trips: [Double] = []
        for _ in 0..<30 {
            let start = Date()
            let count = try connection.send(.list).alarms?.count
            trips.append(Date().timeIntervalSince(start) * 1000)
            precondition(count == 1000)
        }
        trips.sort()
        print("list round trip with 1,000 alarms (request -> reply decoded): median \(ms(median(trips))), worst \(ms(trips.last!))  goal: < 20 ms")
        let command = try timeCommand([SoundBench.sibling("alarmctl"), "list", "--json"], environment: daemon.environment)
        print("`alarmctl list --json` with 1,000 alarms, whole command: \(ms(command * 1000))")

        Thread.sleep(forTimeInterval: 1)  // let the scheduling burst settle
        let before = daemon.threadSwitches()
        Thread.sleep(forTimeInterval: idleSeconds)
        let woke = daemon.wakeUps(since: before)
        let perMinute = Double(woke) * 60 / idleSeconds
        print("idle with 1,000 alarms: \(woke) wake-ups in \(Int(idleSeconds)) s (\(String(format: "%.1f", perMinute)) per minute)  goal: 0")
        print("idle memory: RSS \(daemon.memory("VmRSS")), peak \(daemon.memory("VmHWM")), of which anonymous \(daemon.memory("RssAnon"))  goal: RSS < 20 MiB")
    }

    /// 10,000 alarms in the store; time from spawning alarmd to its first answer.
    private func startup() throws {
        let times = try Self.startup(alarms: 10_000, runs: 5)
        print("start with 10,000 alarms, spawn -> first answer: median \(ms(median(times))), worst \(ms(times.last!))  goal: < 300 ms")
    }

    /// Spawn -> first answer of alarmd with `alarms` in its store, in ms, sorted.
    static func startup(alarms: Int, runs: Int) throws -> [Double] {
        let home = try BenchDaemon.makeHome()
        try BenchDaemon.fillStore(home, alarms: alarms)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = Date()
            let daemon = try BenchDaemon(home: home)
            // The socket listens before the alarms load; the first reply comes after.
            let count = try daemon.connect().send(.status).status?.alarmCount
            times.append(Date().timeIntervalSince(start) * 1000)
            precondition(count == alarms, "the daemon loaded \(count ?? 0) alarms, not \(alarms)")
            daemon.stop()
        }
        try? FileManager.default.removeItem(atPath: home.root)
        return times.sorted()
    }

    private func timeCommand(_ argv: [String], environment: [String: String]) throws -> Double {
        try MeasuredProcess.wallTime(argv, environment: environment)
    }
}

private func median(_ sorted: [Double]) -> Double { percentile(sorted, 0.5) }
private func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(Int((Double(sorted.count - 1) * p).rounded()), sorted.count - 1)]
}
private func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }

/// A release alarmd in a temporary home.
final class BenchDaemon {
    struct Home {
        var root: String
        var environment: [String: String]
    }

    let home: Home
    private let pid: pid_t
    var environment: [String: String] { home.environment }

    static func makeHome() throws -> Home {
        let root = NSTemporaryDirectory() + "oak-bench-\(UUID().uuidString.prefix(8))"
        for folder in ["run", "state", "config/openalarmkit", "data"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        chmod(root + "/run", 0o700)
        try "[alarms]\nmax_per_app = 100000\n".write(toFile: root + "/config/openalarmkit/config.toml", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = root + "/run"
        environment["XDG_STATE_HOME"] = root + "/state"
        environment["XDG_CONFIG_HOME"] = root + "/config"
        environment["XDG_DATA_HOME"] = root + "/data"
        environment["OPENALARMKIT_AUDIO_DEVICE"] = "null"
        environment["OPENALARMKIT_NO_AUTOSTART"] = "1"
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(root)/no-bus"
        environment["OPENALARMKIT_LOG_LEVEL"] = "warning"
        return Home(root: root, environment: environment)
    }

    init(home: Home? = nil) throws {
        self.home = try home ?? Self.makeHome()
        pid = try MeasuredProcess.start([SoundBench.sibling("alarmd")], environment: self.home.environment)
        let socket = AlarmPaths(environment: self.home.environment).socket
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? AlarmConnection(socketPath: socket)) != nil { return }
            usleep(500)
        }
        throw ValidationError("alarmd did not start")
    }

    /// Schedules `count` one-shot alarms, a day or more away, through the protocol (what the
    /// idle, list and memory figures measure against).
    func scheduleFarAlarms(_ count: Int, over connection: AlarmConnection) throws {
        let far = Date().addingTimeInterval(86400)
        for index in 0..<count {
            try connection.send(.schedule, record: BenchDaemon.record(title: "idle \(index)", schedule: .fixed(far.addingTimeInterval(Double(index)))))
        }
    }

    /// Writes `alarms` one-shot alarms, a day or more away, straight into the home's store.
    static func fillStore(_ home: Home, alarms: Int) throws {
        let store = try AlarmStore(at: URL(fileURLWithPath: AlarmPaths(environment: home.environment).database))
        let far = Date().addingTimeInterval(86400)
        try store.write { batch in
            for index in 0..<alarms {
                var record = BenchDaemon.record(title: "start \(index)", schedule: .fixed(far.addingTimeInterval(Double(index))))
                record.phase = .scheduled(fireDate: far.addingTimeInterval(Double(index)))
                try batch.save(record)
            }
        }
        try store.close()
    }

    var processID: pid_t { pid }

    /// A field of /proc/PID/smaps_rollup (Rss, Anonymous, ...) in KiB.
    func rollup(_ field: String) -> Double? {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
    }

    /// A /proc/PID/status memory field (VmRSS, RssAnon, RssFile, VmHWM) in KiB.
    func kib(_ field: String) -> Double? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
    }

    func connect() throws -> AlarmConnection { try AlarmConnection(socketPath: AlarmPaths(environment: home.environment).socket) }

    func stop() { MeasuredProcess.terminate(pid) }

    /// Voluntary and involuntary context switches of every thread of the daemon.
    func contextSwitches() -> Int { threadSwitches().values.reduce(0, +) }

    /// Context switches by thread id: a thread that ends between two readings takes its count
    /// with it, so wake-ups are counted per thread (`wakeUps(since:)`).
    func threadSwitches() -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            counts[task] = status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
        }
        return counts
    }

    /// Wake-ups since `before` (from `threadSwitches`): each living thread's growth, and all of
    /// a thread that started since.
    func wakeUps(since before: [String: Int]) -> Int {
        threadSwitches().reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }

    func memory(_ field: String) -> String {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kib = Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
        else { return "?" }
        return String(format: "%.1f MiB", kib / 1024)
    }

    static func record(title: String, schedule: Alarm.Schedule) -> AlarmRecord {
        AlarmRecord(
            id: UUID(), appID: "bench", schedule: schedule, countdownDuration: nil,
            presentation: AlarmPresentation(alert: .init(title: .init(title))), phase: .scheduled(fireDate: Date()))
    }
}
