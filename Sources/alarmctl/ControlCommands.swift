import ArgumentParser
import FoundationEssentials
import AlarmClient

/// What every lifecycle command takes.
struct AlarmTarget: ParsableArguments {
    @Argument(help: "The alarm's id (or a unique prefix of it), or its title.") var id: String
    @Flag(help: "Print JSON (the alarm's new record, or []).") var json = false
}

/// The lifecycle operations, one command each, sharing everything but their names.
protocol ControlCommand: ParsableCommand {
    static var operation: AlarmProtocol.Operation { get }
    var target: AlarmTarget { get }
}

extension ControlCommand {
    func run() throws {
        let (id, json) = (target.id, target.json)
        let link = try DaemonLink()
        let target = try link.resolve(id)
        let name = Text.alarmName(Format.title(target), id: Format.shortID(target.id))
        if let already = Text.alreadyDone(Self.operation, target, name: name, id: Format.shortID(target.id)) {
            if json { return JSONOutput.print([target]) }
            return print(already)
        }
        let reply = try link.send(Self.operation, alarm: target.id) { refusal in
            refusal.code == .invalidTransition || refusal.code == .neverFires ? Text.refusal(Self.operation, target, name: name, id: Format.shortID(target.id)) : nil
        }
        if json { return JSONOutput.print(reply.record.map { [$0] } ?? []) }
        if let record = reply.record {
            print(Text.done(Self.operation, name, status: Format.status(of: record)))
        } else {
            print(Text.doneAndGone(Self.operation, name))
        }
    }
}

struct CancelCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Remove an alarm, whatever it is doing.", aliases: ["rm", "delete"])
    static let operation = AlarmProtocol.Operation.cancel
    @OptionGroup var target: AlarmTarget
}

struct StopCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop a ringing or counting-down alarm (a repeating one moves to its next date).")
    static let operation = AlarmProtocol.Operation.stop
    @OptionGroup var target: AlarmTarget
}

struct SnoozeCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Snooze (or repeat) a ringing alarm: it counts down its snooze time and rings again.")
    static let operation = AlarmProtocol.Operation.countdown
    @OptionGroup var target: AlarmTarget
}

struct PauseCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a counting-down alarm, keeping the time left.")
    static let operation = AlarmProtocol.Operation.pause
    @OptionGroup var target: AlarmTarget
}

struct ResumeCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused countdown.")
    static let operation = AlarmProtocol.Operation.resume
    @OptionGroup var target: AlarmTarget
}

struct DisableCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Turn an alarm off without deleting it (a ringing one falls silent).")
    static let operation = AlarmProtocol.Operation.disable
    @OptionGroup var target: AlarmTarget
}

struct EnableCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn a turned-off alarm on again, from its next date.",
        discussion: """
            An alarm that is on stays as it is (a skip stays: `alarmctl unskip` undoes it). Turning \
            an alarm off forgets its skip. A one-off alarm that rang is kept, off: enable rings it \
            at its time again, or, for a dated one, give it a new date with `alarmctl edit --at`.
            """)
    static let operation = AlarmProtocol.Operation.enable
    @OptionGroup var target: AlarmTarget
}

struct SkipCommand: ControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip the next occurrence of a repeating alarm (a holiday); it rings again the time after.",
        discussion: "One skip at a time: a second skip is refused while the first is ahead. `alarmctl unskip` undoes it.")
    static let operation = AlarmProtocol.Operation.skip
    @OptionGroup var target: AlarmTarget
}

struct UnskipCommand: ControlCommand {
    static let configuration = CommandConfiguration(commandName: "unskip", abstract: "Undo a skip: the skipped occurrence rings after all.")
    static let operation = AlarmProtocol.Operation.unskip
    @OptionGroup var target: AlarmTarget
}
