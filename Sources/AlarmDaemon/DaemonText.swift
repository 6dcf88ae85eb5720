import AlarmSystem
import LinuxSupport

/// alarmd's sentences for people (its command line, popups and status), in one place, each
/// through gettext (`tr`, po/); each is a whole sentence with its values as `%1$s`..., never
/// glued fragments (docs/TRANSLATIONS.md). The usage text stays English, as alarmctl's help. Log lines stay in the code: they are for developers;
/// error replies to clients stay with the checks that make them. Times come in formatted
/// (LocalTimeText).
public enum DaemonText {
    public static func version(_ version: String) -> String { "alarmd \(version)" }
    /// `status`'s detail when the confined unit's wake helper is gone: the system's error
    /// (strerror's words), with whose it is.
    static func wakeHelperGone(_ error: String) -> String { tr("the wake helper: %s", error) }
    public static func unknownArgument(_ argument: String) -> String { tr("alarmd: unknown argument '%s' (try --help)", argument) }

    // Popups (AlarmPresenter, ConsentPrompt). "Alarms" is the app name popups are grouped under.
    static var appName: String { tr("Alarms") }
    /// `app` is the app's display name, nil for the user's own alarms (`AppDisplayNames`).
    static func ringingBody(time: String, app: String?) -> String { app.map { tr("%1$s · %2$s", time, $0) } ?? time }
    /// A calendar event's reminder: "Starts at 14:00 · Room 4" (the ring time when the event
    /// starts as it rings), then the app, as the other bodies; a task's: "Due at 17:00".
    static func eventBody(startsAt start: String?, ringTime: String, location: String?, app: String?, task: Bool = false) -> String {
        var parts = [start.map { task ? tr("Due at %s", $0) : tr("Starts at %s", $0) } ?? ringTime]
        if let location { parts.append(location) }
        if let app { parts.append(app) }
        return parts.joined(separator: " · ")
    }
    static func stopHint(_ id: String) -> String { tr("Stop with: alarmctl stop %s", id) }
    static func stopOrSnoozeHint(_ id: String) -> String { tr("Stop with: alarmctl stop %1$s   Snooze with: alarmctl snooze %1$s", id) }
    static func resumeHint(_ id: String) -> String { tr("Resume with: alarmctl resume %s", id) }
    /// A countdown popup: whole minutes while more than one is left, then the ring time alone
    /// (it is replaced by the minute, so the last minute cannot say "1 min left").
    static func countdownBody(minutesLeft: Int, ringsAt time: String, app: String?) -> String {
        switch (minutesLeft > 1, app) {
        case (true, let app?): trn("%1$s min left · rings at %2$s · %3$s", "%1$s min left · rings at %2$s · %3$s", minutesLeft, String(minutesLeft), time, app)
        case (true, nil): trn("%1$s min left · rings at %2$s", "%1$s min left · rings at %2$s", minutesLeft, String(minutesLeft), time)
        case (false, let app?): tr("Rings at %1$s · %2$s", time, app)
        case (false, nil): tr("Rings at %s", time)
        }
    }
    static func pausedBody(left: String, app: String?) -> String { app.map { tr("Paused with %1$s left · %2$s", left, $0) } ?? tr("Paused with %s left", left) }
    static func missedSummary(count: Int) -> String { trn("Missed alarm", "%d missed alarms", count) }
    static func missedLine(time: String, title: String, rangUnanswered: Bool) -> String {
        rangUnanswered ? tr("%1$s %2$s (rang unanswered)", time, title) : "\(time) \(title)"
    }
    static func consentSummary(_ name: String) -> String { tr("%s wants to schedule alarms and timers", name) }
    static var allow: String { tr("Allow") }
    static var dontAllow: String { tr("Don't Allow") }
    static func consentHint(_ app: String) -> String { tr("Decide with: alarmctl apps allow %1$s   or: alarmctl apps deny %1$s", app) }
    static var databaseDamaged: String { tr("Alarm database was damaged") }
    static var alarmsSetAside: String { tr("Some alarms were set aside") }
    static var cannotSave: String { tr("Alarms cannot be saved") }
    static func cannotSaveBody(_ problem: String) -> String {
        tr("%s. Alarms still ring and changes still take effect; alarmd keeps them in memory and saves them once it can. Free disk space or fix the folder's permissions.", problem)
    }
}
