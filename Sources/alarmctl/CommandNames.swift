import AlarmCore
import ArgumentParser

/// An unknown command (`alarmctl lsit`) is answered here, in the person's language and with
/// the command it most likely was, rather than by ArgumentParser's English "Unexpected
/// argument".
enum CommandNames {
    /// Every command's name and alias.
    static var all: [String] {
        AlarmCtl.configuration.subcommands.flatMap { command in
            [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
        } + ["help"]
    }

    /// The refusal for `arguments` (without the program name) when its first word is meant as
    /// a command and names none; nil when it is one, an option, or absent.
    static func refusal(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !all.contains(first) else { return nil }
        if let suggestion = closest(first, among: all) { return Text.unknownCommand(first, suggestion: suggestion) }
        return Text.unknownCommand(first)
    }
}
