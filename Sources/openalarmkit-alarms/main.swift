import AlarmsApp

#if canImport(Glibc)
    import Glibc
#endif

// "Alarms": the GTK face of alarmd (docs/GUI.md). Only a client: every alarm lives in alarmd,
// which rings with this window closed; closing it changes nothing. The app itself is the
// AlarmsApp library, which the UI check (alarms-ui-check) builds its files from too.
exit(AlarmsApplication.run())
