import AlarmWire

/// Every alarm row of the store: those that decoded, and those that did not.
package struct LoadedAlarms: Hashable, Sendable {
    package var records: [AlarmRecord]
    /// Rows left out of `records` because they do not decode (written by a newer version,
    /// say). They stay in the file, still count towards their app's cap, and are replaced
    /// when a record with their id is saved.
    package var undecodable: [UndecodableAlarm]
    /// Rows that decode but hold a value outside `AlarmBounds` (a duration of 1e300 s, a
    /// date past 2100): left in the file, untouched, and never loaded, since arithmetic on
    /// them is what crashed earlier versions at every start. Report them to the person.
    package var quarantined: [UndecodableAlarm]

    package init(records: [AlarmRecord], undecodable: [UndecodableAlarm], quarantined: [UndecodableAlarm] = []) {
        self.records = records
        self.undecodable = undecodable
        self.quarantined = quarantined
    }
}

/// An alarm row whose record could not be read.
package struct UndecodableAlarm: Hashable, Sendable, CustomStringConvertible {
    /// The row's key as stored; normally a UUID.
    package var id: String
    package var appID: String
    package var reason: String

    package init(id: String, appID: String, reason: String) {
        self.id = id
        self.appID = appID
        self.reason = reason
    }

    package var description: String {
        "alarm \(id) of \(appID) was skipped: its stored record cannot be read (\(reason)); "
            + "it was probably saved by a newer version of OpenAlarmKit and is kept in the database"
    }
}
