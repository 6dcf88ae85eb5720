import OpenAlarmKit

/// Every alarm row of the store: those that decoded, and those that did not.
public struct LoadedAlarms: Hashable, Sendable {
    public var records: [AlarmRecord]
    /// Rows left out of `records` because they do not decode (written by a newer version,
    /// say). They stay in the file, still count towards their app's cap, and are replaced
    /// when a record with their id is saved.
    public var undecodable: [UndecodableAlarm]

    public init(records: [AlarmRecord], undecodable: [UndecodableAlarm]) {
        self.records = records
        self.undecodable = undecodable
    }
}

/// An alarm row whose record could not be read.
public struct UndecodableAlarm: Hashable, Sendable, CustomStringConvertible {
    /// The row's key as stored; normally a UUID.
    public var id: String
    public var appID: String
    public var reason: String

    public init(id: String, appID: String, reason: String) {
        self.id = id
        self.appID = appID
        self.reason = reason
    }

    public var description: String {
        "alarm \(id) of \(appID) was skipped: its stored record cannot be read (\(reason)); "
            + "it was probably saved by a newer version of OpenAlarmKit and is kept in the database"
    }
}
