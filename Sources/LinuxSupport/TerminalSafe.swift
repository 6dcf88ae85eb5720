/// Text from an alarm (its title, app id, button labels: anyone's input) made safe to print on
/// a terminal: control characters (C0, DEL, C1) and the bidirectional overrides that can
/// disguise a line are shown as visible escapes, so a title cannot move the cursor, change
/// colours, set the window title or rewrite what was printed before it. alarmctl's human
/// output and alarmd's log lines (read on a terminal, in `journalctl`) both go through it.
public enum TerminalSafe {
    public static func text(_ raw: String) -> String {
        guard raw.unicodeScalars.contains(where: needsEscape) else { return raw }
        var out = ""
        for scalar in raw.unicodeScalars {
            if needsEscape(scalar) {
                out += scalar.value <= 0xFF ? "\\x" + hex(scalar.value, width: 2) : "\\u{" + hex(scalar.value, width: 4) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` for a message of several lines (an error with a caret line under the input):
    /// every control character escaped but the newlines between them.
    public static func lines(_ raw: String) -> String {
        raw.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: "\n")
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true  // bidi controls
        default: false
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
