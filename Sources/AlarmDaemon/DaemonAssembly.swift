import AlarmCore
import AlarmDesktop
import AlarmSystem
import FoundationEssentials
import Glibc
import Logging
import AlarmLocations
import AlarmWire

/// Builds alarmd from its parts, each once, in the order they need each other, and hands each
/// what it needs; then runs it until SIGTERM/SIGINT.
///
/// 1. The event loop, config.toml, the time zone.
/// 2. The instance lock, then the listening socket: before the database, so a daemon that
///    loses a start-up race never touches it (see `InstanceLock`).
/// 3. The outputs: notifications (connecting blocks; the terminal when there is no server),
///    sound, the store (its start-up notices shown through the first), the desktop session.
///    What they report from their own threads goes to the loop through one inbox.
/// 4. The engine over them; the memory policy, the socket server and the apps service.
/// 5. The daemon, which takes the events of all of them and runs the loop.
enum DaemonAssembly {
    static func run(
        signalFD: Int32, environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger, onReady: () -> Void
    ) throws(DaemonError) {
        // Private however started (systemd sets UMask=0077, a shell usually 022): the state
        // folder 0700, the database and its -wal/-shm 0600, the log 0600.
        umask(0o077)
        let paths = AlarmPaths(environment: environment)
        let loop = try EventLoop()
        let (config, configProblem) = Daemon.loadConfig(paths: paths, environment: environment, logger: logger)
        let zone = CurrentZone(environment: environment)

        let instance = try InstanceLock(stateDirectory: paths.stateDirectory, runtimeDirectory: paths.runtimeDirectory)
        let listening = try openListeningSocket(path: paths.socket, environment: environment)

        let inputs = LoopInbox<DaemonInput>(loop: loop)
        let presenter = AlarmPresenter(
            appName: "Alarms", logger: logger, shownPopupsFile: paths.runtimeDirectory + "/popups.json", zone: { zone.rules }
        ) { id, input in inputs.send(.popup(id, input)) }
        let sounds = AlarmSounds(config: config, environment: environment, stateDirectory: paths.stateDirectory, logger: logger)
        sounds.report = { id, firedFor, firstFrame, failure in
            inputs.send(.sounding(alarm: id, firedFor: firedFor, firstFrame: firstFrame, failure: failure))
        }
        let persistence = try openStore(paths: paths, instance: instance, presenter: presenter, inputs: inputs, logger: logger)
        let desktop = DesktopSession(pauseMedia: config.pauseMedia, logger: logger)
        sounds.onRingingChanged = { desktop.ringingChanged($0) }

        let engine = Engine(
            lifecycle: Lifecycle(calendar: FireTimeCalendar(timeZone: zone.rules), policy: config.policy),
            maxAlarmsPerApp: config.maxAlarmsPerApp, persistence: persistence, sounds: sounds, presenter: presenter, logger: logger)
        engine.zoneRules = { ZoneRules.named($0) }
        let memory = MemoryPolicy(loop: loop) { persistence.releaseMemory() }
        let budget = DescriptorBudget.raiseAndMeasure()
        let server = SocketServer(loop: loop, listening: listening, maxClients: budget.maxClients, memory: memory, logger: logger)
        engine.scheduleRetry = { [unowned loop] delay, work in loop.after(delay, work) }
        // One commit per loop turn for all of its changes; the turn's replies (and pushes,
        // to keep their order) wait for it, so a reply still means durable.
        engine.onCommitNeeded = { [unowned engine, unowned server, unowned loop] in
            server.holdLines()
            loop.afterThisTurn {
                engine.commitPending()
                server.releaseLines()
            }
        }
        var warned = false
        engine.onStorageChange = { [unowned engine] in
            // One notification per episode, not one per failed retry.
            if let error = engine.storageError, !warned {
                warned = true
                presenter.notice(title: DaemonText.cannotSave, body: DaemonText.cannotSaveBody("\(error)"))
            } else if engine.storageError == nil {
                warned = false
            }
        }
        let apps = try AppsService(
            persistence: persistence as? AppsPersistence ?? TransientAppsPersistence(), loop: loop, server: server,
            environment: environment, paths: paths, logger: logger,
            alarmCounts: { [unowned engine] in engine.records.values.reduce(into: [:]) { $0[$1.appID, default: 0] += 1 } },
            makePrompter: { [logger] in NotificationConsentPrompter(logger: logger) },
            makeDialogs: { [logger] in NotificationIntentDialogs(logger: logger) })

        // [sync]: its own thread; nothing of it (libcurl, libxml2) is loaded without the section.
        let unrung = UnrungLedger()
        let sync = SyncControl(stateDirectory: paths.stateDirectory, unrung: unrung, logger: logger) { [unowned engine, unowned loop] in
            let replica = DaemonReplica(loop: loop, engine: engine, zone: zone, persistence: persistence as? SyncPersistence, unrung: unrung, logger: logger)
            // Stop once, silent everywhere: a Stop or Snooze here is written as an acknowledgement.
            engine.onRingEnded = { record, _, snoozedUntil in
                if case .alerting(_, let firedFor) = record.phase { replica.ringEnded(record, firedFor: firedFor, snoozedUntil: snoozedUntil) }
            }
            return replica
        }
        sync.apply(config)
        sounds.onRingingChanged = { ringing in  // on the loop thread
            desktop.ringingChanged(ringing)
            sync.ringingChanged(ringing)
        }
        // [[calendars]]: each subscription's thread; none, and libcurl is never loaded.
        for settings in config.calendars {
            CalendarSubscription(settings: settings, loop: loop, engine: engine, zone: zone, unrung: unrung, logger: logger).start()
        }

        let daemon = try Daemon(
            environment: environment, paths: paths, logger: logger, loop: loop, signalFD: signalFD, instance: instance, zone: zone,
            config: config, configProblem: configProblem, engine: engine, server: server, apps: apps, sync: sync, unrung: unrung, sounds: sounds,
            presenter: presenter, memory: memory, budget: budget, inputs: inputs,
            deadlineChanged: { desktop.deadlineChanged($0) },
            configReloaded: { config in
                sounds.config = config
                desktop.setPauseMedia(config.pauseMedia)
                sync.apply(config)
            })
        try daemon.run(unsaved: persistence is ReadOnlyStartPersistence, onReady: onReady)
        desktop.shutdown()
        presenter.shutdown()
    }

    /// The SQLite store, or, when the state folder cannot be written, the alarms served from
    /// memory until it can (`ReadOnlyStartPersistence`). Its notices go to the person.
    private static func openStore(
        paths: AlarmPaths, instance: InstanceLock, presenter: AlarmPresenter, inputs: LoopInbox<DaemonInput>, logger: Logger
    ) throws(DaemonError) -> AlarmPersistence {
        guard instance.stateFolderWritable else {
            // A read-only state folder must not keep alarms from ringing: served from memory.
            logger.error("the state folder \(paths.stateDirectory) cannot be written; serving the alarms from memory and saving them once it can be")
            let readOnly = ReadOnlyStartPersistence(path: paths.database, lock: instance, logger: logger)
            readOnly.onQuarantine = { notice in presenter.notice(title: DaemonText.alarmsSetAside, body: notice) }
            readOnly.onOpened = { [logger] store in
                guard let notice = store.recoveryNotice else { return }
                logger.error("\(notice)")
                presenter.notice(title: DaemonText.databaseDamaged, body: notice)
            }
            readOnly.onDisplaced = { error in inputs.send(.displaced(error)) }
            return readOnly
        }
        let store: StorePersistence
        do { store = try StorePersistence(path: paths.database, logger: logger) } catch {
            throw .configuration("cannot open the alarm database \(paths.database): \(error)")
        }
        if let notice = store.recoveryNotice {
            logger.error("\(notice)")
            presenter.notice(title: DaemonText.databaseDamaged, body: notice)
        }
        store.onQuarantine = { notice in presenter.notice(title: DaemonText.alarmsSetAside, body: notice) }
        return store
    }
}
