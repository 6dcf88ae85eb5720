/// config.toml's `[sync]`: which CalDAV calendar the alarms sync with, as whom, how often.
/// The password is never here: it comes from `passwordCommand` or the keyring (`SyncPassword`).
public struct SyncSettings: Hashable, Sendable {
    /// The calendar collection, checked as the client will use it (https, or http to loopback).
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    /// Seconds between polls (5 s while an alarm of the calendar rings).
    public var interval: Double

    public static let defaultInterval = 60.0

    /// Checks each value; the error names the key and says what to write (as
    /// `DaemonConfig.load` reports its other range checks: the key first).
    init(url: String?, username: String?, passwordCommand: String?, interval: Double?) throws(ConfigProblem) {
        func problem(_ setting: String, _ message: String) -> ConfigProblem {
            ConfigProblem(path: "", line: nil, key: nil, message: message, setting: setting)
        }
        guard let url, !url.isEmpty else {
            throw problem("sync.url", "sync.url is missing: the calendar collection, e.g. https://dav.example.org/calendars/me/alarms/")
        }
        do { _ = try CalDAVURL(url) } catch { throw problem("sync.url", "sync.url refused: \(error.description)") }
        if let username, username.isEmpty || username.contains(where: { $0.isNewline || $0 == ":" }) {
            throw problem("sync.username", "sync.username must be a name without ':' or line breaks (or left out)")
        }
        if let passwordCommand, passwordCommand.allSatisfy(\.isWhitespace) {
            throw problem("sync.password_command", "sync.password_command is empty: a command that prints the password, or leave it out for the keyring")
        }
        let interval = interval ?? Self.defaultInterval
        guard interval >= 1, interval <= 86400 else { throw problem("sync.interval", "sync.interval must be 1-86400 seconds") }
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
    }
}
