import LinuxSupport
import Testing

/// Terminal cells, as a terminal that follows Unicode draws them (and as Python's wcwidth
/// 0.7.0 counts them: every expectation here was checked against it).
@Suite(.timeLimit(.minutes(1))) struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0), ("Wake up", 7), ("Réveil", 6),
        // East Asian Wide and Fullwidth: 2 each; halfwidth katakana 1.
        ("日本語", 6), ("한국어", 6), ("Ａ", 2), ("ｱ", 1),
        // Combining marks join their base: 0.
        ("e\u{301}clair", 6), ("Cafe\u{301}", 4), ("a\u{300}\u{301}\u{302}", 1), ("\u{1100}\u{1161}", 2),
        // Emoji with emoji presentation: 2; text-presentation symbols 1 unless VS16 asks.
        ("🔔", 2), ("⏰", 2), ("☕", 2), ("✔", 1), ("✔\u{FE0F}", 2), ("❤\u{FE0F}", 2), ("⏸", 1), ("⏸\u{FE0F}", 2),
        // Sequences are one glyph: ZWJ families, skin tones, flags, keycaps.
        ("👨\u{200D}👩\u{200D}👧", 2), ("👩‍👩‍👧 kids", 7), ("👍🏽", 2), ("🇩🇪", 2), ("1\u{FE0F}\u{20E3}", 2),
        ("🏳\u{FE0F}\u{200D}🌈", 2),
        // Newer than glibc 2.36's tables (Unicode 15): still 2, from the standard library's data.
        ("🪿", 2),
        ("family 👩‍👩‍👧 flag 🇩🇪", 17), ("Réveil ⏰ 🦉", 12),
    ])
    func cells(text: String, width: Int) {
        #expect(text.displayWidth == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func paddingFillsToTheWidthInCells() {
        #expect("日本".padded(to: 6) == "日本  ")
        #expect("e\u{301}".padded(to: 3) == "e\u{301}  ")
        #expect("🔔 x".padded(to: 5) == "🔔 x ")
        #expect("👨\u{200D}👩\u{200D}👧".padded(to: 3) == "👨\u{200D}👩\u{200D}👧 ")
    }

    @Test func cuttingKeepsWholeCharactersAndNeverOverflows() {
        #expect("日本語".padded(to: 3) == "日 ", "a wide character that would straddle the edge becomes a space")
        #expect("日本語".padded(to: 4) == "日本")
        #expect("abcdef".padded(to: 4) == "abcd")
        #expect("e\u{301}e\u{301}e\u{301}".padded(to: 2) == "e\u{301}e\u{301}")
        for text in ["日本語のタイトル", "family 👩‍👩‍👧 flag 🇩🇪", "Réveil ⏰ 🦉"] {
            for width in 0...20 { #expect(text.padded(to: width).displayWidth == width, "\(text) to \(width)") }
        }
    }
}
