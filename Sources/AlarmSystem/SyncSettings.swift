/// config.toml's `[sync]`: which CalDAV calendar the alarms sync with, as whom, how often
/// (every 60 s unless `interval` says; 5 s while an alarm of the calendar rings).
public typealias SyncSettings = CalDAVAccount

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

    init(_ refusal: CalDAVAccount.Refusal, url: String?) {
        key = refusal.key
        self.url = url
        message = refusal.message
        urlRefusal = refusal.urlRefusal
    }
}
