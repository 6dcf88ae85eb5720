import AlarmCore
import AlarmStore
import Foundation
import Logging
import OpenAlarmKit

/// AlarmStore behind the engine's persistence protocol.
final class StorePersistence: AlarmPersistence {
    let store: AlarmStore
    /// Set when the database was damaged and moved aside on open: what a person must be told.
    let recoveryNotice: String?
    private let logger: Logger

    init(path: String, logger: Logger) throws {
        self.logger = logger
        let opened = try AlarmStore.open(at: URL(fileURLWithPath: path))
        store = opened.store
        recoveryNotice = opened.recovered.map {
            "the alarm database was damaged (\($0.reason)); it was moved to \($0.movedTo) and a new one started, so alarms set before may be gone"
        }
    }

    func loadAll() throws -> [AlarmRecord] {
        let loaded = try store.load()
        for row in loaded.undecodable {
            logger.warning("kept but skipped an alarm this version cannot read: \(row)")
        }
        return loaded.records
    }

    func commit(saves: [AlarmRecord], deletes: [UUID], missed: [MissedEntry]) throws {
        guard !saves.isEmpty || !deletes.isEmpty || !missed.isEmpty else { return }
        try store.write { batch in
            for record in saves { try batch.save(record) }
            for id in deletes { _ = try batch.delete(id: id) }
            for entry in missed {
                try batch.recordMissed(entry.record, dueAt: entry.dueAt, reason: entry.reason.rawValue, at: entry.recordedAt)
            }
        }
    }

    func missed(limit: Int) throws -> [AlarmProtocol.MissedAlarm] {
        try store.missed(limit: limit).map {
            AlarmProtocol.MissedAlarm(alarm: $0.alarmID, title: $0.title, dueAt: $0.dueAt, reason: $0.reason, recordedAt: $0.recordedAt)
        }
    }
}
