extension AlarmProtocol {
    /// How a reply's `warning` starts when the change it answers is in effect (in alarmd's
    /// memory: a stop silenced, an alarm armed) but not on disk: a full disk, a read-only or
    /// immutable state folder. Such a change is lost if alarmd stops before its retry saves it,
    /// so it must not be acknowledged as done (alarmctl exits 75, not 0).
    package static let notDurable = "not yet durable"
}

extension AlarmProtocol.Message {
    /// The reply's change is in effect but not yet saved (see `AlarmProtocol.notDurable`).
    package var isNotDurable: Bool { warning?.contains(AlarmProtocol.notDurable + ":") == true }
}
