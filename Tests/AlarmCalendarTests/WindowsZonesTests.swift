import AlarmCalendar
import AlarmCore
import Foundation
import Testing
import TestSupport

/// Windows zone names as CLDR maps them (territory 001), from a file generated from Debian's
/// unicode-cldr-core and checked against it here; X-WR-TIMEZONE for floating times.
@Suite(.timeLimit(.minutes(2))) struct WindowsZonesTests {
    let now = instant("2026-11-26T12:00:00Z")

    static func event(tzid: String, timezone: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + timezone + [
            "BEGIN:VEVENT", "UID:w@example.com", "SUMMARY:Review", "DTSTART;TZID=\"\(tzid)\":20270104T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
        ]).joined(separator: "\r\n")
    }

    /// Outlook's VTIMEZONE for Western Europe: its rules match Andorra's as well as Berlin's.
    static let westernEurope = [
        "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    func zone(of text: String) throws -> String? {
        try #require(try ICalendar.parse(text, zones: zones, now: now).first?.imported).record.timeZone
    }

    @Test func wEuropeStandardTimeIsBerlinNotTheFirstZoneWithItsRules() throws {
        #expect(try zone(of: Self.event(tzid: "W. Europe Standard Time", timezone: Self.westernEurope)) == "Europe/Berlin")
        #expect(try zone(of: Self.event(tzid: "W. Europe Standard Time")) == "Europe/Berlin", "no VTIMEZONE needed")
    }

    @Test(arguments: [
        ("Pacific Standard Time", "America/Los_Angeles"), ("AUS Eastern Standard Time", "Australia/Sydney"),
        ("Eastern Standard Time", "America/New_York"), ("GMT Standard Time", "Europe/London"), ("Tokyo Standard Time", "Asia/Tokyo"),
        // CLDR says Asia/Calcutta; zone1970.tab's name is today's.
        ("India Standard Time", "Asia/Kolkata"),
        // Outlook's display name, as some versions write it for the TZID.
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
    ])
    func windowsNamesMapAsCLDRSays(name: String, expected: String) throws {
        #expect(try zone(of: Self.event(tzid: name)) == expected)
    }

    @Test func anUnknownNameIsRefusedWithIt() throws {
        let refused = try #require(try ICalendar.parse(Self.event(tzid: "Mars Standard Time"), zones: zones, now: now).first?.refused)
        #expect(refused.reason == .unknownZone("Mars Standard Time"))
        #expect(refused.start == EventTime(date: LocalDate(year: 2027, month: 1, day: 4), minuteOfDay: 9 * 60, zone: "Mars Standard Time"))
    }

    /// Google writes the calendar's zone once, for the floating times of its events.
    @Test func xWRTimezoneIsTheZoneOfFloatingTimes() throws {
        func calendar(_ zone: String) -> String {
            ["BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-TIMEZONE:\(zone)",
             "BEGIN:VEVENT", "UID:gym@example.com", "SUMMARY:Gym", "DTSTART:20270108T180000", "RRULE:FREQ=WEEKLY;BYDAY=FR",
             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT30M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        }
        let gym = try #require(try ICalendar.parse(calendar("America/Chicago"), zones: zones, now: now).first?.imported)
        #expect(gym.record.timeZone == "America/Chicago")
        // From the series' first Friday on, in Chicago's time.
        #expect(fires(gym.record, after: now, count: 2) == [instant("2027-01-08T17:30:00-06:00"), instant("2027-01-15T17:30:00-06:00")])
        #expect(try zone(of: calendar("Pacific Standard Time")) == "America/Los_Angeles")
        // A zone nobody knows: floating stays the machine's time, as without the property.
        #expect(try zone(of: calendar("Nowhere/Special")) == nil)
    }

    /// The committed file is what the script makes from the installed CLDR: the data comes
    /// from the maintained source, never typed by hand.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/cldr/common/supplemental/windowsZones.xml") || RealServers.required,
                   "needs unicode-cldr-core (scripts/setup installs it)"))
    func theGeneratedTableIsTheInstalledCLDRs() throws {
        let script = Translations.packageRoot.appendingPathComponent("scripts/make-windows-zones").path
        let run = try Subprocess.run("/usr/bin/env", ["python3", script, "--check"])
        #expect(run.termination.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
