/// A piece of a time spec with the position of each of its characters in the original
/// input, so that an error anywhere inside it points at the right column even after
/// words were glued together ("mon, wed" -> "mon,wed"; "7 am" -> "7am").
struct SpecText {
    var characters: [Character]
    var positions: [Int]

    init(characters: [Character], positions: [Int]) {
        self.characters = characters
        self.positions = positions
    }

    var isEmpty: Bool { characters.isEmpty }
    var count: Int { characters.count }
    var string: String { String(characters) }
    /// Lowercased for matching keywords; ASCII only, so counts and positions never shift.
    var lower: String { String(characters.map(asciiLowercased)) }

    var offset: Int { positions.first ?? 0 }
    var length: Int { (positions.last ?? offset) + 1 - offset }

    func slice(_ range: Range<Int>) -> SpecText {
        SpecText(characters: Array(characters[range]), positions: Array(positions[range]))
    }

    /// Where `range` of this text sits in the input; an empty range points just past it.
    func span(_ range: Range<Int>) -> (offset: Int, length: Int) {
        guard !range.isEmpty, range.lowerBound < count else {
            return ((positions.last ?? -1) + 1, 1)
        }
        let upper = min(range.upperBound, count)
        return (positions[range.lowerBound], positions[upper - 1] + 1 - positions[range.lowerBound])
    }

    func appending(_ other: SpecText) -> SpecText {
        SpecText(characters: characters + other.characters, positions: positions + other.positions)
    }

    func split(on separator: Character) -> [(text: SpecText, start: Int)] {
        var parts: [(SpecText, Int)] = []
        var start = 0
        for index in 0...count where index == count || characters[index] == separator {
            parts.append((slice(start..<index), start))
            start = index + 1
        }
        return parts
    }
}

func asciiLowercased(_ character: Character) -> Character {
    guard let ascii = character.asciiValue, (65...90).contains(ascii) else { return character }
    return Character(Unicode.Scalar(ascii + 32))
}

func isASCIIDigit(_ character: Character) -> Bool {
    character.asciiValue.map { (48...57).contains($0) } ?? false
}

func isASCIILetter(_ character: Character) -> Bool {
    character.asciiValue.map { (65...90).contains($0) || (97...122).contains($0) } ?? false
}

/// The words of a spec: runs of non-space characters, then glued where people put spaces
/// inside one item: "7 am", "mon, wed, fri", "mon - fri". "at" goes ("tomorrow at 7am", "at 7:30").
func specWords(_ input: String) -> [SpecText] {
    var words: [SpecText] = []
    var current = SpecText(characters: [], positions: [])
    for (position, character) in input.enumerated() {
        if character.isWhitespace {
            if !current.isEmpty { words.append(current) }
            current = SpecText(characters: [], positions: [])
        } else {
            current.characters.append(character)
            current.positions.append(position)
        }
    }
    if !current.isEmpty { words.append(current) }

    var glued: [SpecText] = []
    for word in words {
        if let previous = glued.last, shouldGlue(previous, word) {
            glued[glued.count - 1] = previous.appending(word)
        } else {
            glued.append(word)
        }
    }
    let withoutAt = glued.filter { $0.lower != "at" }
    return withoutAt.isEmpty ? glued : withoutAt
}

private let meridiemWords: Set<String> = ["am", "pm", "a.m.", "p.m."]

private func shouldGlue(_ previous: SpecText, _ word: SpecText) -> Bool {
    if meridiemWords.contains(word.lower), let last = previous.characters.last, isASCIIDigit(last) {
        return true
    }
    // Day lists only: words of letters (any script: a locale's "mié"), commas, hyphens, and
    // an abbreviation's dot ("lun., mar.").
    let isDayListPiece: (SpecText) -> Bool = { text in
        text.characters.allSatisfy { $0.isLetter || $0 == "," || $0 == "-" || $0 == "." }
    }
    guard isDayListPiece(previous), isDayListPiece(word), previous.lower != "in" else { return false }
    let joiners: Set<Character> = [",", "-"]
    return joiners.contains(previous.characters.last!) || joiners.contains(word.characters.first!)
}
