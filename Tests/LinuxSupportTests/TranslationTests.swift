import Testing

@testable import LinuxSupport

/// tr's placeholders: what translators may write, and that nothing a catalog says can crash it.
@Suite(.timeLimit(.minutes(1))) struct TranslationSubstituteTests {
    @Test func positionalArgumentsMayBeReordered() {
        #expect(Translation.substitute("%1$s rings at %2$s", ["Tea", "18:30"]) == "Tea rings at 18:30")
        #expect(Translation.substitute("um %2$s: %1$s", ["Tea", "18:30"]) == "um 18:30: Tea")
        #expect(Translation.substitute("%1$s and %1$s again", ["x"]) == "x and x again")
    }

    @Test func aLoneSPercentAndCount() {
        #expect(Translation.substitute("no sound: %s", ["null"]) == "no sound: null")
        #expect(Translation.substitute("Volume: %s%%", ["50"]) == "Volume: 50%")
        #expect(Translation.substitute("%d missed alarms", [], count: 3) == "3 missed alarms")
    }

    /// A catalog with a stray or missing placeholder (msgfmt --check refuses most of them, but
    /// a .mo can come from anywhere) keeps the text as written.
    @Test func badPlaceholdersStayAsWritten() {
        #expect(Translation.substitute("%3$s and %s", ["a"]) == "%3$s and a")
        #expect(Translation.substitute("%s %s", ["a"]) == "a %s")
        #expect(Translation.substitute("%0$s %99999999999999999999$s 100%", ["a"]) == "%0$s %99999999999999999999$s 100%")
        #expect(Translation.substitute("%d", []) == "%d")
        #expect(Translation.substitute("ends with %", []) == "ends with %")
    }

    /// A label that is no msgid comes back unchanged (the catalog's "" header too).
    @Test func trLabelPassesUnknownTextThrough() {
        #expect(trLabel("Beenden") == "Beenden")
        #expect(trLabel("") == "")
    }
}
