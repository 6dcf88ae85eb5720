import AlarmCore
import AlarmSystem
import CLinux
import FoundationEssentials
import Glibc
import LinuxSupport
import Logging
import AlarmLocations
import AlarmWire

/// alarmd: one event loop that sleeps until the earliest deadline, a request, a button press,
/// a clock change or a time-zone change, and never otherwise. The loop's coordinator: it
/// answers requests, tells watchers of changes, keeps the deadline timers armed and follows
/// the zone and config.toml. Its parts are built before it, in order, by `DaemonAssembly`.
public final class Daemon {  // loop thread only
    public static let version = PackageVersion.current

    let environment: [String: String]
    private let paths: AlarmPaths
    let logger: Logger
    private let loop: EventLoop
    private let signalFD: Int32
    /// This user's one alarmd: held until the process ends.
    private let instance: InstanceLock
    private let zone: CurrentZone
    private var config: DaemonConfig
    /// Why config.toml is not in effect (the last good settings are); shown by `status`.
    private(set) var configProblem: String?
    private let engine: Engine
    private let server: SocketServer
    private let apps: AppsService
    /// CalDAV sync, as config.toml's [sync] says (a SIGHUP applies a change).
    private let sync: SyncControl
    /// What the calendars read (`[sync]`, `[[calendars]]`) hold that gives no alarm.
    private let unrung: UnrungLedger
    let sounds: SoundOutput
    private let presenter: PresentationOutput
    private let memory: MemoryPolicy
    private let timer: DeadlineTimer
    /// When a countdown popup's minutes-left figure changes; armed only while one counts down.
    private let popupTimer: DeadlineTimer
    /// Wakes the machine from suspend ahead of the next alarm, when allowed (WakeTimer.swift).
    private let wake: WakeTimer
    /// Tells outputs that keep their own copy of the config about a reload.
    private let configReloaded: (DaemonConfig) -> Void
    private let budget: DescriptorBudget
    private var broadcastPending = false

    /// Blocks the daemon's signals so a signalfd can report them. Call first thing in `main`,
    /// before any thread exists, so every thread inherits the mask.
    public static func blockSignals() -> Int32 { oak_signalfd_for_daemon() }

    /// Closes descriptors inherited from whoever started us (a shell's pipes, a test's), but
    /// not the sockets systemd passes (3 ..< 3 + LISTEN_FDS) nor those below `lowest`. Call
    /// first thing in `main`.
    public static func closeInheritedDescriptors(from lowest: Int32 = 3, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let keep = Int32(PassedDescriptors(environment: environment).all.count)
        oak_close_descriptors_from(max(lowest, 3 + keep))
    }

    /// Reads config.toml; a bad file is logged and the defaults (with the environment's
    /// device) apply, the problem shown by `status`.
    static func loadConfig(paths: AlarmPaths, environment: [String: String], logger: Logger) -> (DaemonConfig, problem: String?) {
        do { return (try DaemonConfig.load(path: paths.configFile, environment: environment), nil) } catch {
            logger.error("\(error); using the defaults")
            var config = DaemonConfig()
            if let device = environment["OPENALARMKIT_AUDIO_DEVICE"], !device.isEmpty { config.audioDevice = device }
            return (config, "\(error); using the defaults")
        }
    }

    /// Takes over the parts (`DaemonAssembly` builds them) and the events they report: the
    /// engine's changes, the server's requests, the other threads' `inputs`, the timers, the
    /// signals and the zone. `deadlineChanged` follows each earliest deadline armed.
    init(
        environment: [String: String], paths: AlarmPaths, logger: Logger, loop: EventLoop, signalFD: Int32, instance: InstanceLock,
        zone: CurrentZone, config: DaemonConfig, configProblem: String?, engine: Engine, server: SocketServer, apps: AppsService,
        sync: SyncControl, unrung: UnrungLedger, sounds: SoundOutput, presenter: PresentationOutput, memory: MemoryPolicy, budget: DescriptorBudget,
        inputs: LoopInbox<DaemonInput>, deadlineChanged: @escaping (Date?) -> Void, configReloaded: @escaping (DaemonConfig) -> Void
    ) throws(DaemonError) {
        self.environment = environment
        self.paths = paths
        self.logger = logger
        self.loop = loop
        self.signalFD = signalFD
        self.instance = instance
        self.zone = zone
        self.config = config
        self.configProblem = configProblem
        self.engine = engine
        self.server = server
        self.apps = apps
        self.sync = sync
        self.unrung = unrung
        self.sounds = sounds
        self.presenter = presenter
        self.memory = memory
        self.budget = budget
        self.configReloaded = configReloaded
        timer = try DeadlineTimer(preparing: true)
        popupTimer = try DeadlineTimer()
        wake = WakeTimer(wakeEarly: config.wakeEarlySeconds, helper: PassedDescriptors(environment: environment).wakeHelper)

        engine.onChange = { [unowned self] in changed() }
        engine.onEvent = { [unowned server] message, app in server.push(message, toWatchersOf: app) }
        engine.onEnded = { [unowned server] message, app in server.push(message, toWatchersOf: app, onlyAsked: true) }
        server.handler = { [unowned self] request, connection in handle(request, from: connection) }
        server.beforeRequest = { [unowned self] in ringIfDue() }
        server.snapshot = { [unowned self] watcher in alarmsEvent(for: watcher) }
        inputs.receive { [unowned self] input in
            switch input {
            case .popup(let id, let input): notificationInput(alarm: id, input: input)
            case .sounding(let id, let firedFor, let firstFrame, let failure):
                reportSounding(alarm: id, firedFor: firedFor, firstFrame: firstFrame, failure: failure)
            case .displaced(let error): displaced(by: error)
            }
        }
        timer.onArm = { [wake] deadline in
            wake.arm(forDeadline: deadline)
            deadlineChanged(deadline)
        }
    }

    /// Loads the alarms, then serves until SIGTERM or SIGINT. Throws only for what prevents
    /// starting at all. `unsaved`: the store's folder cannot be written yet
    /// (`ReadOnlyStartPersistence`). `onReady`: the socket answers and the alarms are loaded.
    func run(unsaved: Bool, onReady: () -> Void) throws(DaemonError) {
        _ = oak_set_timer_slack_ns(1000)
        let started = Date()
        do { try engine.start(now: Date(), unsaved: unsaved) } catch { throw .configuration("cannot load alarms from \(paths.database): \(error)") }
        apps.start(existingAlarms: Set(engine.records.keys), now: Date())
        loop.watch(timer.fd, urgent: true) { [unowned self] _ in timerFired() }
        loop.watch(signalFD) { [unowned self] _ in signalled() }
        loop.watch(popupTimer.fd) { [unowned self] _ in refreshCountdownPopups() }
        if wake.fd >= 0 {
            loop.watch(wake.fd) { [unowned self] _ in
                wake.drain()
                wake.arm(forDeadline: engine.nextDeadline)
            }
        }
        zone.watch(on: loop) { [unowned self] in checkTimeZone() }
        timer.arm(engine.nextDeadline)
        armPopupTimer()
        let elapsed = Int(Date().timeIntervalSince(started) * 1000)
        onReady()
        memory.started()
        let audio = sounds.audioStatus, notifier = presenter.notifier
        logger.info("alarmd \(Self.version) ready: \(engine.records.count) alarms, zone \(zone.rules.identifier), sound \(audio.device) (\(audio.state.rawValue)\(audio.detail.map { ": \($0)" } ?? "")), notifications \(notifier.name ?? notifier.via.rawValue), socket \(paths.socket) (up to \(budget.maxClients) clients, \(budget.limit) descriptors), started in \(elapsed) ms")
        loop.run()

        logger.info("alarmd stopping")
        sounds.stopAll()
        server.closeAll()
        if environment["LISTEN_PID"] == nil { unlink(paths.socket) }
    }

    // MARK: Requests

    private func handle(_ request: AlarmProtocol.Request, from connection: SocketServer.Connection) -> SocketServer.Reply {
        if request.op == .list { return .stream(alarmsReply(AlarmListReply.order(engine.records, lifecycle: engine.lifecycle, app: request.app), replyTo: request.id, page: request.page)) }
        let reply = answer(request, from: connection)
        guard reply.ok == true, Self.changingOps.contains(request.op) else { return .line(encode(reply)) }
        let final = { [unowned self] in
            var reply = reply
            reply.unsaved = engine.storageProblem
            return encode(reply)
        }
        // Encoded after the turn's commit, which decides whether it is durable.
        return engine.commitIsRequested ? .afterCommit(final) : .line(final())
    }

    /// Requests whose success changes an alarm: their reply says whether that is durable.
    private static let changingOps: Set<AlarmProtocol.Operation> = [.schedule, .edit, .change, .stop, .countdown, .pause, .resume, .cancel, .disable, .enable, .skip, .unskip, .custom, .importAlarms]

    private func encode(_ reply: AlarmProtocol.Message) -> Data {
        WireMessage.encode(reply) ?? Data(#"{"ok":false,"v":1}"#.utf8)
    }

    private func answer(_ request: AlarmProtocol.Request, from connection: SocketServer.Connection) -> AlarmProtocol.Message {
        let now = Date()
        var reply = AlarmProtocol.Message(id: request.id, ok: true)
        do throws(AlarmProtocol.ErrorReply) {
            switch request.op {
            case .schedule:
                guard let record = request.record else { throw .init(.malformed, "schedule needs a 'record'") }
                try apps.checkSchedule(request, record: record)
                var soundWarning: String?
                switch SoundNameCheck.check(record, environment: environment) {
                case .fine: break
                case .refuse(let why): throw .init(.invalidConfiguration, why)
                case .warn(let why): soundWarning = why
                }
                reply.record = try engine.schedule(record, now: now)
                reply.warning = soundWarning
                apps.scheduled(request, record: record)
            case .list:
                break  // answered by `handle`, from the encoding cache
            case .edit:
                guard let record = request.record else { throw .init(.malformed, "edit needs a 'record' (with the alarm's id)") }
                reply.record = try engine.edit(record, now: now)
                reply.alarm = record.id
            case .change:
                guard let record = request.record, let fields = request.fields else {
                    throw .init(.malformed, "change needs a 'record' (with the alarm's id) and its 'fields'")
                }
                if fields.contains(.sound) {
                    switch SoundNameCheck.check(record, environment: environment) {
                    case .fine: break
                    case .refuse(let why): throw .init(.invalidConfiguration, why)
                    case .warn(let why): reply.warning = why
                    }
                }
                reply.record = try engine.change(record, fields: Set(fields), now: now)
                reply.alarm = record.id
            case .importAlarms:
                guard let records = request.records else { throw .init(.malformed, "importAlarms needs 'records'") }
                // The person's tool imports a file; an app schedules its own alarms one by one.
                guard request.app == nil else { throw .init(.notAuthorized, "importAlarms is for alarmctl import, not for apps: schedule each alarm instead") }
                reply.alarms = try engine.importRecords(records, now: now)
            case .stop, .countdown, .pause, .resume, .cancel, .disable, .enable, .skip, .unskip, .custom:
                guard let id = request.alarm else { throw .init(.malformed, "\(request.op.rawValue) needs an 'alarm' id") }
                let event = LifecycleEvent(rawValue: request.op.rawValue)!
                let intents = apps.intents(of: id)
                reply.record = try engine.handle(event, id: id, now: now)
                reply.alarm = id
                // An app acting on its own alarm names itself and runs no intent; alarmctl acts
                // for the person, as a button press does.
                if request.app == nil { apps.personActed(event, intents: intents, now: now) }
            case .watch:
                connection.watching = .some(request.app)
                connection.wantsEndings = request.endings == true
                connection.page = request.page
                connection.limit = request.limit
                apps.watching(connection, request: request)
                loop.afterThisTurn { [unowned self] in server.push(alarmsEvent(for: connection), to: connection) }
            case .missed:
                do { reply.missed = try engine.missed(limit: min(max(request.limit ?? 50, 1), 10_000)) } catch {
                    throw .init(.storage, "cannot read missed alarms: \(error)")
                }
            case .authorization, .requestAuthorization, .apps, .setAuthorization, .claimIntents, .intentDialog:
                try apps.answer(request, into: &reply, now: now)
            case .previewSound, .stopPreview, .installSound:
                try answerSound(request)
            case .sounds:
                reply.sounds = soundCatalog(app: request.app, bundle: request.path)
            case .sync:
                guard let round = sync.syncNow() else {
                    if let off = sync.status { throw .init(.notFound, "sync is off: \(off.problem ?? "")") }
                    throw .init(.notFound, "sync is not set up: add [sync] to config.toml (docs/SYNC.md)")
                }
                reply.status = status()
                reply.status?.sync?.awaitedRound = round
            case .unrung:
                reply.unrung = unrung.calendars(withEvents: true)
            case .status:
                reply.status = status()
            }
        } catch {
            return .failure(id: request.id, error)
        }
        return reply
    }

    /// What `status` answers: typed values for clients to word, and the older fields filled
    /// with names (not sentences) for clients that predate them.
    private func status() -> AlarmProtocol.DaemonStatus {
        let audio = sounds.audioStatus, notifier = presenter.notifier
        var status = AlarmProtocol.DaemonStatus(
            version: Self.version, pid: getpid(), timeZone: zone.rules.identifier, alarmCount: engine.records.count,
            audioDevice: audio.device, notifications: notifier.name.map { [$0, notifier.version].compactMap { $0 }.joined(separator: " ") } ?? "terminal",
            defaultSnooze: config.policy.defaultSnooze)
        status.audio = audio
        status.notifier = notifier
        status.wake = wake.status
        status.unsaved = engine.storageProblem
        status.storageProblem = status.unsaved?.legacyText
        status.ringTimeout = config.policy.ringTimeout
        status.configProblem = configProblem
        status.sync = sync.status
        let counts = unrung.calendars(withEvents: false)
        status.unrung = counts.isEmpty ? nil : counts
        return status
    }

    /// The alarms in `order` (AlarmListReply), written as the client reads them.
    private func alarmsReply(_ order: [UUID], replyTo id: Int?, page: Int?) -> ReplyStream {
        AlarmListReply.stream(order, replyTo: id, page: page) { [unowned self] id in engine.records[id] }
    }

    private func alarmsEvent(for watcher: SocketServer.Connection, order: [UUID]? = nil) -> SocketServer.Reply {
        let order = order ?? AlarmListReply.order(engine.records, lifecycle: engine.lifecycle, app: watcher.watching ?? nil)
        let shown = watcher.limit.map { AlarmListReply.limited(order, to: $0, records: engine.records) } ?? order
        return .stream(alarmsReply(shown, replyTo: nil, page: watcher.page))
    }

    // MARK: Changes

    /// Re-arms the timer at once; tells watchers once per loop turn however many changes.
    private func changed() {
        if let horizon = sounds.preparedThrough { sounds.prepare(engine.upcomingRings(through: horizon)) }
        timer.arm(engine.nextDeadline)
        armPopupTimer()
        apps.alarmsChanged(existing: engine.records)
        guard !broadcastPending else { return }
        broadcastPending = true
        loop.afterThisTurn { [unowned self] in
            broadcastPending = false
            // One sort per distinct filter, however many watchers share it.
            var orders: [String?: [UUID]] = [:]
            for watcher in server.watchers {
                let app = watcher.watching!
                server.pushSnapshot(to: watcher) {
                    if orders[app] == nil { orders[app] = AlarmListReply.order(engine.records, lifecycle: engine.lifecycle, app: app) }
                    return alarmsEvent(for: watcher, order: orders[app]!)
                }
            }
        }
    }

    /// Tells watchers an alarm's sound reached the device (lateness measurements), or that no
    /// device could play it (`failure`), so a client can say why nothing is heard.
    private func reportSounding(alarm: UUID, firedFor: Date, firstFrame: Date?, failure: String?) {
        if let failure { logger.error("alarm \(alarm) rings without sound: \(failure)") }
        var message = AlarmProtocol.Message(event: .sounding)
        message.alarm = alarm
        message.firedFor = firedFor
        message.firstFrame = firstFrame
        message.reason = failure
        let app = engine.records[alarm]?.appID ?? ""
        server.push(message, toWatchersOf: app)
    }

    /// A person pressed a button on an alarm's popup, or closed it.
    private func notificationInput(alarm: UUID, input: AlarmPresenter.Input) {
        switch input {
        case .button(let event):
            buttonPressed(alarm: alarm, event: event)
        case .dismissed:
            if engine.records[alarm]?.phase.state == .alerting { buttonPressed(alarm: alarm, event: .stop) }
        }
    }

    /// A person pressed a notification button.
    private func buttonPressed(alarm: UUID, event: LifecycleEvent) {
        let intents = apps.intents(of: alarm)
        do { _ = try engine.handle(event, id: alarm, now: Date()) } catch {
            logger.info("ignored '\(event.rawValue)' for \(alarm): \(error.message)")
            return
        }
        apps.personActed(event, intents: intents, now: Date())
    }

    /// Another alarmd took the lock of the state folder this one served read-only, once the
    /// folder became writable (see `InstanceLock`): two must never serve one folder, so this
    /// one stops. Its changes were all answered "not yet durable".
    private func displaced(by error: DaemonError) {
        logger.critical("\(error) now that its state folder is writable; this alarmd stops, and its changes not yet saved are lost")
        loop.stop()
    }

    // MARK: Time

    /// Countdown popups show whole minutes left, re-shown in place when that figure changes.
    private func armPopupTimer(now: Date = Date()) {
        var next: Date?
        for record in engine.records.values {
            guard case .countdown(_, let fire, _, _) = record.phase,
                let changes = AlarmPresenter.countdownDisplay(fire: fire, now: now).changesAt
            else { continue }
            next = min(next ?? changes, changes)
        }
        popupTimer.arm(next)
    }

    private func refreshCountdownPopups() {
        _ = popupTimer.read()
        for record in engine.records.values where record.phase.state == .countdown { presenter.present(record) }
        armPopupTimer()
    }

    private func timerFired() {
        switch timer.read() {
        case .clockChanged:
            logger.info("the clock was set; re-checking deadlines")
            checkTimeZone()
        case .prepare:
            // Ring at the floor (Daemon+PrepareRing.swift): the sound starts itself at the instant.
            // Through one lead past the deadline: the next alarms close behind it get their
            // full lead too, instead of what is left after this one's due handling.
            let horizon = max(timer.armedFor ?? .distantPast, Date()).addingTimeInterval(DeadlineTimer.prepareLead)
            sounds.prepare(engine.upcomingRings(through: horizon))
            // Persisting and notifying come 1 ms after the instant, not in the first frame's way.
            timer.armForTheInstant(delay: sounds.preparedThrough == nil ? 0 : 0.001)
            return
        case .expired, .nothing:
            break
        }
        engine.processDue(now: Date())
        timer.arm(engine.nextDeadline)
    }

    /// Between two requests of a long run: an alarm that came due rings now, not after the run.
    private func ringIfDue() {
        guard let due = timer.armedFor, due <= Date() else { return }
        timerFired()
    }

    private func checkTimeZone() {
        let previous = zone.rules
        guard let current = zone.refresh() else { return }
        logger.info("time zone changed from \(previous.identifier) to \(current.identifier); relative alarms follow the new wall clock")
        engine.changeTimeZone(current, now: Date())
    }

    // MARK: Signals

    private func signalled() {
        while true {
            let signal = oak_signalfd_read(signalFD)
            guard signal > 0 else { return }
            if signal == SIGHUP {
                reloadConfig()
            } else {
                loop.stop()
            }
        }
    }

    private func reloadConfig() {
        do {
            config = try DaemonConfig.load(path: paths.configFile, environment: environment)
            configProblem = nil
            engine.lifecycle.policy = config.policy
            engine.maxAlarmsPerApp = config.maxAlarmsPerApp
            wake.wakeEarly = config.wakeEarlySeconds
            configReloaded(config)
            logger.info("reloaded \(paths.configFile)")
            timer.arm(engine.nextDeadline)
        } catch {
            logger.error("\(error); keeping the previous settings")
            configProblem = "\(error); keeping the previous settings"
        }
    }
}
