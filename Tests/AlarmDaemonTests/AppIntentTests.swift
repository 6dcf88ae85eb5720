import Foundation
import AlarmClient
import OpenAlarmKit
import Testing
import TestSupport

/// Every run of `RecordingIntent` in this process, by its `tag` parameter.
let intentRuns = Locked<[String]>([])

struct RecordingIntent: LiveActivityIntent {
    static let title: LocalizedStringResource = "Record"

    @Parameter(title: "tag")
    var tag: String

    init(tag: String) { self.tag = tag }
    init() { self.tag = "" }

    func perform() async throws -> some IntentResult {
        intentRuns.withLock { $0.append(tag) }
        return .result()
    }
}

func runs(of tag: String) -> Int { intentRuns.withLock { $0.filter { $0 == tag }.count } }

/// Intents as AlarmKit runs them: when a person presses the button, in the app if it is
/// connected, else in the app alarmd starts for it, once.
@Suite(.timeLimit(.minutes(2)), .tags(.products)) struct AppIntentTests {
    func allowedManager(_ daemon: DaemonHarness, app: String) throws -> AlarmManager {
        #expect(try daemon.alarmctl("apps", "allow", app).status == 0)
        return AlarmManager(appID: app, environment: daemon.environment)
    }

    func ringingTimer(_ manager: AlarmManager, stop: String, secondary: String, behavior: AlarmPresentation.Alert.SecondaryButtonBehavior = .countdown) async throws -> UUID {
        let id = UUID()
        let alert = AlarmPresentation.Alert(
            title: "Tea \(stop)", secondaryButton: AlarmButton(text: "Repeat", textColor: .white, systemImageName: "repeat"),
            secondaryButtonBehavior: behavior)
        let attributes = AlarmAttributes<Recipe>(presentation: AlarmPresentation(alert: alert), tintColor: .blue)
        let configuration = AlarmManager.AlarmConfiguration(
            countdownDuration: .init(preAlert: 0.3, postAlert: 30), attributes: attributes,
            stopIntent: RecordingIntent(tag: stop), secondaryIntent: RecordingIntent(tag: secondary))
        _ = try await manager.schedule(id: id, configuration: configuration)
        await eventually("the timer to ring") { (try? manager.alarms.first { $0.id == id }?.state) == .alerting }
        return id
    }

    @Test func aPressedStopRunsTheIntentInTheConnectedAppOnce() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let manager = try allowedManager(daemon, app: "org.example.connected")
        let stopTag = "stop-\(UUID())", repeatTag = "repeat-\(UUID())"
        let id = try await ringingTimer(manager, stop: stopTag, secondary: repeatTag)
        let server = try #require(daemon.notifications)
        let popup = try #require(try await server.waitForAlerts(summary: "Tea \(stopTag)", timeout: .seconds(30)).last)
        try await server.send("invoke \(popup.id) \(popup.stopKey)")
        await eventually("the stop intent to run") { runs(of: stopTag) == 1 }
        // Not a pause: the press was handled in one turn (its intent ran), and alarmd's account
        // of the intents made since is complete: each waits until a claim takes it, logged.
        let made = try daemon.intentsMade(for: id, app: "org.example.connected")
        #expect(made.waiting == 0 && made.taken == ["stop"], "\(made)")
        #expect(runs(of: stopTag) == 1 && runs(of: repeatTag) == 0)
        #expect(try manager.alarms.contains { $0.id == id } == false)
    }

    @Test func repeatRunsTheSecondaryIntentAndCountsDownAgain() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let manager = try allowedManager(daemon, app: "org.example.repeat")
        let stopTag = "stop-\(UUID())", repeatTag = "repeat-\(UUID())"
        let id = try await ringingTimer(manager, stop: stopTag, secondary: repeatTag)
        let server = try #require(daemon.notifications)
        let popup = try #require(try await server.waitForAlerts(summary: "Tea \(stopTag)", timeout: .seconds(30)).last)
        try await server.send("invoke \(popup.id) \(popup.snoozeKey)")
        await eventually("the secondary intent to run") { runs(of: repeatTag) == 1 }
        #expect(try manager.alarms.first { $0.id == id }?.state == .countdown)
        #expect(runs(of: stopTag) == 0)
    }

    @Test func theAppsOwnStopCallRunsNoIntent() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let manager = try allowedManager(daemon, app: "org.example.selfstop")
        let stopTag = "stop-\(UUID())"
        let id = try await ringingTimer(manager, stop: stopTag, secondary: "unused-\(UUID())")
        try manager.stop(id: id)
        // alarmctl acts for the person: the same stop from it would run the intent. Not a
        // pause: the stop's reply comes after the turn that would have made the intent.
        let made = try daemon.intentsMade(for: id, app: "org.example.selfstop")
        #expect(made.waiting == 0 && made.taken.isEmpty, "\(made)")
        #expect(runs(of: stopTag) == 0)
    }

    @Test func theCookingTimerRepeatsAndStopsWithItsIntentsRunOnceInAppsAlarmdStarts() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        #expect(try daemon.alarmctl("apps", "allow", "CookingTimer").status == 0)
        // The cooking timer schedules a 1 s timer (Repeat: 1 s more) and exits.
        let started = try Subprocess.run(BuildProducts.path("CookingTimer"), ["start", "1", "1"], environment: daemon.environment)
        #expect(started.termination.status == 0, "\(started.stderr)")
        let id = try #require(UUID(uuidString: String(started.stdout.prefix(36))))
        let appLog = daemon.paths.stateDirectory + "/apps/CookingTimer.log"
        func log() -> String { (try? String(contentsOfFile: appLog, encoding: .utf8)) ?? "" }
        func count(_ line: String) -> Int { log().components(separatedBy: line).count - 1 }
        let server = try #require(daemon.notifications)

        // It rings; Repeat counts down again and alarmd starts the app for the secondary intent.
        await eventually("the timer to ring") { (try? daemon.record(id))?.phase.state == .alerting }
        let first = try #require(try await server.waitForAlerts(summary: "Food Ready!", timeout: .seconds(30)).last)
        #expect(first.actions.contains("Repeat") && first.actions.contains("Dismiss"))
        try await server.send("invoke \(first.id) \(first.snoozeKey)")
        await eventually("Repeat to count down") { (try? daemon.record(id))?.phase.state == .countdown }
        await eventually("the started app to run the repeat intent") { count("ran 1 intent(s)") == 1 }
        #expect(count("RepeatIntent: five more minutes for \(id.uuidString)") == 1, "\(log())")

        // It rings again; Dismiss stops it and the stop intent runs, once, in a new process.
        await eventually("the timer to ring again") { (try? daemon.record(id))?.phase.state == .alerting }
        let second = try #require(try await server.waitForAlerts(summary: "Food Ready!", count: 2, timeout: .seconds(30)).last)
        try await server.send("invoke \(second.id) \(second.stopKey)")
        await eventually("the started app to run the stop intent") { count("ran 1 intent(s)") == 2 }
        #expect(count("StopIntent: the cook dismissed \(id.uuidString)") == 1, "\(log())")
        #expect(count("RepeatIntent") == 1)
        #expect(daemon.logText.contains("started 'CookingTimer'"))
        #expect(try daemon.record(id) == nil)

        // Nothing is left to run twice: the app started again finds no intent.
        var again = daemon.environment
        again["OPENALARMKIT_LAUNCH_REASON"] = "intent"
        let rerun = try Subprocess.run(BuildProducts.path("CookingTimer"), [], environment: again)
        #expect(rerun.stdout.contains("ran 0 intent(s)"), "\(rerun.stdout) \(rerun.stderr)")
        #expect(try daemon.alarmctl("apps", "list", "--json").out.contains("\"pendingIntents\" : 0"))
    }

    @Test func malformedAppRequestsGetErrorsAndTheDaemonGoesOn() throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let link = try daemon.connect()
        for op in [AlarmProtocol.Operation.authorization, .requestAuthorization, .setAuthorization, .claimIntents] {
            #expect(throws: ConnectionError.self) { try link.send(op) }  // no app
        }
        #expect(throws: ConnectionError.self) { try link.send(.setAuthorization, app: "org.example.x") }  // no decision
        #expect(throws: ConnectionError.self) { try link.send(.claimIntents, app: "../etc") }
        var huge = AlarmProtocol.Request(id: 0, op: .requestAuthorization, app: "org.example.x")
        huge.registration = AppRegistration(displayName: String(repeating: "x", count: 300))
        #expect(throws: ConnectionError.self) { try link.send(huge) }
        #expect(try link.send(.apps).apps?.isEmpty == true)
    }

    @Test func anIntentWhoseAppCannotStartIsDroppedWithALogLine() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        #expect(try daemon.alarmctl("apps", "allow", "org.example.gone").status == 0)
        var request = AlarmProtocol.Request(id: 0, op: .schedule, app: "org.example.gone", record: makeRecord(title: "Gone", preAlert: 30, app: "org.example.gone"))
        request.stopIntent = try EncodedIntent(RecordingIntent(tag: "gone"))
        request.registration = AppRegistration(displayName: "Gone", launch: AppLaunch(executable: "/nonexistent/gone-app"))
        let id = try #require(try daemon.connect().send(request).record?.id)
        // alarmctl acts for the person, like the Stop button.
        #expect(try daemon.alarmctl("stop", String(id.uuidString.prefix(8))).status == 0)
        await eventually("the drop to be logged") { daemon.logText.contains("dropped the stop intent") }
        #expect(daemon.logText.contains("cannot start /nonexistent/gone-app"))
        #expect(runs(of: "gone") == 0)
    }

    @Test func aPendingIntentSurvivesADaemonCrashAndRunsOnce() async throws {
        let daemon = try DaemonHarness(withNotificationServer: false)
        try daemon.start()
        let app = "org.example.durable"
        #expect(try daemon.alarmctl("apps", "allow", app).status == 0)
        let tag = "durable-\(UUID())"
        var request = AlarmProtocol.Request(id: 0, op: .schedule, app: app, record: makeRecord(title: "Durable", preAlert: 30, app: app))
        request.stopIntent = try EncodedIntent(RecordingIntent(tag: tag))
        request.registration = AppRegistration(displayName: "Durable", launch: nil)  // alarmd cannot start it
        let id = try #require(try daemon.connect().send(request).record?.id)
        #expect(try daemon.alarmctl("stop", String(id.uuidString.prefix(8))).status == 0)
        await eventually("the intent to wait for its app") { daemon.logText.contains("registered no way to start it") }

        daemon.kill9()
        try daemon.start()
        let manager = AlarmManager(appID: app, environment: daemon.environment)
        #expect(await manager.runPendingIntents() == 1)
        #expect(runs(of: tag) == 1)
        #expect(await manager.runPendingIntents() == 0)
        #expect(runs(of: tag) == 1)
    }
}

extension DaemonHarness {
    /// The intents alarmd has made so far for the buttons of `alarm` of `app`: those taken from
    /// the waiting ones (claimed by the app, dropped or expired: by button, "stop" or
    /// "secondary", oldest first) and how many of the app's still wait. Each is logged in the
    /// turn that takes it; read after the `apps` reply, the answer is complete up to the turns
    /// before that reply.
    func intentsMade(for alarm: UUID, app: String) throws -> (taken: [String], waiting: Int) {
        let summary = try #require(try connect().send(.apps).apps?.first { $0.app == app }, "alarmd does not know '\(app)'")
        let taken = logText.split(separator: "\n").filter { $0.contains("of alarm \(alarm.uuidString)") }.compactMap { line in
            ["stop", "secondary"].first { line.contains("the \($0) intent ") }
        }
        return (taken, summary.pendingIntents)
    }
}
