import CLibNotify

/// notify-send's `-h TYPE:NAME:VALUE`, with its parsing rules and its messages: `int` and
/// `double` must start with a digit, `byte` is 0-255, `boolean` is `true` or a number,
/// `variant` is GVariant text (`(1, 'a')`, `<uint32 5>`), `string` anything.
enum NotifySendHint {
    /// Sets the hint on `notification`; returns the error message when the hint is refused.
    static func apply(type: String, name: String, value: String, to notification: UnsafeMutablePointer<NotifyNotification>) -> String? {
        let startsWithDigit = value.first.map { $0.isASCII && $0.isNumber } ?? false
        let cannotParse = "Value \"\(value)\" of hint \"\(name)\" could not be parsed as type \"\(type)\"."
        switch type.lowercased() {
        case "string":
            notify_notification_set_hint_string(notification, name, value)
        case "int":
            guard startsWithDigit else { return cannotParse }
            notify_notification_set_hint_int32(notification, name, gint(truncatingIfNeeded: g_ascii_strtoull(value, nil, 10)))
        case "double":
            guard startsWithDigit else { return cannotParse }
            notify_notification_set_hint_double(notification, name, g_strtod(value, nil))
        case "byte":
            let byte = gint(truncatingIfNeeded: g_ascii_strtoull(value, nil, 10))
            guard (0...255).contains(byte) else { return cannotParse }
            notify_notification_set_hint_byte(notification, name, guchar(byte))
        case "boolean":
            let flag = value.lowercased() == "true" || (startsWithDigit && g_ascii_strtoull(value, nil, 10) != 0)
            notify_notification_set_hint(notification, name, g_variant_new_boolean(flag ? 1 : 0))
        case "variant":
            guard let variant = g_variant_parse(nil, value, nil, nil, nil) else { return cannotParse }
            notify_notification_set_hint(notification, name, variant)
        default:
            return "Invalid hint type \"\(type)\". Valid types are int, double, string and byte."
        }
        return nil
    }
}
