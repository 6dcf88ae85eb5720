import AlarmAudio
import AlarmCore
import AlarmNotify
import Foundation
import Logging
import OpenAlarmKit
import Synchronization

extension Daemon {
    /// Runs with the real outputs: the SQLite store, ALSA sound and desktop notifications
    /// (or the terminal when there is no notification server). Blocks until SIGTERM/SIGINT.
    public func runWithSystemOutputs() throws(DaemonError) {
        let notifier = Self.blocking { [logger] in await NotificationPresenter.start(appName: "Alarms", logger: logger) }
        let presenter = AlarmPresenter(presenter: notifier, zone: { [unowned self] in currentZone }) { [unowned self] id, input in
            post { self.notificationInput(alarm: id, input: input) }
        }
        let sounds = AlarmSounds(config: currentConfig, environment: environment, logger: logger)
        sounds.report = { [unowned self] id, firedFor, firstFrame, failure in
            post { self.reportSounding(alarm: id, firedFor: firedFor, firstFrame: firstFrame, failure: failure) }
        }
        let persistence: StorePersistence
        do { persistence = try StorePersistence(path: alarmPaths.database, logger: logger) } catch {
            throw .configuration("cannot open the alarm database \(alarmPaths.database): \(error)")
        }
        if let notice = persistence.recoveryNotice {
            logger.error("\(notice)")
            presenter.notice(title: "Alarm database was damaged", body: notice)
        }
        onConfigReload = { config in sounds.config = config }
        try run(persistence: persistence, sounds: sounds, presenter: presenter)
        Self.blocking { await notifier.shutdown() }
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

    /// Runs `work` and waits for it on this (non-cooperative) thread: for start-up and
    /// shutdown, before and after the event loop owns the thread.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Task.detached {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
