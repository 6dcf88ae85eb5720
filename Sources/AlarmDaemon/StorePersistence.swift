import AlarmCore
import AlarmStore
import FoundationEssentials
import Logging
import AlarmWire

/// AlarmStore behind the engine's persistence protocol.
final class StorePersistence: AlarmPersistence {
    let store: AlarmStore
    /// Set when the database was damaged and moved aside on open: what a person must be told.
    let recoveryNotice: String?
    private let logger: Logger
    /// Told once at load when stored alarms were set aside: a message for the person.
    var onQuarantine: (String) -> Void = { _ in }

    init(path: String, logger: Logger) throws {
        self.logger = logger
        // alarmd holds its instance lock by now: no other opener can be mid-write on the log,
        // and none needs to share the file, so it is held exclusively, without a mapped -shm
        // (a fault in a mapped file is a SIGBUS, e.g. when the file is made immutable).
        let opened = try AlarmStore.open(at: URL(fileURLWithPath: path), settingAsideDamagedWAL: true, exclusive: true)
        store = opened.store
        store.limitLockWait(to: 0.1)
        let notices = [
            opened.recovered.map {
                "the alarm database was damaged (\($0.reason)); it was moved to \($0.movedTo) and a new one started, so alarms set before may be gone"
            },
            opened.store.damagedWAL?.description,
        ].compactMap { $0 }
        recoveryNotice = notices.isEmpty ? nil : notices.joined(separator: "; ")
    }

    func loadAll() throws -> [AlarmRecord] {
        Self.report(try store.load(), logger: logger, onQuarantine: onQuarantine)
    }

    /// Logs the rows that were skipped and tells the person about quarantined ones; the
    /// records to serve.
    static func report(_ loaded: LoadedAlarms, logger: Logger, onQuarantine: (String) -> Void) -> [AlarmRecord] {
        for row in loaded.undecodable {
            logger.warning("kept but skipped an alarm this version cannot read: \(row)")
        }
        for row in loaded.quarantined {
            logger.error("set aside alarm \(row.id) of \(row.appID): \(row.reason); it stays in the database, unused, until replaced or cancelled")
        }
        if !loaded.quarantined.isEmpty {
            let count = loaded.quarantined.count
            onQuarantine(
                "\(count) stored alarm\(count == 1 ? " was" : "s were") set aside because a value is out of bounds (\(loaded.quarantined[0].reason)); "
                    + "it will not ring. See the alarmd log.")
        }
        return loaded.records
    }

    func commit(saves: [AlarmRecord], deletes: [UUID], missed: [MissedEntry], sync: SyncChanges) throws {
        guard !saves.isEmpty || !deletes.isEmpty || !missed.isEmpty || !sync.isEmpty else { return }
        try store.write { batch in
            for record in saves { try batch.save(record) }
            for id in deletes { _ = try batch.delete(id: id) }
            for entry in missed {
                try batch.recordMissed(entry.record, dueAt: entry.dueAt, reason: entry.reason.rawValue, at: entry.recordedAt)
            }
            if !sync.isEmpty { try batch.write(sync) }
        }
    }

    func releaseMemory() { store.releaseMemory() }

    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm] {
        try store.missed(limit: limit).map {
            AlarmProtocol.MissedAlarm(alarm: $0.alarmID, title: $0.title, dueAt: $0.dueAt, reason: $0.reason, recordedAt: $0.recordedAt)
        }
    }
}

extension StorePersistence: SyncPersistence {
    func loadSync() throws -> StoredSyncState { try store.syncState() }
    func syncServerText(uid: String) throws -> String? { try store.syncServerText(uid: uid) }
}
