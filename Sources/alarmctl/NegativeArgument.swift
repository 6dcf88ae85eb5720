import AlarmCore
import AlarmSystem

/// ArgumentParser reads every argument that starts with "-" as an option, so `timer -5m`
/// failed with "Missing expected argument '<duration> ...'" (apple/swift-argument-parser#31,
/// open). No alarmctl option starts with a digit: such an argument is a negative duration,
/// time or number, refused here in words before ArgumentParser sees it (`--` still ends the
/// options, and then the command's own parsing says the same).
enum NegativeArgument {
    /// The complaint for the first negative argument of `arguments` (without the program).
    static func refusal(_ arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            let start = Array(argument.unicodeScalars.prefix(2))
            guard start.count == 2, start[0] == "-", ("0"..."9").contains(start[1]) else { continue }
            let previous = index > 0 ? arguments[index - 1] : ""
            if previous.hasPrefix("--"), !previous.contains("=") { return Text.negativeOptionValue(previous, argument) }
            // A command's own argument: a duration or a spec, whose parser words it.
            do { _ = try TimeSpec.parseDuration(argument) } catch { return error.message }
        }
        return nil
    }
}
