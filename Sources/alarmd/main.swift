import AlarmDaemon

// The daemon's main lives in AlarmDaemon so that alarmctl can be alarmd too (the package's
// multi-call binary); this target stays for `swift build`, the tests and development.
DaemonMain.run()
