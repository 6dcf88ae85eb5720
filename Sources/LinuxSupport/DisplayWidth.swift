import CLinux
import Glibc

extension String {
    /// The terminal cells the text takes, counted per character (grapheme cluster, as Swift
    /// splits text, UAX #29): East Asian Wide and Fullwidth characters and emoji take 2, a
    /// combining mark 0 (it joins its base), anything else 1. For columns of names and titles.
    ///
    /// The width of a character's first scalar is glibc's `wcwidth` under C.UTF-8 (its
    /// East Asian Width tables). `wcswidth` over the whole text is wrong for emoji sequences,
    /// which a terminal that follows Unicode draws as one wide glyph (measured with glibc 2.36,
    /// Unicode 14): a ZWJ family 👨‍👩‍👧 is 6, a skin tone 👍🏽 4, ❤️ (with VS16) 1, and an emoji
    /// newer than its tables (🪿) -1. So a character is 2 when it asks for emoji presentation
    /// (VS16) or starts with an Emoji_Presentation scalar (the standard library's Unicode
    /// data, newer than glibc's); the scalars joined to it add nothing. Python's wcwidth
    /// 0.7.0 agrees on every case in `DisplayWidthTests`.
    public var displayWidth: Int {
        var text = self
        let ascii = text.withUTF8 { utf8 in !utf8.contains { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F } }
        if ascii { return utf8.count }
        return CellWidth.withUTF8Locale { reduce(0) { $0 + CellWidth.of($1) } }
    }
}

extension StringProtocol {
    /// Spaces up to `width` terminal cells (`displayWidth`), or cut to it (whole characters:
    /// a wide one that would straddle the edge becomes a space), so that a column of emoji,
    /// CJK or accented titles lines up.
    public func padded(to width: Int) -> String {
        let text = String(self)
        let cells = text.displayWidth
        if cells <= width { return text + String(repeating: " ", count: width - cells) }
        var kept = ""
        var used = 0
        CellWidth.withUTF8Locale {
            for character in text {
                let cells = CellWidth.of(character)
                guard used + cells <= width else { break }
                kept.append(character)
                used += cells
            }
        }
        return kept + String(repeating: " ", count: width - used)
    }
}

enum CellWidth {
    /// C.UTF-8, built into glibc since 2.35 (Debian 12): `wcwidth` follows LC_CTYPE, and
    /// alarmctl never calls setlocale. nil if it cannot be had; then non-ASCII counts 1.
    private nonisolated(unsafe) static let utf8Locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// Runs `body` with this thread's locale set to C.UTF-8 (`uselocale` is per thread).
    static func withUTF8Locale<T>(_ body: () -> T) -> T {
        guard let utf8Locale else { return body() }
        let previous = uselocale(utf8Locale)
        defer { uselocale(previous) }
        return body()
    }

    /// One character's cells; call inside `withUTF8Locale`.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") { return 2 }
        let cells = Int(oak_wcwidth(first.value))
        if cells >= 0 { return cells }
        // Not printable by glibc's tables: a control character takes no cell; anything else
        // (assigned after glibc's Unicode version) is drawn, most likely in one.
        return first.properties.generalCategory == .control ? 0 : 1
    }
}
