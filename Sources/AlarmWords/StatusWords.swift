import AlarmWire
import LinuxSupport

/// alarmd's state in the reader's language, from `status`'s typed values: what alarmctl's
/// `status` and the window's banner say. Names (devices, servers, paths) and the system's own
/// reasons are shown as they come; every sentence around them is translated here.
package enum StatusWords {
    /// "default (opens now)", "hw:3 (cannot open now: No such device)".
    package static func audio(_ audio: AlarmProtocol.AudioStatus) -> String {
        let device = TerminalSafe.text(audio.device)
        switch audio.state {
        case .opens: return tr("%s (opens now)", device)
        case .playing: return tr("%s (playing an alarm now)", device)
        case .cannotOpen: return tr("%1$s (cannot open now: %2$s)", device, TerminalSafe.text(audio.detail ?? "?"))
        }
    }

    /// "GNOME Shell 46.0", or "terminal (no notification server)".
    package static func notifier(_ notifier: AlarmProtocol.NotifierStatus) -> String {
        switch notifier.via {
        case .server: TerminalSafe.text([notifier.name ?? "?", notifier.version].compactMap { $0 }.joined(separator: " "))
        case .terminal: tr("terminal (no notification server)")
        }
    }

    /// "yes (CAP_WAKE_ALARM)", or "no: " and how to make it possible.
    package static func wake(_ wake: AlarmProtocol.WakeStatus) -> String {
        wake.able ? tr("yes (CAP_WAKE_ALARM)") : tr("no: %s", wakeObstacle(wake))
    }

    /// Why alarmd cannot wake the machine, and the fix that fits how it was installed: a file
    /// capability on the multi-call binary makes the daemon AT_SECURE, and GLib then ignores
    /// DBUS_SESSION_BUS_ADDRESS, so that is advised only where nothing better exists.
    package static func wakeObstacle(_ wake: AlarmProtocol.WakeStatus) -> String {
        let executable = wake.executable.map(TerminalSafe.text) ?? "alarmd"
        switch (wake.obstacle, wake.install) {
        case (.noWakeClock, _):
            return tr("the kernel has no wake-up clock here (%s), a machine with an RTC that can wake it is needed", TerminalSafe.text(wake.detail ?? "?"))
        case (.lacksCapability, .package):
            return tr("alarmd lacks CAP_WAKE_ALARM, which the package puts on its launcher %s with setcap: run 'sudo apt install libcap2-bin && sudo dpkg-reconfigure openalarmkit', then 'systemctl --user restart alarmd'", executable)
        case (.lacksCapability, .installScript):
            return tr("alarmd lacks CAP_WAKE_ALARM, which scripts/install does not grant: install the .deb (its launcher holds it), or run 'sudo setcap cap_wake_alarm+ep %s' (alarmctl shares that file, and alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus)", executable)
        case (.lacksCapability, _), (nil, _):
            return tr("alarmd lacks CAP_WAKE_ALARM: run 'sudo setcap cap_wake_alarm+ep %s' (after every build; alarmd then finds the session bus for notifications only at $XDG_RUNTIME_DIR/bus), or with systemd 254 or later add AmbientCapabilities=CAP_WAKE_ALARM to the [Service] section of alarmd.service", executable)
        }
    }

    /// Why changes are not on disk, and what to do: "cannot write /…/alarms.sqlite (database
    /// or disk is full): free disk space".
    package static func storage(_ problem: AlarmProtocol.StorageProblem) -> String {
        let path = TerminalSafe.text(problem.path ?? "?"), detail = TerminalSafe.text(problem.detail)
        switch problem.kind {
        case .cannotCreateFolder: return tr("cannot create the folder %1$s (%2$s): check that its parent exists and is yours", path, detail)
        case .readOnly: return tr("%1$s is read-only (%2$s): make it writable", path, detail)
        case .cannotOpen: return tr("cannot open %1$s (%2$s): check its permissions and the free disk space", path, detail)
        case .cannotWrite: return tr("cannot write %1$s (%2$s): free disk space or fix the file's permissions", path, detail)
        case .cannotRead: return tr("cannot read %1$s (%2$s)", path, detail)
        case .other: return problem.path == nil ? detail : tr("%1$s: %2$s", path, detail)
        }
    }
}
