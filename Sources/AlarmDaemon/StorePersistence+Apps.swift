import AlarmStore
import FoundationEssentials
import AlarmWire

extension StorePersistence: AppsPersistence {
    func loadApps() throws -> (apps: [StoredApp], intents: [AlarmIntents], pending: [PendingIntent]) {
        (try store.apps(), try store.alarmIntents(), try store.pendingIntents())
    }

    func commitApps(_ changes: AppsChanges) throws { try store.writeApps(changes) }
}

/// For a daemon run without the SQLite store (tests of the engine): nothing outlives it.
final class TransientAppsPersistence: AppsPersistence {
    func loadApps() throws -> (apps: [StoredApp], intents: [AlarmIntents], pending: [PendingIntent]) { ([], [], []) }
    func commitApps(_ changes: AppsChanges) throws {}
}
