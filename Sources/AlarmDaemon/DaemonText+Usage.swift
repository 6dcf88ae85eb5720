extension DaemonText {
    /// `alarmd --help`, in English as alarmctl's help is (docs/TRANSLATIONS.md); apart from the
    /// translated sentences so that xgettext, which reads Swift as C, never meets a multi-line
    /// literal.
    public static let usage = """
        usage: alarmd [--background]
        The OpenAlarmKit daemon: owns, persists and rings this user's alarms. Usually started by
        systemd (alarmd.socket) or on demand by alarmctl. Stops on SIGTERM, reloads
        config.toml on SIGHUP, logs to stderr. One runs per user: a second one exits with
        status 1, saying which process serves.

          --background  start the daemon in its own session, under a supervisor that
                        restarts it after a crash, and return once it serves (status 0),
                        another alarmd serves (status 3), or it could not start (status 1)
          --wake-helper alarmd.service's unconfined ExecStartPre: the package's launcher
                        keeps the timer that wakes the machine (it needs CAP_WAKE_ALARM)
                        and arms it for the confined daemon
        """
}
