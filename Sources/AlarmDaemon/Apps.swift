import AlarmCore
import AlarmStore
import FoundationEssentials
import Logging
import AlarmLocations
import AlarmWire

/// Durable storage of apps, alarm intents and pending intents.
protocol AppsPersistence: AnyObject {
    func loadApps() throws -> (apps: [StoredApp], intents: [AlarmIntents], pending: [PendingIntent])
    func commitApps(_ changes: AppsChanges) throws
}

/// What alarmd knows about apps: their consent, how to start them, the intents of their
/// alarms' buttons, and the intents pressed but not yet run. Lives on the event loop's thread.
///
/// Consent, not a security boundary: every program of the user reaches alarmd, and a request
/// that does not name an app (alarmctl) acts for the person.
final class AppsService: @unchecked Sendable {  // touched on the loop thread only
    /// How long a pressed button's intent waits for its app to claim it.
    static let intentLifetime: TimeInterval = 120

    var apps: [String: StoredApp] = [:]
    private var alarmIntents: [UUID: AlarmIntents] = [:]
    private(set) var pending: [UUID: PendingIntent] = [:]
    /// Connections of apps' AlarmManagers that run intents (weak: they come and go).
    private var runners: [ObjectIdentifier: Runner] = [:]
    /// Apps whose consent prompt is on screen.
    var prompting: Set<String> = []
    /// Processes started for an intent and not yet exited, by app.
    private var launched: [String: Int32] = [:]
    /// Alarms whose intent an app claimed, until when its dialog may still come (`intentDialog`).
    var recentClaims: [UUID: (app: String, until: Date)] = [:]
    /// Shows intent dialogs; made on first use, nil where there is no notification server.
    var dialogs: IntentDialogShowing?
    let makeDialogs: () -> IntentDialogShowing?

    let persistence: AppsPersistence
    let logger: Logger
    let loop: EventLoop
    private let expiry: DeadlineTimer
    private let launcher: AppLauncher
    var prompter: ConsentPrompting?
    let makePrompter: () -> ConsentPrompting?
    /// Where apps' AlarmManagers are connected: intents and consent events go out through it.
    unowned let server: SocketServer
    /// Alarms per app, for `apps`.
    let alarmCounts: () -> [String: Int]

    private struct Runner {
        weak var connection: SocketServer.Connection?
        let app: String
    }

    init(
        persistence: AppsPersistence, loop: EventLoop, server: SocketServer, environment: [String: String], paths: AlarmPaths,
        logger: Logger, alarmCounts: @escaping () -> [String: Int], makePrompter: @escaping () -> ConsentPrompting?,
        makeDialogs: @escaping () -> IntentDialogShowing?
    ) throws(DaemonError) {
        self.persistence = persistence
        self.loop = loop
        self.server = server
        self.logger = logger
        self.alarmCounts = alarmCounts
        self.makePrompter = makePrompter
        self.makeDialogs = makeDialogs
        expiry = try DeadlineTimer()
        launcher = AppLauncher(environment: environment, logDirectory: paths.stateDirectory + "/apps")
        loop.watch(expiry.fd) { [unowned self] _ in
            _ = expiry.read()
            expire(now: Date())
        }
    }

    /// Loads what was stored; forgets intents of alarms that no longer exist and pending
    /// intents that expired while alarmd was down (each with a log line).
    func start(existingAlarms: Set<UUID>, now: Date) {
        do {
            let loaded = try persistence.loadApps()
            for app in loaded.apps { apps[app.appID] = app }
            var changes = AppsChanges()
            for intents in loaded.intents {
                if existingAlarms.contains(intents.alarmID) { alarmIntents[intents.alarmID] = intents } else { changes.deleteIntents.append(intents.alarmID) }
            }
            for item in loaded.pending { pending[item.id] = item }
            commit(changes)
        } catch {
            logger.error("cannot load apps and intents: \(error); consent and pending intents start empty")
        }
        expire(now: now)
        // Pressed while alarmd was down or before its app claimed them: deliver them now.
        for app in Set(pending.values.map(\.app)).sorted() { deliver(to: app) }
    }

    // MARK: Requests

    /// Answers the apps part of the protocol into `reply`.
    func answer(_ request: AlarmProtocol.Request, into reply: inout AlarmProtocol.Message, now: Date) throws(AlarmProtocol.ErrorReply) {
        switch request.op {
        case .authorization:
            let app = try appID(of: request)
            reply.app = app
            reply.authorization = apps[app]?.authorization ?? .notDetermined
        case .requestAuthorization:
            let app = try appID(of: request)
            try Self.validate(request.registration)
            reply.app = app
            reply.authorization = try requestAuthorization(app: app, registration: request.registration, now: now)
        case .setAuthorization:
            let app = try appID(of: request)
            guard let decision = request.decision else { throw .init(.malformed, "setAuthorization needs a 'decision': allow, deny or reset") }
            reply.app = app
            reply.authorization = try decide(app: app, decision, by: "alarmctl", now: now)
        case .apps:
            reply.apps = summaries()
        case .claimIntents:
            reply.intents = try claim(app: try appID(of: request), now: now)
        case .intentDialog:
            try showDialog(request, app: try appID(of: request), now: now)
        default:
            break
        }
    }

    /// A schedule from an app (a request that names its `app`) needs its consent; one from
    /// alarmctl or another client that does not name itself acts for the person.
    func checkSchedule(_ request: AlarmProtocol.Request, record: AlarmRecord) throws(AlarmProtocol.ErrorReply) {
        try Self.validate(request.registration)
        for intent in [request.stopIntent, request.secondaryIntent].compactMap({ $0 }) {
            let size = intent.typeName.utf8.count + intent.mangledTypeName.utf8.count + intent.parameters.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            guard size <= Self.maxIntentBytes else {
                throw .init(.invalidConfiguration, "the intent \(intent.typeName) is \(size) bytes; at most \(Self.maxIntentBytes) travel with an alarm")
            }
        }
        guard let app = request.app else { return }
        guard app == record.appID else { throw .init(.invalidConfiguration, "app '\(app)' cannot schedule an alarm for app '\(record.appID)'") }
        switch apps[app]?.authorization ?? .notDetermined {
        case .authorized: return
        case .denied: throw .init(.notAuthorized, "'\(app)' may not schedule alarms: a person chose Don't Allow (change it with: alarmctl apps allow \(app))")
        case .notDetermined: throw .init(.notAuthorized, "'\(app)' has not been allowed to schedule alarms yet: call requestAuthorization(), or run: alarmctl apps allow \(app)")
        }
    }

    /// Stores a new alarm's intents and the app's (possibly changed) launch command. Written
    /// right after the alarm: should that write fail, the alarm rings and only its intents are
    /// lost, which the log says.
    func scheduled(_ request: AlarmProtocol.Request, record: AlarmRecord) {
        var changes = AppsChanges()
        if request.stopIntent != nil || request.secondaryIntent != nil {
            let intents = AlarmIntents(alarmID: record.id, appID: record.appID, stop: request.stopIntent, secondary: request.secondaryIntent)
            changes.saveIntents.append(intents)
            alarmIntents[record.id] = intents
        }
        if let registration = request.registration, var app = apps[record.appID], app.registration != registration {
            app.registration = registration
            apps[record.appID] = app
            changes.saveApps.append(app)
        }
        commit(changes)
    }

    /// A `watch` request: remember connections that run the app's intents.
    func watching(_ connection: SocketServer.Connection, request: AlarmProtocol.Request) {
        guard request.runsIntents == true, let app = request.app else { return }
        runners[ObjectIdentifier(connection)] = Runner(connection: connection, app: app)
    }

    // MARK: Alarms

    func intents(of alarm: UUID) -> AlarmIntents? { alarmIntents[alarm] }

    /// Forgets the intents of alarms that are gone (stopped for good, cancelled).
    func alarmsChanged(existing records: [UUID: AlarmRecord]) {
        let gone = alarmIntents.keys.filter { records[$0] == nil }
        guard !gone.isEmpty else { return }
        for id in gone { alarmIntents[id] = nil }
        var changes = AppsChanges()
        changes.deleteIntents = gone
        commit(changes)
    }

    /// A person acted on an alarm (a notification button, or alarmctl): Stop runs the stop
    /// intent; Repeat/Snooze (`.countdown`) and a custom button run the secondary intent. The
    /// intent is kept durably until the app claims it; a running app is told, one that is
    /// not running is started.
    func personActed(_ event: LifecycleEvent, intents: AlarmIntents?, now: Date) {
        guard let intents else { return }
        let button: String
        let intent: EncodedIntent?
        switch event {
        case .stop: (button, intent) = ("stop", intents.stop)
        case .countdown, .custom: (button, intent) = ("secondary", intents.secondary)
        default: return
        }
        guard let intent else { return }
        let item = PendingIntent(
            id: UUID(), app: intents.appID, alarm: intents.alarmID, button: button, intent: intent,
            pressedAt: now, expiresAt: now + Self.intentLifetime)
        pending[item.id] = item
        var changes = AppsChanges()
        changes.savePending = [item]
        commit(changes)
        armExpiry()
        deliver(to: intents.appID)
    }

    // MARK: Delivery

    /// Tells a connected AlarmManager of the app to claim; else starts the app.
    private func deliver(to app: String) {
        if let runner = liveRunner(of: app) {
            var message = AlarmProtocol.Message(event: .intentPending)
            message.app = app
            server.push(message, to: runner)
            return
        }
        guard launched[app] == nil else { return }  // already starting; it claims everything
        guard let launch = apps[app]?.registration?.launch else {
            logger.warning("app '\(app)' is not running and registered no way to start it; its intent waits \(Int(Self.intentLifetime)) s for it to connect")
            return
        }
        do {
            let pid = try launcher.launch(launch, app: app) { [weak self] pid, status in
                self?.loop.post { [weak self] in self?.appExited(app: app, pid: pid, status: status) }
            }
            launched[app] = pid
            logger.info("started '\(app)' (\(launch.executable), pid \(pid)) to run its intent")
        } catch {
            drop(app: app, because: "cannot start \(launch.executable): \(error)")
        }
    }

    private func liveRunner(of app: String) -> SocketServer.Connection? {
        runners = runners.filter { $0.value.connection != nil }
        let live = Set(server.watchers.map(ObjectIdentifier.init))
        return runners.first { live.contains($0.key) && $0.value.app == app }?.value.connection
    }

    /// Hands out the app's pending intents, oldest first, removing them durably first so that
    /// none can run twice, even if alarmd dies right after.
    private func claim(app: String, now: Date) throws(AlarmProtocol.ErrorReply) -> [PendingIntent] {
        let claimed = pending.values.filter { $0.app == app && $0.expiresAt > now }.sorted { $0.pressedAt < $1.pressedAt }
        guard !claimed.isEmpty else { return [] }
        var changes = AppsChanges()
        changes.deletePending = claimed.map(\.id)
        do { try persistence.commitApps(changes) } catch {
            throw .init(.storage, "could not hand out intents: \(error)")
        }
        for item in claimed {
            pending[item.id] = nil
            recentClaims[item.alarm] = (app, now + Self.intentLifetime)
            logger.info("'\(app)' claimed the \(item.button) intent \(item.intent.typeName) of alarm \(item.alarm)")
        }
        armExpiry()
        return claimed
    }

    private func appExited(app: String, pid: Int32, status: Int32) {
        if launched[app] == pid { launched[app] = nil }
        guard pending.values.contains(where: { $0.app == app }) else { return }
        drop(app: app, because: "it exited (status \(status), pid \(pid)) without claiming it; does it call AlarmManager.shared.runPendingIntents() at launch?")
    }

    private func drop(app: String, because reason: String) {
        let dropped = pending.values.filter { $0.app == app }
        for item in dropped {
            pending[item.id] = nil
            logger.error("dropped the \(item.button) intent \(item.intent.typeName) of alarm \(item.alarm) for '\(app)': \(reason)")
        }
        var changes = AppsChanges()
        changes.deletePending = dropped.map(\.id)
        commit(changes)
        armExpiry()
    }

    private func expire(now: Date) {
        let expired = pending.values.filter { $0.expiresAt <= now }
        for item in expired {
            pending[item.id] = nil
            logger.error("the \(item.button) intent \(item.intent.typeName) of alarm \(item.alarm) expired: '\(item.app)' did not claim it within \(Int(Self.intentLifetime)) s of the press (not started, or it does not call runPendingIntents())")
        }
        if !expired.isEmpty {
            var changes = AppsChanges()
            changes.deletePending = expired.map(\.id)
            commit(changes)
        }
        armExpiry()
    }

    private func armExpiry() { expiry.arm(pending.values.map(\.expiresAt).min()) }

    // MARK: Listing

    private func summaries() -> [AppSummary] {
        let counts = alarmCounts()
        var pendingCounts: [String: Int] = [:]
        for item in pending.values { pendingCounts[item.app, default: 0] += 1 }
        let names = Set(apps.keys).union(counts.keys)
        return names.sorted().map { name in
            let app = apps[name]
            return AppSummary(
                app: name, displayName: app?.registration?.displayName, usageDescription: app?.registration?.usageDescription,
                authorization: app?.authorization ?? .notDetermined, decidedAt: app?.decidedAt,
                alarmCount: counts[name] ?? 0, pendingIntents: pendingCounts[name] ?? 0, launch: app?.registration?.launch)
        }
    }

    // MARK: Helpers

    /// What an intent (its names and parameters' JSON) may weigh.
    static let maxIntentBytes = 16 * 1024

    /// Bounds on what an app says about itself, which a notification and a command line show.
    static func validate(_ registration: AppRegistration?) throws(AlarmProtocol.ErrorReply) {
        guard let registration else { return }
        func bad(_ why: String) -> AlarmProtocol.ErrorReply { .init(.invalidConfiguration, why) }
        guard registration.displayName.utf8.count <= 256 else { throw bad("the app's display name is longer than 256 bytes") }
        guard (registration.usageDescription?.utf8.count ?? 0) <= 1024 else { throw bad("the usage description is longer than 1024 bytes") }
        if let launch = registration.launch {
            guard launch.executable.hasPrefix("/"), launch.executable.utf8.count <= 4096 else { throw bad("the launch command must be an absolute path of at most 4096 bytes") }
            guard launch.arguments.count <= 64, launch.arguments.allSatisfy({ $0.utf8.count <= 4096 && !$0.contains("\0") }) else {
                throw bad("the launch command takes at most 64 arguments of at most 4096 bytes, without NUL")
            }
        }
    }

    private func appID(of request: AlarmProtocol.Request) throws(AlarmProtocol.ErrorReply) -> String {
        guard let app = request.app, !app.isEmpty, app.utf8.count <= 255, !app.contains("/") else {
            throw .init(.malformed, "\(request.op.rawValue) needs an 'app' id of 1-255 bytes without '/'")
        }
        return app
    }

    /// Writes that may fail without failing a request: logged.
    private func commit(_ changes: AppsChanges) {
        do { try persistence.commitApps(changes) } catch { logger.error("could not save apps and intents: \(error)") }
    }
}
