import AlarmAudio
import AlarmCore
import AlarmNotify
import FoundationEssentials
import Logging
import AlarmClient

extension Daemon {
    /// Runs with the real outputs: the SQLite store, ALSA sound and desktop notifications
    /// (or the terminal when there is no notification server). Blocks until SIGTERM/SIGINT.
    public func runWithSystemOutputs() throws(DaemonError) {
        try claimInstance()
        let presenter = AlarmPresenter(appName: "Alarms", logger: logger, shownPopupsFile: alarmPaths.runtimeDirectory + "/popups.json", zone: { [unowned self] in currentZone }) { [unowned self] id, input in
            post { self.notificationInput(alarm: id, input: input) }
        }
        let sounds = AlarmSounds(config: currentConfig, environment: environment, stateDirectory: alarmPaths.stateDirectory, logger: logger)
        sounds.report = { [unowned self] id, firedFor, firstFrame, failure in
            post { self.reportSounding(alarm: id, firedFor: firedFor, firstFrame: firstFrame, failure: failure) }
        }
        let persistence: AlarmPersistence
        if let lock = instance, !lock.stateFolderWritable {
            // Defect 7 of issue 10: a read-only state folder used to stop alarmd at start.
            logger.error("the state folder \(alarmPaths.stateDirectory) cannot be written; serving the alarms from memory and saving them once it can be")
            let readOnly = ReadOnlyStartPersistence(path: alarmPaths.database, lock: lock, logger: logger)
            readOnly.onQuarantine = { notice in presenter.notice(title: DaemonText.alarmsSetAside, body: notice) }
            readOnly.onOpened = { [logger] store in
                guard let notice = store.recoveryNotice else { return }
                logger.error("\(notice)")
                presenter.notice(title: DaemonText.databaseDamaged, body: notice)
            }
            readOnly.onDisplaced = { [unowned self] error in
                post { self.displaced(by: error) }
            }
            persistence = readOnly
        } else {
            let store: StorePersistence
            do { store = try StorePersistence(path: alarmPaths.database, logger: logger) } catch {
                throw .configuration("cannot open the alarm database \(alarmPaths.database): \(error)")
            }
            if let notice = store.recoveryNotice {
                logger.error("\(notice)")
                presenter.notice(title: DaemonText.databaseDamaged, body: notice)
            }
            store.onQuarantine = { notice in presenter.notice(title: DaemonText.alarmsSetAside, body: notice) }
            persistence = store
        }

        var warned = false
        onStorageProblem = { problem in
            // One notification per episode, not one per failed retry.
            if let problem, !warned {
                warned = true
                presenter.notice(
                    title: DaemonText.cannotSave, body: DaemonText.cannotSaveBody(problem))
            } else if problem == nil {
                warned = false
            }
        }
        let desktop = DesktopSession(pauseMedia: currentConfig.pauseMedia, logger: logger)
        sounds.onRingingChanged = { desktop.ringingChanged($0) }
        onDeadline = { desktop.deadlineChanged($0) }
        onConfigReload = { config in
            sounds.config = config
            desktop.setPauseMedia(config.pauseMedia)
        }
        try run(persistence: persistence, sounds: sounds, presenter: presenter)
        desktop.shutdown()
        presenter.shutdown()
    }

    /// A person pressed a button on an alarm's popup, or closed it.
    func notificationInput(alarm: UUID, input: AlarmPresenter.Input) {
        switch input {
        case .button(let event):
            buttonPressed(alarm: alarm, event: event)
        case .dismissed:
            if alarmState(alarm) == .alerting { buttonPressed(alarm: alarm, event: .stop) }
        }
    }

}
