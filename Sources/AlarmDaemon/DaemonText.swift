import AlarmSystem
/// alarmd's sentences for people (its command line, popups and status), in one place so that a
/// gettext catalogue can later translate them; each is a whole sentence with its values as
/// parameters, never glued fragments. Log lines stay in the code: they are for developers;
/// error replies to clients stay with the checks that make them. Times come in formatted
/// (LocalTimeText).
public enum DaemonText {
    public static func version(_ version: String) -> String { "alarmd \(version)" }
    public static func unknownArgument(_ argument: String) -> String { "alarmd: unknown argument '\(argument)' (try --help)" }
    public static let usage = """
        usage: alarmd [--background]
        The OpenAlarmKit daemon: owns, persists and rings this user's alarms. Usually started by
        systemd (alarmd.socket) or on demand by alarmctl. Stops on SIGTERM, reloads
        config.toml on SIGHUP, logs to stderr. One runs per user: a second one exits with
        status 1, saying which process serves.

          --background  start the daemon in its own session, under a supervisor that
                        restarts it after a crash, and return once it serves (status 0),
                        another alarmd serves (status 3), or it could not start (status 1)
        """

    // Popups (AlarmPresenter, ConsentPrompt). "Alarms" is the app name popups are grouped under.
    static let appName = "Alarms"
    /// `app` is the app's display name, nil for the user's own alarms (`AppDisplayNames`).
    static func ringingBody(time: String, app: String?) -> String { app.map { "\(time) · \($0)" } ?? time }
    static func stopHint(_ id: String) -> String { "Stop with: alarmctl stop \(id)" }
    static func stopOrSnoozeHint(_ id: String) -> String { "Stop with: alarmctl stop \(id)   Snooze with: alarmctl snooze \(id)" }
    static func resumeHint(_ id: String) -> String { "Resume with: alarmctl resume \(id)" }
    /// A countdown popup: whole minutes while more than one is left, then the ring time alone
    /// (it is replaced by the minute, so the last minute cannot say "1 min left").
    static func countdownBody(minutesLeft: Int, ringsAt time: String, app: String?) -> String {
        switch (minutesLeft > 1, app) {
        case (true, let app?): "\(minutesLeft) min left · rings at \(time) · \(app)"
        case (true, nil): "\(minutesLeft) min left · rings at \(time)"
        case (false, let app?): "Rings at \(time) · \(app)"
        case (false, nil): "Rings at \(time)"
        }
    }
    static func pausedBody(left: String, app: String?) -> String { app.map { "Paused with \(left) left · \($0)" } ?? "Paused with \(left) left" }
    static func missedSummary(count: Int) -> String { count == 1 ? "Missed alarm" : "\(count) missed alarms" }
    static func missedLine(time: String, title: String, rangUnanswered: Bool) -> String {
        rangUnanswered ? "\(time) \(title) (rang unanswered)" : "\(time) \(title)"
    }
    static func consentSummary(_ name: String) -> String { "\(name) wants to schedule alarms and timers" }
    static let allow = "Allow"
    static let dontAllow = "Don't Allow"
    static func consentHint(_ app: String) -> String { "Decide with: alarmctl apps allow \(app)   or: alarmctl apps deny \(app)" }
    static let databaseDamaged = "Alarm database was damaged"
    static let alarmsSetAside = "Some alarms were set aside"
    static let cannotSave = "Alarms cannot be saved"
    static func cannotSaveBody(_ problem: String) -> String {
        "\(problem). Alarms still ring and changes still take effect; alarmd keeps them in memory and saves them once it can. Free disk space or fix the folder's permissions."
    }

    // `alarmctl status` lines alarmd composes.
    static let terminalNotifications = "terminal (no notification server)"
    static func deviceInUse(_ device: String) -> String { "\(device) (playing an alarm now)" }
    static func deviceCannotOpen(_ device: String, _ problem: String) -> String { "\(device) (cannot open now: \(problem))" }
    static func deviceOpens(_ device: String) -> String { "\(device) (opens now)" }
    static let wakeYes = "yes (CAP_WAKE_ALARM)"
    static func wakeNo(_ why: String) -> String { "no: \(why)" }
    /// The fix that fits how alarmd was installed (InstallKind): a file capability on the
    /// multi-call binary itself makes the daemon AT_SECURE, and GLib then ignores
    /// DBUS_SESSION_BUS_ADDRESS, so that is advised only where nothing better exists.
    static func wakeLacksCapability(_ kind: InstallKind) -> String {
        switch kind {
        case .package(let launcher):
            "alarmd lacks CAP_WAKE_ALARM, which the package puts on its launcher \(launcher) with setcap: "
                + "run 'sudo apt install libcap2-bin && sudo dpkg-reconfigure openalarmkit', then 'systemctl --user restart alarmd'"
        case .installScript(let executable):
            "alarmd lacks CAP_WAKE_ALARM, which scripts/install does not grant: install the .deb (its launcher "
                + "holds it), or run 'sudo setcap cap_wake_alarm+ep \(executable)' (alarmctl shares that file, and "
                + "alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus)"
        case .sourceBuild(let executable):
            "alarmd lacks CAP_WAKE_ALARM: run 'sudo setcap cap_wake_alarm+ep \(executable)' (after every build; "
                + "alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus), or with "
                + "systemd 254 or later add AmbientCapabilities=CAP_WAKE_ALARM to the [Service] section of alarmd.service"
        }
    }
    static func wakeNoClock(_ reason: String) -> String {
        "the kernel has no wake-up clock here (\(reason)), a machine with an RTC that can wake it is needed"
    }
}
