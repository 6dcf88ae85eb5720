import AlarmSystem

extension DaemonText {
    // The `alarmctl status` values alarmd composes: wire text (DaemonStatus), in English whatever
    // alarmd's locale, since the client's person may read another language and the window
    // matches "(cannot open now: " and "no: " (AlarmsAppModel.Health); alarmctl translates
    // the labels around them.
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
            "alarmd lacks CAP_WAKE_ALARM, which the package puts on its launcher \(launcher) with setcap: run 'sudo apt install libcap2-bin && sudo dpkg-reconfigure openalarmkit', then 'systemctl --user restart alarmd'"
        case .installScript(let executable):
            "alarmd lacks CAP_WAKE_ALARM, which scripts/install does not grant: install the .deb (its launcher holds it), or run 'sudo setcap cap_wake_alarm+ep \(executable)' (alarmctl shares that file, and alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus)"
        case .sourceBuild(let executable):
            "alarmd lacks CAP_WAKE_ALARM: run 'sudo setcap cap_wake_alarm+ep \(executable)' (after every build; alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus), or with systemd 254 or later add AmbientCapabilities=CAP_WAKE_ALARM to the [Service] section of alarmd.service"
        }
    }
    static func wakeNoClock(_ reason: String) -> String {
        "the kernel has no wake-up clock here (\(reason)), a machine with an RTC that can wake it is needed"
    }
}
