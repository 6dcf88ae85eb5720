import AlarmWire

extension SocketServer {
    /// Pushes an event to every watcher of `app` and to those watching every app;
    /// `onlyAsked`: only to the watchers that asked for `ended` events.
    func push(_ message: AlarmProtocol.Message, toWatchersOf app: String, onlyAsked: Bool = false) {
        for watcher in watchers where (watcher.watching! == nil || watcher.watching! == app) && (!onlyAsked || watcher.wantsEndings) {
            push(message, to: watcher)
        }
    }
}
