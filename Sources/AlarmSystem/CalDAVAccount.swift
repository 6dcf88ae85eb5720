/// A CalDAV calendar collection and how to reach it: what `[sync]` and each `[[calendars]]`
/// entry of config.toml say alike (`url`, `username`, `password_command`, `interval`,
/// `ca_file`), decoded and checked here once for both. The password is never here: it comes
/// from `passwordCommand` or the keyring (`SyncPassword`).
public struct CalDAVAccount: Hashable, Sendable {
    /// The calendar collection, checked as the client will use it (https, or http to loopback).
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    /// Seconds between polls.
    public var interval: Double
    /// A PEM file of the certificate authorities to trust instead of the system's: a home
    /// server with a certificate of its own CA.
    public var caFile: String?

    /// Why a section's account cannot be used: its key, and in words what to write, naming the
    /// section (`sync.interval must be…`, `calendars.interval of 'team' must be…`).
    struct Refusal: Error {
        var key: String
        var message: String
        var urlRefusal: URLRefusal?
    }

    /// The five keys as config.toml has them.
    struct Section: Decodable {
        var url: String?
        var username: String?
        var passwordCommand: String?
        var interval: DaemonConfig.Number?
        var caFile: String?
        enum CodingKeys: String, CodingKey {
            case url, username, interval
            case passwordCommand = "password_command"
            case caFile = "ca_file"
        }
    }

    /// - Parameters:
    ///   - section: `sync` or `calendars`, the prefix of the keys the messages name.
    ///   - name: a subscription's name (`of 'team'` in its messages); nil for `[sync]`.
    init(_ values: Section, section: String, name: String? = nil, defaultInterval: Double) throws(Refusal) {
        let of = name.map { " of '\($0)'" } ?? ""
        func refuse(_ key: String, _ words: String, url: URLRefusal? = nil) -> Refusal {
            Refusal(key: key, message: "\(section).\(key)\(of) \(words)", urlRefusal: url)
        }
        guard let url = values.url, !url.isEmpty else {
            throw refuse("url", "is missing: the calendar collection, e.g. https://dav.example.org/calendars/me/alarms/")
        }
        do { _ = try CalDAVURL(url) } catch { throw refuse("url", "refused: \(error.description)", url: error.reason) }
        if let username = values.username, username.isEmpty || username.contains(where: { $0.isNewline || $0 == ":" }) {
            throw refuse("username", "must be a name without ':' or line breaks (or left out)")
        }
        if let command = values.passwordCommand, command.allSatisfy(\.isWhitespace) {
            throw refuse("password_command", "is empty: a command that prints the password, or leave it out for the keyring")
        }
        let interval = values.interval?.value ?? defaultInterval
        guard interval >= 1, interval <= 86400 else { throw refuse("interval", "must be 1-86400 seconds") }
        if let caFile = values.caFile, !caFile.hasPrefix("/") {
            throw refuse("ca_file", "must be an absolute path to a PEM file")
        }
        self.url = url
        username = values.username
        passwordCommand = values.passwordCommand
        self.interval = interval
        caFile = values.caFile
    }
}
