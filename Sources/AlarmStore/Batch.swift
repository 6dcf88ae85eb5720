import Foundation
import GRDB
import OpenAlarmKit

extension AlarmStore {
    /// The writes of one `AlarmStore.write` transaction. Valid only inside that closure.
    public struct Batch {
        let db: Database

        /// Inserts the record, or replaces the one with the same id.
        public func save(_ record: AlarmRecord) throws {
            let json = try RecordJSON.encode(record)
            let statement = try db.cachedStatement(sql: """
                INSERT INTO alarm (id, appID, record) VALUES (?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET appID = excluded.appID, record = excluded.record
                """)
            try statement.execute(arguments: [record.id.uuidString, record.appID, json])
        }

        /// Removes the alarm; false if there was none with that id.
        @discardableResult
        public func delete(id: UUID) throws -> Bool {
            try db.cachedStatement(sql: "DELETE FROM alarm WHERE id = ?").execute(arguments: [id.uuidString])
            return db.changesCount > 0
        }

        /// Notes that `record` did not ring for the fire due at `dueAt`; `reason` is shown
        /// as is (normally a `MissedReason` raw value).
        public func recordMissed(_ record: AlarmRecord, dueAt: Date, reason: String, at date: Date) throws {
            let statement = try db.cachedStatement(sql: """
                INSERT INTO missedAlarm (alarmID, appID, title, dueAt, reason, recordedAt)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
            try statement.execute(arguments: [
                record.id.uuidString, record.appID, record.presentation.alert.title.text,
                dueAt.timeIntervalSince1970, reason, date.timeIntervalSince1970,
            ])
        }
    }
}
