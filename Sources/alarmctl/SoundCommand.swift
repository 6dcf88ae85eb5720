import ArgumentParser

/// `alarmctl sound`: find, inspect, try out and install alarm sounds.
struct SoundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound",
        abstract: "List, inspect, play and install alarm sounds.",
        discussion: """
            Exit status: 0 success; 1 the sound cannot be found, decoded or played, or no audio \
            device works; 64 bad arguments; 130 interrupted by Ctrl-C.
            """,
        subcommands: [SoundList.self, SoundPlay.self, SoundInfo.self, SoundInstall.self, SoundDevicesCommand.self])
}
