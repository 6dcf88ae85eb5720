import FoundationEssentials
import AlarmClient

/// The commands' confirmations and errors (see `Text`).
extension Text {
    static func version(_ version: String) -> String { "alarmctl \(version)" }
    /// Every error line: "alarmctl: <message>".
    static func complaint(_ message: String) -> String { "alarmctl: \(message)" }
    static func warning(_ warning: String) -> String { "warning: \(warning)" }

    // Alarm ids
    static func notAnID(_ prefix: String) -> String { "'\(prefix)' is not an alarm id (ids are hexadecimal; see `alarmctl list`)" }
    static func noAlarmWithID(_ prefix: String) -> String { "no alarm with id \(prefix) (see `alarmctl list`)" }
    static func ambiguousID(_ prefix: String, count: Int, ids: [String]) -> String {
        "'\(prefix)' matches \(count) alarms: \(ids.joined(separator: ", ")); type more of the id"
    }

    // add, edit, timer
    static func scheduled(_ id: String, title: String, status: String) -> String { "scheduled \(id) '\(title)': \(status)" }
    static func changed(_ id: String, title: String, status: String) -> String { "changed \(id) '\(title)': \(status)" }
    static func started(_ id: String, title: String, status: String) -> String { "started \(id) '\(title)': \(status)" }
    static func timerLine(_ title: String, status: String) -> String { "\(title): \(status)" }
    static let noSnoozeWithSnoozeOrLabel = "--no-snooze cannot go with --snooze or --label-snooze"
    static let noSnoozeWithSnooze = "--no-snooze cannot go with --snooze"
    static func mustBeLongerThanZero(_ option: String) -> String { "\(option) must be longer than zero" }
    static func badOption(_ option: String, _ message: String) -> String { "\(option): \(message)" }
    static let volumeRange = "--volume must be 0-100 (percent)"
    static let rampRange = "--ramp must be 0-3600 seconds"

    // missed
    static let limitAtLeastOne = "--limit must be at least 1"
    static let noMissedAlarms = "no missed alarms"
    static let rangUnanswered = "rang unanswered"
    static let didNotRing = "did not ring (daemon down or machine asleep)"

    // status
    static func statusReport(_ status: AlarmProtocol.DaemonStatus) -> String {
        """
        alarmd \(status.version) (pid \(status.pid))
        alarms:        \(status.alarmCount)
        time zone:     \(status.timeZone)
        sound:         \(status.audioDevice)
        notifications: \(status.notifications)
        """
    }
    static func wakeFromSuspend(_ wake: String) -> String { "wake from suspend: \(wake)" }
    static func notSaving(_ problem: String) -> String { "storage:       NOT SAVING: \(problem) (changes are kept in memory and retried)" }
    static func configProblem(_ problem: String) -> String { "config:        \(problem)" }

    // apps
    static let noApps = "no apps have asked to schedule alarms"
    static let appsColumns = (app: "APP", rest: "  PERMISSION      ALARMS  PENDING  NAME")
    static let trusted = "trusted"
    static func authorization(_ state: AppAuthorization) -> String {
        switch state {
        case .authorized: "allowed"
        case .denied: "denied"
        case .notDetermined: "not asked"
        }
    }
    static func appDecided(_ app: String, _ words: String) -> String { "\(app): \(words)" }

    // config check
    static func configNoSuchFile(_ path: String) -> String { "alarmctl config check: \(path): no such file" }
    static func configAbsent(_ path: String) -> String { "\(path) (absent: defaults)" }
    static func effectiveSettings(from source: String) -> String { "# effective settings from \(source)" }

    // next
    static func nextComplaint(_ message: String) -> String { "alarmctl next: \(message)" }
    static func countInvalid(_ count: String) -> String { "--count must be a whole number of at least 1, not '\(count)'" }
    static let fromOption = "--from: "
    static let missingSpec = "missing SPEC (e.g. alarmctl next weekdays 6:30; see alarmctl next --help)"
    static func unknownZone(_ zone: String) -> String { "unknown time zone '\(zone)' (use an IANA name such as Europe/Berlin or America/New_York)" }
    static func unknownTZ(_ variable: String) -> String {
        "TZ='\(variable)' is not a time zone this tool knows (set TZ to an IANA name such as Europe/Berlin, or pass --tz)"
    }
}
