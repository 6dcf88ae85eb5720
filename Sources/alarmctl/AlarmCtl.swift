import AlarmDaemon
import ArgumentParser

@main
struct AlarmCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarmctl",
        abstract: "Schedule and manage alarms, test sounds, post notifications.",
        version: "alarmctl \(PackageVersion.current)",
        subcommands: [
            AddCommand.self, TimerCommand.self, ListCommand.self, ShowCommand.self,
            StopCommand.self, SnoozeCommand.self, PauseCommand.self, ResumeCommand.self, CancelCommand.self,
            WatchCommand.self, MissedCommand.self, StatusCommand.self,
            NextCommand.self, SoundCommand.self, NotifyCommand.self,
        ])
}
