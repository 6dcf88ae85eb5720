/// config.toml's `[sync]`: which CalDAV calendar the alarms sync with, as whom, how often.
/// The password is never here: it comes from `passwordCommand` or the keyring (`SyncPassword`).
public struct SyncSettings: Hashable, Sendable {
    /// The calendar collection, checked as the client will use it (https, or http to loopback).
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    /// Seconds between polls (5 s while an alarm of the calendar rings).
    public var interval: Double
    /// A PEM file of the certificate authorities to trust instead of the system's: a home
    /// server with a certificate of its own CA.
    public var caFile: String?

    public static let defaultInterval = 60.0

    /// Checks each value; the error names the key and says what to write (as
    /// `DaemonConfig.load` reports its other range checks: the key first).
    init(url: String?, username: String?, passwordCommand: String?, interval: Double?, caFile: String? = nil) throws(SyncRefusal) {
        guard let url, !url.isEmpty else {
            throw SyncRefusal(key: "url", url: nil, message: "sync.url is missing: the calendar collection, e.g. https://dav.example.org/calendars/me/alarms/")
        }
        do { _ = try CalDAVURL(url) } catch {
            var refusal = SyncRefusal(key: "url", url: url, message: "sync.url refused: \(error.description)")
            refusal.urlRefusal = error.reason
            throw refusal
        }
        if let username, username.isEmpty || username.contains(where: { $0.isNewline || $0 == ":" }) {
            throw SyncRefusal(key: "username", url: url, message: "sync.username must be a name without ':' or line breaks (or left out)")
        }
        if let passwordCommand, passwordCommand.allSatisfy(\.isWhitespace) {
            throw SyncRefusal(key: "password_command", url: url, message: "sync.password_command is empty: a command that prints the password, or leave it out for the keyring")
        }
        let interval = interval ?? Self.defaultInterval
        guard interval >= 1, interval <= 86400 else { throw SyncRefusal(key: "interval", url: url, message: "sync.interval must be 1-86400 seconds") }
        if let caFile, !caFile.hasPrefix("/") {
            throw SyncRefusal(key: "ca_file", url: url, message: "sync.ca_file must be an absolute path to a PEM file")
        }
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
        self.caFile = caFile
    }
}

/// Why `[sync]` is off although config.toml has it: the key at fault and, in words, why
/// (`message`, English, the log's and config check's). Every other setting still applies.
public struct SyncRefusal: Error, Hashable, Sendable {
    /// The key of `[sync]` at fault (`url`, `interval`…).
    public var key: String
    /// The URL as written, when there is one.
    public var url: String?
    public var message: String
    /// The line of config.toml, when known.
    public var line: Int?
    /// For a refused URL, why, as data.
    package var urlRefusal: URLRefusal?

    init(key: String, url: String?, message: String) {
        self.key = key
        self.url = url
        self.message = message
    }
}
