import AlarmCore
import AlarmStore
import FoundationEssentials
import Glibc
import Logging
import AlarmWire

/// The store of a daemon that started with a state folder it cannot write (a read-only mount,
/// a folder without write permission). The alarms are read without writing
/// (`AlarmStore.loadReadOnly`) and served from memory; every commit first tries to open the
/// store for writing, which works once the folder is writable, and from then on this is a
/// plain `StorePersistence`. Until then a commit fails saying the folder is read-only, so the
/// engine's degraded-save path applies: changes take effect, replies say "not yet durable",
/// and the retry (1 s to 30 s) is what notices the folder became writable.
final class ReadOnlyStartPersistence: AlarmPersistence, AppsPersistence {
    private let path: String
    private let lock: InstanceLock
    private let logger: Logger
    private(set) var store: StorePersistence?
    /// Told once at load when stored alarms were set aside: a message for the person.
    var onQuarantine: (String) -> Void = { _ in }
    /// The store was opened for writing (its notices, e.g. a damaged log set aside, to show).
    var onOpened: (StorePersistence) -> Void = { _ in }
    /// Another daemon took the state folder's lock before this one could: it must stop
    /// serving (see `InstanceLock`).
    var onDisplaced: (DaemonError) -> Void = { _ in }

    init(path: String, lock: InstanceLock, logger: Logger) {
        self.path = path
        self.lock = lock
        self.logger = logger
    }

    func loadAll() throws -> [AlarmRecord] {
        StorePersistence.report(try AlarmStore.loadReadOnly(at: URL(fileURLWithPath: path)), logger: logger, onQuarantine: onQuarantine)
    }

    func commit(saves: [AlarmRecord], deletes: [UUID], missed: [MissedEntry], sync: SyncChanges) throws {
        try openedStore().commit(saves: saves, deletes: deletes, missed: missed, sync: sync)
    }

    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm] {
        try store?.missed(limit: limit) ?? []
    }

    func releaseMemory() { store?.releaseMemory() }

    /// Consent and pending intents start empty while the folder is read-only (only the
    /// alarms have a read-only load); what is decided meanwhile is saved once it is writable.
    func loadApps() throws -> (apps: [StoredApp], intents: [AlarmIntents], pending: [PendingIntent]) { ([], [], []) }

    func commitApps(_ changes: AppsChanges) throws {
        guard !changes.isEmpty else { return }
        try openedStore().commitApps(changes)
    }

    private func openedStore() throws -> StorePersistence {
        if let store { return store }
        do { try lock.upgrade() } catch {
            if case .displaced(let displacement) = error { onDisplaced(displacement) }
            throw error
        }
        let opened = try StorePersistence(path: path, logger: logger)
        logger.notice("the state folder is writable again; opened \(path) for writing")
        store = opened
        onOpened(opened)
        return opened
    }
}

/// The sync state starts empty while the folder is read-only (as consent does): the first
/// round then meets the server's copies afresh, which loses no alarm.
extension ReadOnlyStartPersistence: SyncPersistence {
    func loadSync() throws -> StoredSyncState { try store?.loadSync() ?? StoredSyncState() }
    func syncServerText(uid: String) throws -> String? { try store?.syncServerText(uid: uid) }
}
