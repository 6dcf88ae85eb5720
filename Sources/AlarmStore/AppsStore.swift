import Foundation
import GRDB
import OpenAlarmKit

/// An app's row: its decision and what it told alarmd about itself.
public struct StoredApp: Hashable, Sendable {
    public var appID: String
    public var registration: AppRegistration?
    public var authorization: AlarmManager.AuthorizationState
    public var decidedAt: Date?

    public init(appID: String, registration: AppRegistration?, authorization: AlarmManager.AuthorizationState, decidedAt: Date?) {
        self.appID = appID
        self.registration = registration
        self.authorization = authorization
        self.decidedAt = decidedAt
    }
}

/// The intents of one alarm's buttons.
public struct AlarmIntents: Hashable, Sendable {
    public var alarmID: UUID
    public var appID: String
    public var stop: EncodedIntent?
    public var secondary: EncodedIntent?

    public init(alarmID: UUID, appID: String, stop: EncodedIntent?, secondary: EncodedIntent?) {
        self.alarmID = alarmID
        self.appID = appID
        self.stop = stop
        self.secondary = secondary
    }
}

/// Apps, alarm intents and pending intents. Rows that do not decode (a newer version's) are
/// skipped on load, never deleted.
extension AlarmStore {
    public func apps() throws -> [StoredApp] {
        try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, registration, authorization, decidedAt FROM app").compactMap { row in
                guard let state = AlarmManager.AuthorizationState(rawValue: row[2]) else { return nil }
                let registration = (row[1] as String?).flatMap { try? JSONDecoder().decode(AppRegistration.self, from: Data($0.utf8)) }
                return StoredApp(appID: row[0], registration: registration, authorization: state, decidedAt: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func alarmIntents() throws -> [AlarmIntents] {
        try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT alarmID, appID, stopIntent, secondaryIntent FROM alarmIntent").compactMap { row in
                guard let id = UUID(uuidString: row[0]) else { return nil }
                func intent(_ text: String?) -> EncodedIntent? { text.flatMap { try? JSONDecoder().decode(EncodedIntent.self, from: Data($0.utf8)) } }
                return AlarmIntents(alarmID: id, appID: row[1], stop: intent(row[2]), secondary: intent(row[3]))
            }
        }
    }

    public func pendingIntents() throws -> [PendingIntent] {
        try dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT record FROM pendingIntent").compactMap {
                try? AlarmProtocol.decoder().decode(PendingIntent.self, from: Data($0.utf8))
            }
        }
    }

    /// Applies a set of changes to these tables as one durable transaction.
    public func writeApps(_ changes: AppsChanges) throws {
        guard !changes.isEmpty else { return }
        try write { batch in
            let db = batch.db
            let encoder = AlarmProtocol.encoder()
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            for app in changes.saveApps {
                try db.execute(
                    sql: """
                        INSERT INTO app (id, registration, authorization, decidedAt) VALUES (?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET registration = excluded.registration,
                            authorization = excluded.authorization, decidedAt = excluded.decidedAt
                        """,
                    arguments: [app.appID, try app.registration.map(json), app.authorization.rawValue, app.decidedAt?.timeIntervalSince1970])
            }
            for id in changes.deleteApps { try db.execute(sql: "DELETE FROM app WHERE id = ?", arguments: [id]) }
            for intents in changes.saveIntents {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO alarmIntent (alarmID, appID, stopIntent, secondaryIntent) VALUES (?, ?, ?, ?)",
                    arguments: [intents.alarmID.uuidString, intents.appID, try intents.stop.map(json), try intents.secondary.map(json)])
            }
            for id in changes.deleteIntents { try db.execute(sql: "DELETE FROM alarmIntent WHERE alarmID = ?", arguments: [id.uuidString]) }
            for pending in changes.savePending {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO pendingIntent (id, appID, record, expiresAt) VALUES (?, ?, ?, ?)",
                    arguments: [pending.id.uuidString, pending.app, try json(pending), pending.expiresAt.timeIntervalSince1970])
            }
            for id in changes.deletePending { try db.execute(sql: "DELETE FROM pendingIntent WHERE id = ?", arguments: [id.uuidString]) }
        }
    }
}

/// Writes to the apps tables, applied together.
public struct AppsChanges: Sendable {
    public var saveApps: [StoredApp] = []
    public var deleteApps: [String] = []
    public var saveIntents: [AlarmIntents] = []
    public var deleteIntents: [UUID] = []
    public var savePending: [PendingIntent] = []
    public var deletePending: [UUID] = []

    public init() {}

    public var isEmpty: Bool {
        saveApps.isEmpty && deleteApps.isEmpty && saveIntents.isEmpty && deleteIntents.isEmpty && savePending.isEmpty && deletePending.isEmpty
    }
}
