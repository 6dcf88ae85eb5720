extension AlarmProtocol.Message {
    /// The reply's change is in effect but not yet saved (`unsaved` says why): a full disk, a
    /// read-only or immutable state folder. Such a change is lost if alarmd stops before its
    /// retry saves it, so it must not be acknowledged as done (alarmctl exits 75, not 0).
    package var isNotDurable: Bool { unsaved != nil }
}
