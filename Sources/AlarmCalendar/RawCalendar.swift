/// An iCalendar text kept as it came, line for line, so that a few lines can be changed and
/// every other byte left as it was (another program's event: `ForeignEvent`). Each content
/// line keeps its exact bytes, folds and line ends included; new lines take the text's own
/// line end. Components are found by their BEGIN and END lines.
struct RawCalendar {
    struct Line {
        /// The exact text: every physical line of it, each with its line end.
        var raw: String
        /// Parsed (unfolded); nil for an empty line.
        var content: ContentLine?
    }

    /// A component's lines: `begin` and `end` are the indices of its BEGIN and END lines.
    struct Component {
        var name: String
        var begin: Int
        var end: Int
        var children: [Component]
    }

    private(set) var lines: [Line]
    /// The first line's end, for lines written here ("\r\n" as RFC 5545 says, or a bare "\n").
    let newline: String

    init(_ text: String) throws(ICalendarError) {
        var lines: [Line] = []
        var physical: [Substring] = []  // each with its "\n"
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\n" || text[index] == "\r\n" {
                let next = text.index(after: index)
                physical.append(text[start..<next])
                start = next
                index = next
            } else {
                index = text.index(after: index)
            }
        }
        if start < text.endIndex { physical.append(text[start...]) }
        newline = physical.first.map { $0.hasSuffix("\r\n") ? "\r\n" : "\n" } ?? "\r\n"
        var number = 1
        var pendingRaw = ""
        var pendingLine = 0
        func flush() throws(ICalendarError) {
            guard !pendingRaw.isEmpty else { return }
            let unfolded = Self.unfold(pendingRaw)
            let content = unfolded.isEmpty ? nil : try ContentLineReader.parse(Array(unfolded.utf8), line: pendingLine)
            lines.append(Line(raw: pendingRaw, content: content))
            pendingRaw = ""
        }
        for line in physical {
            let first = line.first
            if (first == " " || first == "\t"), !pendingRaw.isEmpty {
                pendingRaw += line
            } else {
                try flush()
                pendingRaw = String(line)
                pendingLine = number
            }
            number += 1
        }
        try flush()
        self.lines = lines
    }

    var text: String { lines.map(\.raw).joined() }

    /// Without line ends and folds.
    private static func unfold(_ raw: String) -> String {
        var out = ""
        var atLineStart = false
        for character in raw {
            if character == "\r\n" || character == "\n" || character == "\r" {
                atLineStart = true
                continue
            }
            if atLineStart {
                atLineStart = false
                if character == " " || character == "\t" { continue }
            }
            out.append(character)
        }
        return out
    }

    /// The top-level components, with their children.
    func components() -> [Component] {
        var stack: [Component] = []
        var top: [Component] = []
        for (index, line) in lines.enumerated() {
            guard let content = line.content else { continue }
            if content.name == "BEGIN" {
                stack.append(Component(name: content.value.uppercased(), begin: index, end: index, children: []))
            } else if content.name == "END", var open = stack.popLast() {
                open.end = index
                if stack.isEmpty { top.append(open) } else { stack[stack.count - 1].children.append(open) }
            }
        }
        return top
    }

    /// The indices of a component's own properties (not its children's), in order.
    func properties(of component: Component) -> [Int] {
        var result: [Int] = []
        var index = component.begin + 1
        var children = component.children.makeIterator()
        var nextChild = children.next()
        while index < component.end {
            if let child = nextChild, index == child.begin {
                index = child.end + 1
                nextChild = children.next()
                continue
            }
            if lines[index].content != nil { result.append(index) }
            index += 1
        }
        return result
    }

    /// The index of the component's first own property named `name`.
    func first(_ name: String, in component: Component) -> Int? {
        properties(of: component).first { lines[$0].content?.name == name }
    }

    /// A content line as this text writes one: folded at 75 octets, with its line end.
    func written(_ name: String, _ value: String, _ parameters: [(String, String)] = []) -> String {
        var writer = ICalWriter()
        writer.line(name, value, parameters)
        return newline == "\r\n" ? writer.text : writer.text.replacing("\r\n", with: "\n")
    }

    /// The line at `index` with a new value, its name and parameters written as they were.
    mutating func replaceValue(at index: Int, with value: String) {
        guard let content = lines[index].content else { return }
        let unfolded = Self.unfold(lines[index].raw)
        let prefix = String(unfolded.unicodeScalars.dropLast(content.value.unicodeScalars.count + 1))
        var writer = ICalWriter()
        writer.rawLine(prefix + ":" + value)
        let text = newline == "\r\n" ? writer.text : writer.text.replacing("\r\n", with: "\n")
        replace(at: index, with: text)
    }

    /// Replaces the line at `index` with `raw` (one or more written lines).
    mutating func replace(at index: Int, with raw: String) {
        lines[index] = Line(raw: raw, content: try? ContentLineReader.parse(Array(Self.unfold(raw).utf8), line: 0))
    }

    /// Inserts written lines before `index`.
    mutating func insert(_ raw: [String], at index: Int) {
        lines.insert(contentsOf: raw.map { Line(raw: $0, content: try? ContentLineReader.parse(Array(Self.unfold($0).utf8), line: 0)) }, at: index)
    }

    mutating func remove(_ range: ClosedRange<Int>) { lines.removeSubrange(range) }
}
