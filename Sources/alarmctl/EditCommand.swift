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
            Only the options given change. The alarm is then scheduled afresh from now, as if \
            it were cancelled and added again with the same id: it is turned on, nothing is \
            skipped, and a ringing or counting-down alarm stops doing so.
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
        let now = Date()
        let link = try DaemonLink()
        var record = try link.resolve(id)
        if let at {
            switch try SpecInput.parse([at], now: now) {
            case .schedule(let parsed): record.schedule = parsed
            case .countdown(let seconds): record.schedule = .fixed(now.addingTimeInterval(seconds))
            case .calendar(let parsed):
                record.calendar = parsed
                record.timeZone = nil  // the spec's wall times are this machine's
            }
        }
        if let countdown {
            let seconds = try SpecInput.duration(countdown, option: "--countdown")
            record.countdownDuration = .init(preAlert: seconds, postAlert: record.countdownDuration?.postAlert)
            if record.presentation.countdown == nil {
                record.presentation.countdown = .init(title: record.presentation.alert.title, pauseButton: AlarmButton(text: .init(Text.pauseButton), textColor: .white, systemImageName: "pause.fill"))
                record.presentation.paused = .init(title: .init(Text.pausedTitle(Format.title(record))), resumeButton: AlarmButton(text: .init(Text.resumeButton), textColor: .white, systemImageName: "play.fill"))
            }
        }
        if let snooze {
            let seconds = try SpecInput.duration(snooze, option: "--snooze")
            record.countdownDuration = .init(preAlert: record.countdownDuration?.preAlert, postAlert: seconds)
            if record.presentation.alert.secondaryButton == nil {
                record.presentation.alert.secondaryButton = AlarmButton(text: .init(Text.snoozeButton), textColor: .white, systemImageName: "zzz")
                record.presentation.alert.secondaryButtonBehavior = .countdown
            }
        }
        if noSnooze {
            record.presentation.alert.secondaryButton = nil
            record.presentation.alert.secondaryButtonBehavior = nil
            let preAlert = record.countdownDuration?.preAlert
            record.countdownDuration = preAlert.map { .init(preAlert: $0, postAlert: nil) }
        }
        if let title { retitle(&record, to: title) }
        if sound != nil || volume != nil || ramp != nil {
            let given = try SpecInput.sound(name: sound == "default" ? nil : sound, volume: volume, ramp: ramp)
            if let sound { record.sound.sound = sound == "default" ? .default : given.sound }
            if volume != nil { record.sound.volume = given.volume }
            if ramp != nil { record.sound.rampSeconds = given.rampSeconds }
        }
        guard let changed = try link.send(.edit, record: record).record else { return }
        if json { return JSONOutput.print(changed) }
        print(Text.changed(Format.shortID(changed.id), title: Format.title(changed), status: Format.status(of: changed)))
    }

    /// The new title everywhere the old one was (alert, countdown, "… (paused)").
    private func retitle(_ record: inout AlarmRecord, to title: String) {
        let old = Format.title(record)
        func renamed(_ text: LocalizedStringResource) -> LocalizedStringResource {
            .init(stringLiteral: text.text.replacing(old, with: title))
        }
        record.presentation.alert.title = .init(stringLiteral: title)
        if let countdown = record.presentation.countdown { record.presentation.countdown?.title = renamed(countdown.title) }
        if let paused = record.presentation.paused { record.presentation.paused?.title = renamed(paused.title) }
    }
}
