import AlarmNotify
import FoundationEssentials
import LinuxSupport

/// `alarmctl notify`'s messages (see `Text`): notify-send 0.8.1's own wording (GLib's option
/// parser and notify-send's), so that scripts and people see what notify-send would say; the
/// messages are translated as notify-send's are, the help (notify-send's, long) stays English.
extension Text {
    static func notifyVersion(_ version: String) -> String { "alarmctl notify \(version) (notify-send 0.8.1 compatible)" }
    static var noSummary: String { tr("No summary specified.") }
    static var invalidUTF8Summary: String { tr("Invalid UTF-8 provided for parameter: Summary") }
    static var invalidUTF8Body: String { tr("Invalid UTF-8 provided for parameter: Body") }
    static var invalidNumberOfOptions: String { tr("Invalid number of options.") }
    /// A refused command line, in notify-send's words.
    static func notifyFailure(_ failure: NotifySendArguments.Failure) -> String {
        switch failure {
        case .unknownOption(let option): tr("Unknown option %s", option)
        case .missingArgument(let option): tr("Missing argument for %s", option)
        case .unexpectedArgument(let option): tr("Unexpected argument to %s", option)
        case .errorParsingOption(let option): tr("Error parsing option %s", option)
        case .unknownUrgency(let value): tr("Unknown urgency %s specified. Known urgency levels: low, normal, critical.", value)
        case .cannotParseInteger(let text, let option): tr("Cannot parse integer value “%1$s” for %2$s", text, option)
        case .integerOutOfRange(let text, let option): tr("Integer value “%1$s” for %2$s out of range", text, option)
        }
    }
}
