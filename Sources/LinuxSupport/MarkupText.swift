/// Text made safe inside XML or markup that is XML-like: a CalDAV request's `<d:href>`, a
/// notification body for servers with `body-markup`, waybar's Pango markup. The five
/// predefined entities, as `g_markup_escape_text` writes them; every reader of these
/// formats (Pango, GMarkup, Qt's XML reader, libxml2, GNOME Shell's fix-up) decodes all five.
/// The one escaper of the package: a sixth would drift.
public enum MarkupText {
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x27 || $0 == 0x22 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
