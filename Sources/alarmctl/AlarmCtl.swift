import ArgumentParser

@main
struct AlarmCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarmctl",
        abstract: "Schedule and manage alarms, test sounds, post notifications.",
        subcommands: [NextCommand.self, SoundCommand.self, NotifyCommand.self])
}
