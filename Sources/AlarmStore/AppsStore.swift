import FoundationEssentials
import AlarmWire

/// An app's row: its decision and what it told alarmd about itself.
package struct StoredApp: Hashable, Sendable {
    package var appID: String
    package var registration: AppRegistration?
    package var authorization: AppAuthorization
    package var decidedAt: Date?

    package init(appID: String, registration: AppRegistration?, authorization: AppAuthorization, decidedAt: Date?) {
        self.appID = appID
        self.registration = registration
        self.authorization = authorization
        self.decidedAt = decidedAt
    }
}

/// The intents of one alarm's buttons.
package struct AlarmIntents: Hashable, Sendable {
    package var alarmID: UUID
    package var appID: String
    package var stop: EncodedIntent?
    package var secondary: EncodedIntent?

    package init(alarmID: UUID, appID: String, stop: EncodedIntent?, secondary: EncodedIntent?) {
        self.alarmID = alarmID
        self.appID = appID
        self.stop = stop
        self.secondary = secondary
    }
}

/// Apps, alarm intents and pending intents. Rows that do not decode (a newer version's) are
/// skipped on load, never deleted.
extension AlarmStore {
    package func apps() throws -> [StoredApp] {
        try reading { db in
            var apps: [StoredApp] = []
            try db.query("SELECT id, registration, authorization, decidedAt FROM app") { row in
                guard let state = AppAuthorization(rawValue: row.text(2)) else { return }
                let registration = row.text(orNil: 1).flatMap { try? JSONDecoder().decode(AppRegistration.self, from: Data($0.utf8)) }
                apps.append(StoredApp(
                    appID: row.text(0), registration: registration, authorization: state,
                    decidedAt: row.double(orNil: 3).map(Date.init(timeIntervalSince1970:))))
            }
            return apps
        }
    }

    package func alarmIntents() throws -> [AlarmIntents] {
        try reading { db in
            var all: [AlarmIntents] = []
            try db.query("SELECT alarmID, appID, stopIntent, secondaryIntent FROM alarmIntent") { row in
                guard let id = UUID(uuidString: row.text(0)) else { return }
                func intent(_ text: String?) -> EncodedIntent? { text.flatMap { try? JSONDecoder().decode(EncodedIntent.self, from: Data($0.utf8)) } }
                all.append(AlarmIntents(alarmID: id, appID: row.text(1), stop: intent(row.text(orNil: 2)), secondary: intent(row.text(orNil: 3))))
            }
            return all
        }
    }

    package func pendingIntents() throws -> [PendingIntent] {
        try reading { db in
            try db.texts("SELECT record FROM pendingIntent").compactMap {
                try? AlarmProtocol.decoder().decode(PendingIntent.self, from: Data($0.utf8))
            }
        }
    }

    /// Applies a set of changes to these tables as one durable transaction.
    package func writeApps(_ changes: AppsChanges) throws {
        guard !changes.isEmpty else { return }
        try write { batch in
            let db = batch.db
            let encoder = AlarmProtocol.encoder()
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            for app in changes.saveApps {
                try db.run(
                    """
                    INSERT INTO app (id, registration, authorization, decidedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET registration = excluded.registration,
                        authorization = excluded.authorization, decidedAt = excluded.decidedAt
                    """,
                    [.text(app.appID), SQLValue(try app.registration.map(json)), .text(app.authorization.rawValue),
                     SQLValue(app.decidedAt?.timeIntervalSince1970)])
            }
            for id in changes.deleteApps { try db.run("DELETE FROM app WHERE id = ?", [.text(id)]) }
            for intents in changes.saveIntents {
                try db.run(
                    "INSERT OR REPLACE INTO alarmIntent (alarmID, appID, stopIntent, secondaryIntent) VALUES (?, ?, ?, ?)",
                    [.text(intents.alarmID.uuidString), .text(intents.appID), SQLValue(try intents.stop.map(json)),
                     SQLValue(try intents.secondary.map(json))])
            }
            for id in changes.deleteIntents { try db.run("DELETE FROM alarmIntent WHERE alarmID = ?", [.text(id.uuidString)]) }
            for pending in changes.savePending {
                try db.run(
                    "INSERT OR REPLACE INTO pendingIntent (id, appID, record, expiresAt) VALUES (?, ?, ?, ?)",
                    [.text(pending.id.uuidString), .text(pending.app), .text(try json(pending)),
                     .real(pending.expiresAt.timeIntervalSince1970)])
            }
            for id in changes.deletePending { try db.run("DELETE FROM pendingIntent WHERE id = ?", [.text(id.uuidString)]) }
        }
    }
}

/// Writes to the apps tables, applied together.
package struct AppsChanges: Sendable {
    package var saveApps: [StoredApp] = []
    package var deleteApps: [String] = []
    package var saveIntents: [AlarmIntents] = []
    package var deleteIntents: [UUID] = []
    package var savePending: [PendingIntent] = []
    package var deletePending: [UUID] = []

    package init() {}

    package var isEmpty: Bool {
        saveApps.isEmpty && deleteApps.isEmpty && saveIntents.isEmpty && deleteIntents.isEmpty && savePending.isEmpty && deletePending.isEmpty
    }
}
