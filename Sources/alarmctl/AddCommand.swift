import AlarmCore
import AlarmSystem
import ArgumentParser
import FoundationEssentials
import LinuxSupport
import AlarmClient

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Schedule an alarm.",
        discussion: """
            SPEC is a time (7:30, 7am, noon), days and a time (daily 7:00, weekdays 6:30, \
            mon,wed,fri 7:00; your locale's day names work too: montag 7:00), a date and a time \
            (tomorrow 7:00, 2026-06-09 09:41), or a duration from now (10m). Longer repeats: \
            every 2 days 7:00, every 2 weeks mon,fri 7:00, every other week 7:00, monthly on the \
            15th 9:00, monthly on the last day 9:00, first monday of each month 9:00, last fri of \
            every month 17:00, yearly on 3 may 9:00, every 3 months on the 1st 9:00; any repeat \
            may end: ... until 2026-12-31, ... 10 times (weekdays 6:30 until 2026-12-19). The alarm has a \
            Snooze button unless --no-snooze. Adding one with the same time and title as an \
            existing alarm warns, and adds it. See docs/CLI.md.
            """)

    @Argument(help: "When it rings (see `alarmctl next --help`).") var spec: [String]
    @Option(help: "What the notification says.") var title = Text.defaultAlarmTitle
    @Option(help: "A sound name (see `alarmctl sound list`).") var sound: String?
    @Option(help: "Snooze length, e.g. 9m (default: alarmd's, 9 minutes).") var snooze: String?
    @Option(help: "Count down this long before it rings, with Pause/Stop, e.g. 10m.") var countdown: String?
    @Flag(help: "No Snooze button.") var noSnooze = false
    @Option(help: "Volume in percent, 0-100 (default: alarmd's).") var volume: Double?
    @Option(help: "Fade in over this many seconds.") var ramp: Double?
    @Option(name: .customLong("label-stop"), help: "The Stop button's label.") var labelStop: String?
    @Option(name: .customLong("label-snooze"), help: "The Snooze button's label.") var labelSnooze: String?
    @Flag(help: "Print the scheduled alarm as JSON.") var json = false

    func run() throws {
        try TitleOption.check(title)
        let now = Date()
        var schedule: Alarm.Schedule?
        var calendar: CalendarSchedule?
        switch try SpecInput.parse(spec, now: now) {
        case .schedule(let parsed): schedule = parsed
        case .countdown(let seconds): schedule = .fixed(now.addingTimeInterval(seconds))
        case .calendar(let parsed): calendar = parsed
        }
        if noSnooze && (snooze != nil || labelSnooze != nil) {
            complain(Text.noSnoozeWithSnoozeOrLabel)
            throw Exit.badInput
        }
        let preAlert = try countdown.map { try SpecInput.duration($0, option: "--countdown") }
        let link = try DaemonLink()
        // Without --snooze, none of its own: alarmd's `alarms.snooze` when the snooze happens.
        let postAlert = noSnooze ? nil : try snooze.map { try SpecInput.duration($0, option: "--snooze") }
        let stop = AlarmButton(text: .init(labelStop ?? Text.stopButton), textColor: .white, systemImageName: "stop.circle")
        let snoozeButton = noSnooze ? nil : AlarmButton(text: .init(labelSnooze ?? Text.snoozeButton), textColor: .white, systemImageName: "zzz")
        var presentation = AlarmPresentation(
            alert: .init(title: .init(title), stopButton: stop, secondaryButton: snoozeButton, secondaryButtonBehavior: noSnooze ? nil : .countdown))
        if preAlert != nil {
            presentation.countdown = .init(title: .init(title), pauseButton: AlarmButton(text: .init(Text.pauseButton), textColor: .white, systemImageName: "pause.fill"))
            presentation.paused = .init(title: .init(Text.pausedTitle(title)), resumeButton: AlarmButton(text: .init(Text.resumeButton), textColor: .white, systemImageName: "play.fill"))
        } else if !noSnooze {
            presentation.countdown = .init(title: .init(Text.snoozedTitle(title)))
        }
        var record = AlarmRecord(
            id: UUID(), appID: DaemonLink.appID, schedule: schedule,
            countdownDuration: preAlert == nil && postAlert == nil ? nil : .init(preAlert: preAlert, postAlert: postAlert),
            presentation: presentation,
            sound: try SpecInput.sound(name: sound, volume: volume, ramp: ramp), phase: .scheduled(fireDate: now))
        if let calendar { record.calendar = calendar }
        // Twice the same alarm is more often a slip (a command run again) than a wish.
        let twins = AlarmReference.twins(of: record, in: try link.alarms())
        guard let scheduled = try link.send(.schedule, record: record).record else { return }
        for twin in twins { complain(Text.warning(Text.identicalAlarm(Format.shortID(twin.id), title: Format.title(twin)))) }
        if json { return JSONOutput.print(scheduled) }
        print(Text.scheduled(Format.shortID(scheduled.id), title: Format.title(scheduled), status: Format.status(of: scheduled)))
    }
}

/// Parsing shared by the commands that take specs, durations and sound options: errors go to
/// stderr with a caret under the bad part, and exit with status 2.
enum SpecInput {
    static func parse(_ words: [String], now: Date) throws -> TimeSpec {
        let text = words.joined(separator: " ")
        do { return try TimeSpec.parse(text, now: now, timeZone: .current, weekdays: LocalTimeText.current.weekdayNames) } catch {
            complain(error.message)
            StandardError.write(TerminalSafe.lines(error.pointer).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n")
            throw Exit.badInput
        }
    }

    /// `option`: the option the text came with, named in the message; nil for a command's
    /// own argument (`timer 5m`), whose message names the text alone.
    static func duration(_ text: String, option: String?) throws -> TimeInterval {
        do {
            let seconds = try TimeSpec.parseDuration(text)
            guard seconds > 0 else {
                complain(Text.mustBeLongerThanZero(option ?? text))
                throw Exit.badInput
            }
            return seconds
        } catch let error as TimeSpecError {
            complain(option.map { Text.badOption($0, error.message) } ?? error.message)
            throw Exit.badInput
        }
    }

    static func sound(name: String?, volume: Double?, ramp: Double?) throws -> SoundSettings {
        if let volume, !(0...100).contains(volume) {
            complain(Text.volumeRange)
            throw Exit.badInput
        }
        if let ramp, !(ramp >= 0 && ramp <= 3600) {
            complain(Text.rampRange)
            throw Exit.badInput
        }
        return SoundSettings(sound: name.map { .named($0) } ?? .default, volume: volume.map { $0 / 100 }, rampSeconds: ramp)
    }
}
