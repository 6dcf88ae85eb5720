import AlarmClient
import AlarmWords
import FoundationEssentials
import LinuxSupport

/// The commands' confirmations and errors (see `Text`).
extension Text {
    static func version(_ version: String) -> String { "alarmctl \(version)" }
    static func unknownCommand(_ word: String, suggestion: String) -> String {
        tr("unknown command '%1$s': did you mean '%2$s'? (alarmctl --help lists the commands)", word, suggestion)
    }
    static func unknownCommand(_ word: String) -> String { tr("unknown command '%s' (alarmctl --help lists the commands)", word) }
    /// Every error line: "alarmctl: <message>".
    static func complaint(_ message: String) -> String { tr("alarmctl: %s", message) }
    static func warning(_ warning: String) -> String { tr("warning: %s", warning) }
    static func notSaved(_ problem: AlarmProtocol.StorageProblem) -> String {
        tr("error: not yet durable: the change is in effect but could not be saved (%s); alarmd keeps it in memory and retries, and it is lost if alarmd stops before then. `alarmctl status` shows `storage:` while changes wait (exit status 75)", StatusWords.storage(problem))
    }

    // Alarm ids and titles
    static func noAlarmNamed(_ reference: String) -> String {
        tr("no alarm has the id or title '%s' (see `alarmctl list`; a title must match whole, in any case)", reference)
    }
    static func ambiguousAlarm(_ reference: String, count: Int) -> String {
        // One line: TranslationTests reads a trn call's two msgids from its line.
        trn("'%1$s' names %2$s alarm; give the id (or more of it) of the one you mean:", "'%1$s' names %2$s alarms; give the id (or more of it) of the one you mean:", count, reference, String(count))
    }
    static func identicalAlarm(_ id: String, title: String) -> String {
        tr("%1$s '%2$s' already rings at this time (added another; to remove one: alarmctl cancel %1$s)", id, title)
    }

    // add, edit, timer
    static func scheduled(_ id: String, title: String, status: String) -> String { tr("scheduled %1$s '%2$s': %3$s", id, title, status) }
    static func changed(_ id: String, title: String, status: String) -> String { tr("changed %1$s '%2$s': %3$s", id, title, status) }
    static func started(_ id: String, title: String, status: String) -> String { tr("started %1$s '%2$s': %3$s", id, title, status) }
    static func timerLine(_ title: String, status: String) -> String { tr("%1$s: %2$s", title, status) }
    static var noSnoozeWithSnoozeOrLabel: String { tr("--no-snooze cannot go with --snooze or --label-snooze") }
    static var noSnoozeWithSnooze: String { tr("--no-snooze cannot go with --snooze") }
    static var nothingToChange: String {
        tr("nothing to change: give what changes, e.g. --title, --at, --sound, --volume, --ramp, --snooze, --no-snooze or --countdown (see alarmctl edit --help)")
    }
    static var emptyTitle: String { tr("--title cannot be empty: give the alarm a name, or leave --title out for the usual one") }
    static func mustBeLongerThanZero(_ option: String) -> String { tr("%s must be longer than zero", option) }
    static func negativeOptionValue(_ option: String, _ value: String) -> String {
        tr("'%2$s' after %1$s reads as an option; to give %1$s a value that starts with a minus, write %1$s=%2$s", option, value)
    }
    static func badOption(_ option: String, _ message: String) -> String { tr("%1$s: %2$s", option, message) }
    static var volumeRange: String { tr("--volume must be 0-100 (percent)") }
    static var rampRange: String { tr("--ramp must be 0-3600 seconds") }

    // missed
    static var limitAtLeastOne: String { tr("--limit must be at least 1") }
    static var noMissedAlarms: String { tr("no missed alarms") }
    static var rangUnanswered: String { tr("rang unanswered") }
    static var didNotRing: String { tr("did not ring (daemon down or machine asleep)") }

    // status: the labels are padded to one column in every language; the values are alarmd's
    // typed ones worded by StatusWords (an older alarmd's own words shown as they come).
    static func statusReport(_ status: AlarmProtocol.DaemonStatus) -> String {
        [
            tr("alarmd %1$s (pid %2$s)", status.version, String(status.pid)),
            statusLine(tr("alarms:"), String(status.alarmCount)),
            statusLine(tr("time zone:"), status.timeZone),
            statusLine(tr("sound:"), status.audio.map(StatusWords.audio) ?? TerminalSafe.text(status.audioDevice)),
            statusLine(tr("notifications:"), status.notifier.map(StatusWords.notifier) ?? TerminalSafe.text(status.notifications)),
        ].joined(separator: "\n")
    }
    /// "wake from suspend: yes (CAP_WAKE_ALARM)"; nil when alarmd says nothing about it.
    static func wakeFromSuspend(_ status: AlarmProtocol.DaemonStatus) -> String? {
        guard let wake = status.wake.map(StatusWords.wake) ?? status.wakeFromSuspend.map(TerminalSafe.text) else { return nil }
        return tr("wake from suspend: %s", wake)
    }
    /// "storage: NOT SAVING: …"; nil while changes are saved.
    static func notSaving(_ status: AlarmProtocol.DaemonStatus) -> String? {
        guard let problem = status.unsaved.map(StatusWords.storage) ?? status.storageProblem.map(TerminalSafe.text) else { return nil }
        return statusLine(tr("storage:"), tr("NOT SAVING: %s (changes are kept in memory and retried)", problem))
    }
    static func configProblem(_ problem: String) -> String { statusLine(tr("config:"), problem) }
    static var syncNotSetUp: String { tr("sync is not set up: add [sync] to config.toml (see docs/SYNC.md)") }
    static func syncOff(_ why: String) -> String { tr("sync is off: %s", why) }
    /// config check: where the password comes from without password_command.
    static func syncPasswordFromKeyring(_ username: String?) -> String {
        tr("# password from the keyring: secret-tool lookup service openalarmkit username %s", username ?? "")
    }
    static var syncOffInConfig: String { tr("# off: this section cannot be used (see below); every other setting applies") }
    static var syncTooSlow: String { tr("the sync did not finish within 2 minutes; see `alarmctl status` later") }
    /// "sync:  https://…/alarms/, last 16:40:02; 401 from …: check the username and password".
    static func syncState(_ sync: AlarmProtocol.SyncStatus) -> String {
        var text = TerminalSafe.text(sync.url) + ", "
        text += sync.lastSync.map { tr("last synced %s", Format.when($0)) } ?? tr("not synced yet")
        if let problem = SyncText.problem(sync) { text += "; " + TerminalSafe.text(problem) }
        return statusLine(tr("sync:"), text)
    }
    /// "label:" padded to the widest label `status` prints (15 cells in English).
    static func statusLine(_ label: String, _ value: String) -> String {
        let labels = [tr("alarms:"), tr("time zone:"), tr("sound:"), tr("notifications:"), tr("storage:"), tr("config:"), tr("sync:"), tr("calendars:")]
        let width = max(labels.map(\.displayWidth).max() ?? 0, 14) + 1
        return label.padded(to: width) + value
    }

    // apps
    static var noApps: String { tr("no apps have asked to schedule alarms") }
    static var appsColumns: (app: String, permission: String, alarms: String, pending: String, name: String) {
        (tr("APP"), tr("PERMISSION"), tr("ALARMS"), tr("PENDING"), tr("NAME"))
    }
    static var trusted: String { tr("trusted") }
    static func authorization(_ state: AppAuthorization) -> String {
        switch state {
        case .authorized: tr("allowed")
        case .denied: tr("denied")
        case .notDetermined: tr("not asked")
        }
    }
    static func appDecided(_ app: String, _ words: String) -> String { tr("%1$s: %2$s", app, words) }

    // config check
    static func configNoSuchFile(_ path: String) -> String { tr("alarmctl config check: %s: no such file", path) }
    static func configAbsent(_ path: String) -> String { tr("%s (absent: defaults)", path) }
    static func effectiveSettings(from source: String) -> String { tr("# effective settings from %s", source) }

    // next
    static func nextComplaint(_ message: String) -> String { tr("alarmctl next: %s", message) }
    static func countInvalid(_ count: String) -> String { tr("--count must be a whole number of at least 1, not '%s'", count) }
    static var fromOption: String { tr("--from: ") }
    static var missingSpec: String { tr("missing SPEC (e.g. alarmctl next weekdays 6:30; see alarmctl next --help)") }
    static func unknownZone(_ zone: String) -> String { tr("unknown time zone '%s' (use an IANA name such as Europe/Berlin or America/New_York)", zone) }
    static func unknownTZ(_ variable: String) -> String {
        tr("TZ='%s' is not a time zone this tool knows (set TZ to an IANA name such as Europe/Berlin, or pass --tz)", variable)
    }
}
