import LinuxSupport

/// `alarmd --wake-helper` reaching the Swift binary: alarmd.service's unconfined
/// ExecStartPre, which the Debian package's launcher (packaging/alarmd-launcher.c) answers
/// itself: it holds CAP_WAKE_ALARM and keeps the wake timer for the confined daemon
/// (WakeTimer.swift). Here, with no launcher (a source build, scripts/install), there is no
/// capability to keep a timer with: it says so and lets the daemon start, which then tries
/// itself and reports why it cannot (`status`).
enum WakeHelperFlag {
    static let flag = "--wake-helper"

    static func run() -> Int32 {
        StandardError.write("alarmd \(flag): no wake helper without the package's launcher (/usr/bin/alarmd), which holds CAP_WAKE_ALARM\n")
        return 0
    }
}
