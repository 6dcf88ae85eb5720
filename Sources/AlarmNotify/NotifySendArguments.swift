import FoundationEssentials
import Glibc

/// `alarmctl notify`'s command line, read the way notify-send 0.8.1 reads its own (GLib's
/// GOption): short options cluster (`-pw`), an option that takes a value takes the next
/// argument whatever it looks like (`-t -1`), `--name=value` works, options and operands mix
/// in any order, `--` ends the options, and the messages of every error are notify-send's.
/// ArgumentParser cannot do this (`-h` is a hint here, `-?` is help). Here, below alarmctl, so
/// that the fuzzer reaches it (docs/SECURITY.md); its refusals are values, worded by alarmctl.
package struct NotifySendArguments: Equatable {
    package var urgency: UInt8 = 1
    package var expireTimeout: Int32 = -1
    package var appName: String?
    package var icon: String?
    package var category: String?
    package var transient = false
    package var hints: [String] = []
    package var printID = false
    package var replaceID: Int32 = 0
    package var wait = false
    package var actions: [String] = []
    package var version = false
    package var help = false
    /// Summary, body and any extra operands, with whether each was valid UTF-8 on the command line.
    package var operands: [(text: String, validUTF8: Bool)] = []
    // Ours, on top of notify-send's.
    package var sound: String?
    package var loopSound = false

    package static func == (a: Self, b: Self) -> Bool {
        a.urgency == b.urgency && a.expireTimeout == b.expireTimeout && a.appName == b.appName && a.icon == b.icon
            && a.category == b.category && a.transient == b.transient && a.hints == b.hints && a.printID == b.printID
            && a.replaceID == b.replaceID && a.wait == b.wait && a.actions == b.actions && a.version == b.version
            && a.help == b.help && a.operands.map(\.text) == b.operands.map(\.text) && a.sound == b.sound && a.loopSound == b.loopSound
    }

    /// A command-line error, as notify-send reports it (alarmctl words it with notify-send's
    /// messages); the exit status is 1. Each holds the option as typed.
    package enum Failure: Error, Equatable {
        case unknownOption(String)
        case missingArgument(String)
        case unexpectedArgument(String)
        case errorParsingOption(String)
        case unknownUrgency(String)
        case cannotParseInteger(String, option: String)
        case integerOutOfRange(String, option: String)
    }

    private enum Option: CaseIterable {
        case urgency, expireTime, appName, icon, category, transient, hint, printID, replaceID, wait, action, version, help
        case sound, loop

        var long: String {
            switch self {
            case .urgency: "urgency"
            case .expireTime: "expire-time"
            case .appName: "app-name"
            case .icon: "icon"
            case .category: "category"
            case .transient: "transient"
            case .hint: "hint"
            case .printID: "print-id"
            case .replaceID: "replace-id"
            case .wait: "wait"
            case .action: "action"
            case .version: "version"
            case .help: "help"
            case .sound: "sound"
            case .loop: "loop"
            }
        }

        var short: Character? {
            switch self {
            case .urgency: "u"
            case .expireTime: "t"
            case .appName: "a"
            case .icon: "i"
            case .category: "c"
            case .transient: "e"
            case .hint: "h"
            case .printID: "p"
            case .replaceID: "r"
            case .wait: "w"
            case .action: "A"
            case .version: "v"
            case .help: "?"
            case .sound, .loop: nil
            }
        }

        var takesValue: Bool {
            switch self {
            case .transient, .printID, .wait, .version, .help, .loop: false
            default: true
            }
        }
    }

    /// Reads `arguments` (without the program and subcommand names). `validUTF8` says, per
    /// argument, whether its bytes were valid UTF-8 (Swift's strings repair invalid bytes).
    package init(_ arguments: [String], validUTF8: [Bool]? = nil) throws(Failure) {
        let valid = validUTF8 ?? Array(repeating: true, count: arguments.count)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                operands.append((argument, valid[index]))
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                guard let option = Option.allCases.first(where: { $0.long == name }) else {
                    throw .unknownOption(argument)
                }
                let typed = "--\(name)"
                if option.takesValue {
                    if let equals = body.firstIndex(of: "=") {
                        try apply(option, value: String(body[body.index(after: equals)...]), typed: typed)
                    } else {
                        guard index + 1 < arguments.count else { throw .missingArgument(typed) }
                        index += 1
                        try apply(option, value: arguments[index], typed: typed)
                    }
                } else {
                    guard !body.contains("=") else { throw .unexpectedArgument(typed) }
                    try apply(option, value: nil, typed: typed)
                }
                continue
            }
            // A cluster of short options; at most one of them may take a value, which is the
            // next argument.
            var tookValue = false
            for letter in argument.dropFirst() {
                guard let option = Option.allCases.first(where: { $0.short == letter }) else {
                    throw .unknownOption(argument)
                }
                let typed = "-\(letter)"
                if option.takesValue {
                    guard !tookValue else { throw .errorParsingOption(typed) }
                    guard index + 1 < arguments.count else { throw .missingArgument(typed) }
                    tookValue = true
                    try apply(option, value: arguments[index + 1], typed: typed)
                } else {
                    try apply(option, value: nil, typed: typed)
                }
            }
            if tookValue { index += 1 }
        }
    }

    private mutating func apply(_ option: Option, value: String?, typed: String) throws(Failure) {
        let value = value ?? ""
        switch option {
        case .urgency:
            switch value.lowercased() {
            case "low": urgency = 0
            case "normal": urgency = 1
            case "critical": urgency = 2
            default: throw .unknownUrgency(value)
            }
        case .expireTime: expireTimeout = try Self.integer(value, typed: typed)
        case .replaceID: replaceID = try Self.integer(value, typed: typed)
        case .appName: appName = value
        case .icon: icon = value
        case .category: category = value
        case .transient: transient = true
        case .hint: hints.append(value)
        case .printID: printID = true
        case .wait: wait = true
        case .action: actions.append(value)
        case .version: version = true
        case .help: help = true
        case .sound: sound = value
        case .loop: loopSound = true
        }
    }

    /// GOption's integers: C `strtol` in base 0 (so `0x10` is 16), the whole text, in range.
    private static func integer(_ text: String, typed: String) throws(Failure) -> Int32 {
        var end: UnsafeMutablePointer<CChar>?
        errno = 0
        let parsed = text.withCString { start -> (Int, Bool) in
            let number = strtol(start, &end, 0)
            return (number, end != nil && end!.pointee == 0 && end! != UnsafeMutablePointer(mutating: start))
        }
        guard parsed.1 else { throw .cannotParseInteger(text, option: typed) }
        guard errno != ERANGE, let number = Int32(exactly: parsed.0) else {
            throw .integerOutOfRange(text, option: typed)
        }
        return number
    }
}
