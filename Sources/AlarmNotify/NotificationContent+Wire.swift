import LinuxSupport

/// How an `AlarmNotification` is adapted to what a particular server can do.
extension AlarmNotification {
    /// The body sent to the server: escaped where the server reads markup, and followed by the
    /// caller's hint where the server cannot show buttons.
    func wireBody(for server: NotificationServerInfo) -> String {
        var text = body
        if !server.supportsActions, !actions.isEmpty, let hint = noActionsHint, !hint.isEmpty {
            text = text.isEmpty ? hint : text + "\n" + hint
        }
        return server.supportsBodyMarkup ? MarkupText.escaped(text) : text
    }
}
