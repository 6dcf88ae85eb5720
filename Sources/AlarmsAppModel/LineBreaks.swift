/// Where a row's detail line may wrap: between its phrases ("Weekends · / in 1 d 15 h"),
/// never inside one ("in 1 d 15 / h"), as a person reads them.
package enum LineBreaks {
    /// `phrase` with no-break spaces inside it. A list ("Mon, Wed, Fri") may still break after
    /// a comma, and a parenthesis ("(skipping Mon 06:30)") may start a line.
    package static func keptTogether(_ phrase: String) -> String {
        let characters = Array(phrase)
        return String(characters.indices.map { index -> Character in
            guard characters[index] == " " else { return characters[index] }
            let afterComma = index > 0 && characters[index - 1] == ","
            let beforeParenthesis = index + 1 < characters.count && characters[index + 1] == "("
            return afterComma || beforeParenthesis ? " " : "\u{00A0}"
        })
    }

    /// A sentence, not a figure: an event's repeat in words ("Monthly on the second to last
    /// Wednesday, until 2027-06-30"; "Repeats by the rule FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;
    /// BYSETPOS=-1" for a rule no words say). It breaks between its words and after each part
    /// of a rule: kept whole, one such line alone would make the window wider than a narrow
    /// screen.
    package static func sentence(_ text: String) -> String {
        text.replacing(";", with: ";\u{200B}")  // a zero-width space: a place to break, nothing to see
    }

    /// The phrases as one line, joined by " · ", each kept together.
    package static func line(_ phrases: [String]) -> String {
        joined(phrases.map(keptTogether))
    }

    /// Parts already made (`keptTogether`, `sentence`) as one line, joined by " · ".
    package static func joined(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
