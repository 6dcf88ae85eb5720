import ArgumentParser
import Foundation
import AlarmClient
import OpenAlarmKit
import Synchronization

/// When each `BenchIntent` performed, by its tag.
private let performed = Mutex<[String: Date]>([:])

/// The intent the connected-app measurement runs: notes when it performed.
struct BenchIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Bench"

    @Parameter(title: "tag")
    var tag: String

    init(tag: String) { self.tag = tag }
    init() { self.tag = "" }

    func perform() async throws -> some IntentResult {
        let now = Date()
        performed.withLock { $0[tag] = now }
        return .result()
    }
}

/// How long a pressed Stop takes to become the app's running intent: in an app connected to
/// alarmd, and in an app alarmd must start first (the cooking timer example, built beside this
/// binary). The press is a stop request that names no app, which alarmd takes as a person's.
struct IntentBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "intents", abstract: "Button press -> app intent running, connected and started.")

    @Option(help: "Presses to measure for each case.") var presses = 20

    func run() async throws {
        print("intent delivery (alarmd, device null, no notification server)")
        try await connected()
        try await started()
    }

    private func connected() async throws {
        let daemon = try BenchDaemon()
        defer { daemon.stop() }
        let app = "bench.intents"
        var allow = AlarmProtocol.Request(id: 0, op: .setAuthorization, app: app)
        allow.decision = .allow
        try daemon.connect().send(allow)
        let manager = AlarmManager(appID: app, environment: daemon.environment)
        let presser = try daemon.connect()
        var latencies: [Double] = []
        for index in 0..<presses {
            let tag = "press-\(index)"
            let id = UUID()
            let attributes = AlarmAttributes<NoMetadata>(presentation: AlarmPresentation(alert: .init(title: "Bench")), tintColor: .blue)
            _ = try await manager.schedule(id: id, configuration: .timer(duration: 3600, attributes: attributes, stopIntent: BenchIntent(tag: tag)))
            let pressed = Date()
            try presser.send(.stop, alarm: id)  // a person's Stop on the counting-down popup
            let deadline = pressed.addingTimeInterval(10)
            while performed.withLock({ $0[tag] }) == nil, Date() < deadline { try await Task.sleep(for: .microseconds(200)) }
            guard let ran = performed.withLock({ $0[tag] }) else { throw ValidationError("the intent did not run") }
            latencies.append(ran.timeIntervalSince(pressed) * 1000)
        }
        latencies.sort()
        print("connected app, Stop pressed -> intent performing (\(latencies.count)): median \(format(median(latencies))), worst \(format(latencies.last ?? .nan))")
    }

    private func started() async throws {
        let daemon = try BenchDaemon()
        defer { daemon.stop() }
        let cookingTimer = SoundBench.sibling("CookingTimer")
        var allow = AlarmProtocol.Request(id: 0, op: .setAuthorization, app: "CookingTimer")
        allow.decision = .allow
        try daemon.connect().send(allow)
        let log = AlarmPaths(environment: daemon.environment).stateDirectory + "/apps/CookingTimer.log"
        let presser = try daemon.connect()
        var latencies: [Double] = []
        for index in 0..<min(presses, 10) {
            let scheduled = try MeasuredProcess.start([cookingTimer, "start", "3600"], environment: daemon.environment)
            MeasuredProcess.wait(scheduled)  // it exits once the timer is scheduled
            guard let id = try daemon.connect().send(.list, app: "CookingTimer").alarms?.first?.id else { throw ValidationError("the cooking timer scheduled nothing") }
            let pressed = Date()
            try presser.send(.stop, alarm: id)
            let deadline = pressed.addingTimeInterval(10)
            func runs() -> Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "StopIntent").count - 1 }
            while runs() <= index, Date() < deadline { try await Task.sleep(for: .microseconds(500)) }
            guard runs() > index else { throw ValidationError("the started app did not run its intent") }
            latencies.append(Date().timeIntervalSince(pressed) * 1000)
            try await Task.sleep(for: .milliseconds(100))  // let it exit before the next press
        }
        latencies.sort()
        print("app not running, Stop pressed -> app started, intent ran and printed (\(latencies.count)): median \(format(median(latencies))), worst \(format(latencies.last ?? .nan))")
    }

    private func median(_ sorted: [Double]) -> Double { sorted.isEmpty ? .nan : sorted[sorted.count / 2] }
    private func format(_ value: Double) -> String { String(format: "%.2f ms", value) }
}

private struct NoMetadata: AlarmMetadata {}
