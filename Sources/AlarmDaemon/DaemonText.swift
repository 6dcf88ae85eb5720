/// alarmd's sentences for people (its command line, popups and status), in one place so that a
/// gettext catalogue can later translate them; each is a whole sentence with its values as
/// parameters, never glued fragments. Log lines stay in the code: they are for developers.
public enum DaemonText {
    public static func version(_ version: String) -> String { "alarmd \(version)" }
    public static func unknownArgument(_ argument: String) -> String { "alarmd: unknown argument '\(argument)' (try --help)" }
    public static let usage = """
        usage: alarmd [--background]
        The OpenAlarmKit daemon: owns, persists and rings this user's alarms. Usually started by
        systemd (alarmd.socket) or on demand by alarmctl. Stops on SIGTERM, reloads
        config.toml on SIGHUP, logs to stderr. One runs per user: a second one exits with
        status 1, saying which process serves.

          --background  start the daemon in its own session and return once it serves
                        (status 0), another alarmd serves (status 3), or it could not start
                        (status 1)
        """
}
