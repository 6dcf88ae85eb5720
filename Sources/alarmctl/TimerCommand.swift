import AlarmCore
import ArgumentParser
import FoundationEssentials
import AlarmClient

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Start a countdown timer.",
        discussion: """
            With --wait, follows the timer until it ends. On a terminal: a live countdown line; \
            space pauses and resumes, s stops, z snoozes (repeats) while it rings, Ctrl-C \
            cancels. In a pipe: one line per state change. Exit status: 0 stopped (here, \
            elsewhere or on its popup, before or after it rang), 3 alarmd went away, 4 cancelled \
            elsewhere, 5 unanswered (it rang out, or could not ring in time), 130 cancelled \
            with Ctrl-C. See docs/CLI.md.
            """)

    @Argument(help: "How long: 90s, 5m, 1h30m, 1:30:00.") var duration: [String]
    @Option(help: "What the notification says.") var title = Text.defaultTimerTitle
    @Option(name: .customLong("repeat-after"), help: "Give the alert a Repeat button that counts down this long again.") var repeatAfter: String?
    @Option(help: "A sound name (see `alarmctl sound list`).") var sound: String?
    @Option(help: "Volume in percent, 0-100.") var volume: Double?
    @Option(help: "Fade in over this many seconds.") var ramp: Double?
    @Flag(help: "Show a live countdown and return when the timer is stopped.") var wait = false
    @Flag(help: "Print the started timer as JSON.") var json = false

    func run() async throws {
        try TitleOption.check(title)
        let seconds = try SpecInput.duration(duration.joined(separator: " "), option: nil)
        let again = try repeatAfter.map { try SpecInput.duration($0, option: "--repeat-after") }
        let record = TimerRecord.make(
            seconds: seconds, title: title, repeatAfter: again, sound: try SpecInput.sound(name: sound, volume: volume, ramp: ramp),
            appID: DaemonLink.appID,
            texts: .init(pause: Text.pauseButton, resume: Text.resumeButton, repeatButton: Text.repeatButton, pausedTitle: { Text.pausedTitle($0) }))
        let link = try DaemonLink()
        // Watch before scheduling, so no change to the new timer can be missed.
        let updates = wait ? try watch(link) : nil
        guard let started = try link.send(.schedule, record: record).record else { return }
        if json { JSONOutput.print(started) } else if !wait {
            print(Text.started(Format.shortID(started.id), title: Format.title(started), status: Format.status(of: started)))
        }
        guard let updates else { return }
        let ending = await TimerView(record: started, link: link).run(updates)
        if ending != .stopped { throw ExitCode(ending.exitStatus) }
    }

    private func watch(_ link: DaemonLink) throws -> AsyncStream<AlarmProtocol.Message> {
        do { return try DaemonLauncher.connect().watch(app: DaemonLink.appID, endings: true) } catch {
            complain(error.description)
            throw Exit.unreachable
        }
    }
}
