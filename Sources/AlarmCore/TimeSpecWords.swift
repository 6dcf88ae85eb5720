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

extension SpecText {
    /// The same place in the input, read as `text` (`morgen` read as `tomorrow`): an error
    /// still points at what the person wrote.
    func read(as text: String) -> SpecText {
        let characters = Array(text)
        guard let last = positions.last else { return SpecText(characters: characters, positions: characters.indices.map { $0 }) }
        let mapped = characters.indices.map { index in index == characters.count - 1 ? last : positions[min(index, positions.count - 1)] }
        return SpecText(characters: characters, positions: mapped)
    }
}

/// German's words for what the English keywords say, the one language the project is
/// translated into: `morgen 7 Uhr` reads as `tomorrow 7:00`.
let germanKeywords: [String: String] = [
    "heute": "today", "morgen": "tomorrow", "täglich": "daily", "taeglich": "daily",
    "werktags": "weekdays", "wochentags": "weekdays", "wochenends": "weekends", "wochenende": "weekends",
    "mittag": "noon", "mitternacht": "midnight",
]

/// German's words for the repeats beyond weekdays (`RecurringSpecParser`): `alle 2 Wochen`,
/// `monatlich am 15.`, `jeden ersten Montag`, `jährlich am 3. Mai`, `bis 2026-12-31`, `10-mal`.
/// Not offered as suggestions: most are close to English words that mean something else.
let germanRepeatWords: [String: String] = [
    "alle": "every", "jeden": "every", "jede": "every", "jedes": "every",
    "wöchentlich": "weekly", "woechentlich": "weekly", "zweiwöchentlich": "biweekly", "zweiwoechentlich": "biweekly",
    "monatlich": "monthly", "jährlich": "yearly", "jaehrlich": "yearly",
    "tag": "day", "tage": "days", "woche": "week", "wochen": "weeks",
    "monat": "month", "monate": "months", "monats": "month", "jahr": "year", "jahre": "years",
    "bis": "until", "mal": "times",
    "erste": "first", "ersten": "first", "erster": "first", "zweite": "second", "zweiten": "second",
    "dritte": "third", "dritten": "third", "vierte": "fourth", "vierten": "fourth",
    "fünfte": "fifth", "fünften": "fifth", "letzte": "last", "letzten": "last", "letzter": "last",
    "januar": "january", "jänner": "january", "februar": "february", "märz": "march", "maerz": "march", "mär": "mar",
    "mai": "may", "juni": "june", "juli": "july", "oktober": "october", "okt": "oct", "dezember": "december", "dez": "dec",
]

/// The English keywords a spec reads, for suggestions.
let englishKeywords = ["today", "tomorrow", "daily", "everyday", "weekdays", "weekends", "noon", "midnight"]

/// The words of a spec with German's read as English's: the keywords and the repeats' words,
/// `um` (at) and `am Wochenende` left out, `19 Uhr` as 19:00, `10-mal` as `10 times`, and a
/// clock time with a dot (`7.30`, as German and British write it) or four digits (`0730`,
/// `1930`) as one with a colon.
func germanWords(_ words: [SpecText]) -> [SpecText] {
    var out: [SpecText] = []
    for (index, word) in words.enumerated() {
        let lower = word.lower.lowercased()
        if lower == "um" { continue }
        if let (number, times) = timesWord(word) {
            out += [number, times]
            continue
        }
        if let english = germanRepeatWords[lower] {
            out.append(word.read(as: english))
            continue
        }
        if lower == "am", index + 1 < words.count, germanKeywords[words[index + 1].lower] == "weekends" { continue }
        if lower == "uhr", let previous = out.last, let clock = hourOnly(previous) ?? (previous.characters.contains(":") ? previous : nil) {
            out[out.count - 1] = clock
            continue
        }
        out.append(clockWithColon(germanKeywords[lower].map(word.read(as:)) ?? word))
    }
    return out
}

/// `10-mal`, `10mal` as `10` and `times`; nil for other words.
private func timesWord(_ word: SpecText) -> (SpecText, SpecText)? {
    let lower = word.lower
    guard lower.hasSuffix("mal"), lower.count > 3 else { return nil }
    var digits = word.count - 3
    if word.characters[digits - 1] == "-" { digits -= 1 }
    guard digits > 0, word.characters[0..<digits].allSatisfy(isASCIIDigit) else { return nil }
    return (word.slice(0..<digits), word.slice(word.count - 3..<word.count).read(as: "times"))
}

/// `19` (before `Uhr`) as `19:00`.
private func hourOnly(_ word: SpecText) -> SpecText? {
    guard (1...2).contains(word.count), word.characters.allSatisfy(isASCIIDigit), let last = word.positions.last else { return nil }
    return SpecText(characters: word.characters + [":", "0", "0"], positions: word.positions + [last, last, last])
}

/// `7.30` as `7:30`, and `0730` as `07:30` (an hour 0-23 and a minute 0-59; other four-digit
/// numbers stay numbers).
private func clockWithColon(_ word: SpecText) -> SpecText {
    let characters = word.characters
    if (4...5).contains(characters.count), characters[characters.count - 3] == ".",
        characters.enumerated().allSatisfy({ $0.offset == characters.count - 3 || isASCIIDigit($0.element) })
    {
        var colon = word
        colon.characters[characters.count - 3] = ":"
        return colon
    }
    if characters.count == 4, characters.allSatisfy(isASCIIDigit), let hour = Int(String(characters[0..<2])), let minute = Int(String(characters[2...])),
        hour <= 23, minute <= 59
    {
        return SpecText(characters: Array(characters[0..<2]) + [":"] + Array(characters[2...]),
                        positions: Array(word.positions[0..<2]) + [word.positions[1]] + Array(word.positions[2...]))
    }
    return word
}

/// The known word closest to `word` (a letter left out, added, changed or two swapped, or
/// two of those in a word of eight letters or more), for "did you mean": nil when none is that
/// close, and for words of one or two letters, which are close to too much.
package func closest(_ word: String, among candidates: [String]) -> String? {
    let lower = word.lowercased()
    guard !candidates.contains(lower), lower.count > 2 else { return nil }
    // Two changes only in a long word: `montag` is two from `mittag`, and means neither.
    let limit = lower.count <= 7 ? 1 : 2
    var best: (distance: Int, word: String)?
    for candidate in candidates.sorted() where abs(candidate.count - lower.count) <= limit {
        let distance = editDistance(Array(lower), Array(candidate))
        if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (distance, candidate) }
    }
    return best?.word
}

/// A word of a spec that names no day or keyword: the closest keyword or day name.
func closestWord(_ word: String, names: WeekdayNames) -> String? {
    closest(word, among: englishKeywords + germanKeywords.keys + names.spellings.filter { $0.count >= 3 })
}

/// A name in a list of days that names none: the closest day name.
func closestDay(_ word: String, names: WeekdayNames) -> String? {
    closest(word, among: names.spellings.filter { $0.count >= 3 })
}
