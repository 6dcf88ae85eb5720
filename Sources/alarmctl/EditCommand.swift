import AlarmCore
import ArgumentParser
import FoundationEssentials
import AlarmClient

/// `alarmctl edit`: change what is given, keep everything else and the id.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an alarm in place (same id): its time, title, sound, snooze or countdown.",
        discussion: """
            Only what the options name changes: a rename keeps a turned-off alarm off and a \
            skipped date skipped. A new time (--at, --countdown) schedules it afresh from now: a \
            ringing or counting-down alarm stops doing so, a turned-off one stays off, and a \
            skipped day stays skipped if the alarm still rings on it.
            """)

    @Argument(help: "The alarm's id (or a unique prefix of it), or its title.") var id: String
    @Option(help: "When it rings, as for `add` (quote it: --at 'weekdays 7:00').") var at: String?
    @Option(help: "What the notification says.") var title: String?
    @Option(help: "A sound name (see `alarmctl sound list`), or 'default'.") var sound: String?
    @Option(help: "Volume in percent, 0-100.") var volume: Double?
    @Option(help: "Fade in over this many seconds.") var ramp: Double?
    @Option(help: "Snooze length, e.g. 9m (adds a Snooze button if there is none).") var snooze: String?
    @Flag(help: "No Snooze button.") var noSnooze = false
    @Option(help: "Count down this long before it rings (for a timer: its length).") var countdown: String?
    @Flag(help: "Print the changed alarm as JSON.") var json = false

    func run() throws {
        if noSnooze && snooze != nil {
            complain(Text.noSnoozeWithSnooze)
            throw Exit.badInput
        }
        if at == nil, title == nil, sound == nil, volume == nil, ramp == nil, snooze == nil, !noSnooze, countdown == nil {
            complain(Text.nothingToChange)
            throw Exit.badInput
        }
        if let title { try TitleOption.check(title) }
        let now = Date()
        let link = try DaemonLink()
        var record = try link.resolve(id)
        var fields: [AlarmField] = []
        if let at {
            switch try SpecInput.parse([at], now: now) {
            case .schedule(let parsed): record.schedule = parsed
            case .countdown(let seconds): record.schedule = .fixed(now.addingTimeInterval(seconds))
            case .calendar(let parsed):
                record.calendar = parsed
                record.timeZone = nil  // the spec's wall times are this machine's
                fields.append(.timeZone)
            }
            fields.append(.schedule)
        }
        if let title {
            record.presentation.alert.title = .init(stringLiteral: title)
            fields.append(.title)
        }
        if let countdown {
            let seconds = try SpecInput.duration(countdown, option: "--countdown")
            record.countdownDuration = .init(preAlert: seconds, postAlert: record.countdownDuration?.postAlert)
            if record.presentation.countdown == nil || record.presentation.paused == nil {
                record.presentation.countdown = .init(title: record.presentation.alert.title, pauseButton: AlarmButton(text: .init(Text.pauseButton), textColor: .white, systemImageName: "pause.fill"))
                record.presentation.paused = .init(title: .init(Text.pausedTitle(Format.title(record))), resumeButton: AlarmButton(text: .init(Text.resumeButton), textColor: .white, systemImageName: "play.fill"))
            }
            fields.append(.countdown)
        }
        if let snooze {
            let seconds = try SpecInput.duration(snooze, option: "--snooze")
            record.countdownDuration = .init(preAlert: record.countdownDuration?.preAlert, postAlert: seconds)
            if record.presentation.alert.secondaryButton == nil {
                record.presentation.alert.secondaryButton = AlarmButton(text: .init(Text.snoozeButton), textColor: .white, systemImageName: "zzz")
                record.presentation.alert.secondaryButtonBehavior = .countdown
            }
            if record.presentation.countdown == nil { record.presentation.countdown = .init(title: .init(Text.snoozedTitle(Format.title(record)))) }
            fields.append(.snooze)
        }
        if noSnooze {
            record.presentation.alert.secondaryButton = nil
            record.presentation.alert.secondaryButtonBehavior = nil
            let preAlert = record.countdownDuration?.preAlert
            record.countdownDuration = preAlert.map { .init(preAlert: $0, postAlert: nil) }
            fields.append(.snooze)
        }
        if sound != nil || volume != nil || ramp != nil {
            let given = try SpecInput.sound(name: sound == "default" ? nil : sound, volume: volume, ramp: ramp)
            if let sound {
                record.sound.sound = sound == "default" ? .default : given.sound
                fields.append(.sound)
            }
            if volume != nil {
                record.sound.volume = given.volume
                fields.append(.volume)
            }
            if ramp != nil {
                record.sound.rampSeconds = given.rampSeconds
                fields.append(.ramp)
            }
        }
        var request = AlarmProtocol.Request(id: 0, op: .change, record: record)
        request.fields = fields
        guard let changed = try link.send(request).record else { return }
        if json { return JSONOutput.print(changed) }
        print(Text.changed(Format.shortID(changed.id), title: Format.title(changed), status: Format.status(of: changed)))
    }
}
