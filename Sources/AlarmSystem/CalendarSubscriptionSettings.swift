/// One `[[calendars]]` entry of config.toml: a calendar whose reminders ring here, read only.
/// Credentials as for `[sync]` (the password never here: `password_command`, or the keyring).
public struct CalendarSubscriptionSettings: Hashable, Sendable {
    /// Shown as the alarms' app, `calendar:<name>`; letters, digits, `-`, `_`, `.` only.
    public var name: String
    public var url: String
    public var username: String?
    public var passwordCommand: String?
    public var interval: Double
    /// A PEM file of the authority to trust instead of the system's (a home server's own CA).
    public var caFile: String?

    public static let defaultInterval = 300.0

    init(name: String?, url: String?, username: String?, passwordCommand: String?, interval: Double?, caFile: String? = nil) throws(ConfigProblem) {
        func problem(_ setting: String, _ message: String) -> ConfigProblem {
            ConfigProblem(path: "", line: nil, key: nil, message: message, setting: setting)
        }
        guard let name, !name.isEmpty, name.utf8.count <= 64,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw problem("calendars.name", "calendars.name must be a short name of letters, digits, '-', '_' or '.' (it becomes the alarms' app, calendar:<name>)")
        }
        guard let url, !url.isEmpty else { throw problem("calendars.url", "calendars.url is missing for '\(name)': the calendar collection's URL") }
        do { _ = try CalDAVURL(url) } catch { throw problem("calendars.url", "calendars.url of '\(name)' refused: \(error.description)") }
        if let username, username.isEmpty || username.contains(where: { $0.isNewline || $0 == ":" }) {
            throw problem("calendars.username", "calendars.username of '\(name)' must be a name without ':' or line breaks (or left out)")
        }
        let interval = interval ?? Self.defaultInterval
        guard interval >= 1, interval <= 86400 else { throw problem("calendars.interval", "calendars.interval of '\(name)' must be 1-86400 seconds") }
        if let caFile, !caFile.hasPrefix("/") {
            throw problem("calendars.ca_file", "calendars.ca_file of '\(name)' must be an absolute path to a PEM file")
        }
        self.name = name
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
        self.caFile = caFile
    }
}
