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
    static func unknownOption(_ option: String) -> String { tr("Unknown option %s", option) }
    static func missingArgument(_ option: String) -> String { tr("Missing argument for %s", option) }
    static func unexpectedArgument(_ option: String) -> String { tr("Unexpected argument to %s", option) }
    static func errorParsingOption(_ option: String) -> String { tr("Error parsing option %s", option) }
    static func unknownUrgency(_ value: String) -> String { tr("Unknown urgency %s specified. Known urgency levels: low, normal, critical.", value) }
    static func cannotParseInteger(_ text: String, for option: String) -> String { tr("Cannot parse integer value “%1$s” for %2$s", text, option) }
    static func integerOutOfRange(_ text: String, for option: String) -> String { tr("Integer value “%1$s” for %2$s out of range", text, option) }
}
