import FoundationEssentials
import AlarmWire

extension AlarmStore {
    /// The writes of one `AlarmStore.write` transaction. Valid only inside that closure.
    package struct Batch {
        let db: SQLiteConnection

        /// Inserts the record, or replaces the one with the same id.
        package func save(_ record: AlarmRecord) throws {
            let json = try RecordJSON.encode(record)
            try db.run("""
                INSERT INTO alarm (id, appID, record, calendarUID) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET appID = excluded.appID, record = excluded.record, calendarUID = excluded.calendarUID
                """, [.text(record.id.uuidString), .text(record.appID), .text(json), record.calendarUID.map { .text($0) } ?? .null])
        }

        /// Removes the alarm; false if there was none with that id.
        @discardableResult
        package func delete(id: UUID) throws -> Bool {
            try db.run("DELETE FROM alarm WHERE id = ?", [.text(id.uuidString)])
            return db.changes > 0
        }

        /// Notes that `record` did not ring for the fire due at `dueAt`; `reason` is shown
        /// as is (normally a `MissedReason` raw value).
        package func recordMissed(_ record: AlarmRecord, dueAt: Date, reason: String, at date: Date) throws {
            try db.run("""
                INSERT INTO missedAlarm (alarmID, appID, title, dueAt, reason, recordedAt)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [
                    .text(record.id.uuidString), .text(record.appID), .text(record.presentation.alert.title.text),
                    .real(dueAt.timeIntervalSince1970), .text(reason), .real(date.timeIntervalSince1970),
                ])
        }
    }
}
