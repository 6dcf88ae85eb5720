/// The popups a presenter has on screen, by the server's ids, and which server process shows
/// them (its unique bus name: ids mean nothing to another server, nor to the same one after a
/// restart). A daemon keeps this in a file so that after a crash its next instance can close
/// what the dead one left on screen.
public struct ShownPopups: Codable, Sendable, Equatable {
    /// The unique bus name (":1.42") of the notification server that showed them.
    public var server: String
    /// Server ids by the caller's notification key.
    public var ids: [String: UInt32]

    public init(server: String, ids: [String: UInt32]) {
        self.server = server
        self.ids = ids
    }
}

extension NotificationPresenting {
    // Defaults for presenters with no server ids (the terminal fallback, test fakes).
    public func observeShown(_ observer: @escaping @Sendable (ShownPopups) -> Void) {}
    public func postCloseLeftovers(_ popups: ShownPopups) {}
}
