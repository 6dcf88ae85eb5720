/// One `[[calendars]]` entry of config.toml: a calendar whose reminders ring here, read only;
/// its account as `[sync]`'s (`CalDAVAccount`: url, username, password_command, interval,
/// every 300 s unless it says, ca_file), read through as `settings.url`.
@dynamicMemberLookup
public struct CalendarSubscriptionSettings: Hashable, Sendable {
    /// Shown as the alarms' app, `calendar:<name>`; letters, digits, `-`, `_`, `.` only.
    public var name: String
    public var account: CalDAVAccount

    public subscript<Value>(dynamicMember path: KeyPath<CalDAVAccount, Value>) -> Value { account[keyPath: path] }

    public static let defaultInterval = 300.0

    init(name: String?, account values: CalDAVAccount.Section) throws(ConfigProblem) {
        guard let name, !name.isEmpty, name.utf8.count <= 64,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw ConfigProblem(path: "", line: nil, key: nil,
                                message: "calendars.name must be a short name of letters, digits, '-', '_' or '.' (it becomes the alarms' app, calendar:<name>)",
                                setting: "calendars.name")
        }
        do {
            account = try CalDAVAccount(values, section: "calendars", name: name, defaultInterval: Self.defaultInterval)
        } catch {
            throw ConfigProblem(path: "", line: nil, key: nil, message: error.message, setting: "calendars." + error.key)
        }
        self.name = name
    }
}
