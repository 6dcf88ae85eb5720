import AlarmSystem
import ArgumentParser

struct AlarmCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarmctl",
        abstract: "Schedule and manage alarms, test sounds, post notifications.",
        version: Text.version(PackageVersion.current),
        subcommands: [
            AddCommand.self, TimerCommand.self, ListCommand.self, ShowCommand.self,
            StopCommand.self, SnoozeCommand.self, PauseCommand.self, ResumeCommand.self, CancelCommand.self,
            EditCommand.self, DisableCommand.self, EnableCommand.self, SkipCommand.self, UnskipCommand.self,
            WatchCommand.self, MissedCommand.self, StatusCommand.self,
            NextCommand.self, SoundCommand.self, NotifyCommand.self, AppsCommand.self, ConfigCommand.self,
            ExportCommand.self, ImportCommand.self, SyncCommand.self, UnrungCommand.self,
        ])
}
