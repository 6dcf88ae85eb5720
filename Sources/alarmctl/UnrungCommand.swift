import AlarmCalendar
import AlarmClient
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport

/// `alarmctl unrung`: the events of the calendars alarmd reads that give no alarm, and why.
struct UnrungCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unrung",
        abstract: "List the calendar events that give no alarm, and why.",
        discussion: """
            For the calendar of [sync] and each [[calendars]] subscription, as alarmd's last read \
            found them: each event's start, title and reason ("all-day event without a reminder", \
            "ended on 2025-07-01", "its reminders only send e-mail"). `alarmctl import` lists those \
            of a file itself. See docs/SYNC.md.
            """)

    @Flag(help: "Print JSON for scripts.") var json = false

    func run() throws {
        let calendars = try DaemonLink().send(.unrung).unrung ?? []
        if json { return JSONOutput.print(calendars) }
        guard !calendars.isEmpty else { return print(Text.noCalendarRead) }
        for calendar in calendars {
            print(Text.unrungHeading(calendar) + (calendar.count > 0 ? ":" : ""))
            let events = calendar.events ?? []
            for event in events {
                let start = event.start.flatMap { EventTime(isoText: $0, zone: event.startZone) }.map(RefusalText.time)
                let reason = RefusalText.reason(code: event.reason, arguments: event.details ?? [])
                print(TerminalSafe.lines(Text.unrungEvent(start: start.map { TerminalSafe.text($0) }, summary: event.summary, reason: reason)))
            }
            if calendar.count > events.count { print(Text.unrungMore(calendar.count - events.count)) }
            if let older = calendar.older { print("  " + RefusalText.olderNotListed(older)) }
        }
    }
}
