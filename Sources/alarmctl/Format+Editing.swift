import AlarmClient

/// How a turned-off alarm reads in the STATE column (`disable`).
extension Format {
    /// "off" for a turned-off alarm, else its lifecycle state.
    static func stateName(_ record: AlarmRecord) -> String {
        record.disabledAt != nil ? Text.off : Text.stateName(record.phase.state)
    }
}
