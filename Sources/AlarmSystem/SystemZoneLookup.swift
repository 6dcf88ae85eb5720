import AlarmCalendar
import AlarmCore

extension ZoneLookup {
    /// What the iCalendar codec knows of zones on this system, the same for `alarmctl import`
    /// and `export`, `[sync]` and `[[calendars]]`: the tz database's rules by name, its
    /// zone1970.tab names for VTIMEZONE-only zones (read once per process), and `machine`
    /// for floating times.
    package static func system(machine: ZoneRules) -> ZoneLookup {
        ZoneLookup(machine: machine, names: systemNames) { ZoneRules.named($0) }
    }

    private static let systemNames = ZoneNames.all()
}
