/// Where a row's detail line may wrap: between its phrases ("Weekends · / in 1 d 15 h"),
/// never inside one ("in 1 d 15 / h"), as a person reads them.
package enum LineBreaks {
    /// `phrase` with no-break spaces inside it. A list ("Mon, Wed, Fri") may still break after
    /// a comma, and a parenthesis ("(skipping Mon 06:30)") may start a line. A calendar's rule
    /// shown as itself ("Repeats by the rule FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    /// an imported event's that no words say) is a sentence, not a figure: it breaks between
    /// its words and after each part of the rule, as kept whole it alone would make the window
    /// wider than a narrow screen.
    package static func keptTogether(_ phrase: String) -> String {
        if phrase.contains("FREQ=") { return phrase.replacing(";", with: ";\u{200B}") }  // a zero-width space: a place to break
        let characters = Array(phrase)
        return String(characters.indices.map { index -> Character in
            guard characters[index] == " " else { return characters[index] }
            let afterComma = index > 0 && characters[index - 1] == ","
            let beforeParenthesis = index + 1 < characters.count && characters[index + 1] == "("
            return afterComma || beforeParenthesis ? " " : "\u{00A0}"
        })
    }

    /// The phrases as one line, joined by " · ", each kept together.
    package static func line(_ phrases: [String]) -> String {
        phrases.filter { !$0.isEmpty }.map(keptTogether).joined(separator: " · ")
    }
}
