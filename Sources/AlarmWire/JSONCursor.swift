import FoundationEssentials

/// Reads one JSON text front to back for a reader that knows the shape it expects
/// (`RecordReader`, `MessageReader`). It builds no tree: a tree makes each key, string and
/// number of a list its own allocation, and releasing them costs as much as building them.
/// Here a key is compared as bytes where it lies, and a string or a number is converted only
/// when the reader takes it.
///
/// Strict, as JSONDecoder is: what is not JSON (a leading zero, `+1`, a raw control
/// character or invalid UTF-8 in a string, bytes after the value) and what the reader does not
/// expect throw `JSONMismatch`. A member the reader does not know (a newer peer's field) is
/// skipped, checked as JSON, at most `maxSkipDepth` containers deep: so an older client reads
/// a newer daemon's replies, and no input can make the cursor recurse deeper than that.
package struct JSONCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next value starts: a reader of a line still arriving (`StreamedList`) resumes
    /// there once more bytes are in.
    package private(set) var position: Int

    package init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        self.position = position
    }

    // MARK: Structure

    /// Only whitespace may follow the value.
    package mutating func finish() throws(JSONMismatch) {
        skipWhitespace()
        guard position == bytes.count else { throw JSONMismatch() }
    }

    /// Reads an object: `member` is called with each key, the cursor on its value, and must
    /// read that value.
    @inline(__always)
    package mutating func object(_ member: (inout JSONCursor, JSONWord) throws(JSONMismatch) -> Void) throws(JSONMismatch) {
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        let key = try word()
        try expect(UInt8(ascii: ":"))
        try member(&self, key)
        try remainingMembers(member)
    }

    /// The rest of an object after one of its members: more members, then its end.
    @inline(__always)
    package mutating func remainingMembers(_ member: (inout JSONCursor, JSONWord) throws(JSONMismatch) -> Void) throws(JSONMismatch) {
        while try more(closing: UInt8(ascii: "}")) {
            let key = try word()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        }
    }

    /// Reads an object whose keys are data, not names (a `[String: String]`): each key is
    /// decoded as a string, escapes and all, and `member` must read its value.
    package mutating func dictionary(_ member: (inout JSONCursor, String) throws(JSONMismatch) -> Void) throws(JSONMismatch) {
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try more(closing: UInt8(ascii: "}"))
    }

    /// Reads an array: `element` is called with the cursor on each element, and must read it.
    @inline(__always)
    package mutating func array(_ element: (inout JSONCursor) throws(JSONMismatch) -> Void) throws(JSONMismatch) {
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        try element(&self)
        try remainingElements(element)
    }

    /// The rest of an array after one of its elements: more elements, then its end.
    @inline(__always)
    package mutating func remainingElements(_ element: (inout JSONCursor) throws(JSONMismatch) -> Void) throws(JSONMismatch) {
        while try more(closing: UInt8(ascii: "]")) { try element(&self) }
    }

    /// How deep a skipped value may nest: far beyond any field this protocol would add, far
    /// below what the stack could take.
    package static let maxSkipDepth = 32

    /// Passes over a member no reader knows (a newer peer's field): its key must be a valid,
    /// unescaped JSON name, its value JSON.
    package mutating func skipMember(_ key: JSONWord) throws(JSONMismatch) {
        for byte in key.bytes where byte < 0x20 || byte == UInt8(ascii: "\\") { throw JSONMismatch() }
        guard String(validating: key.bytes, as: UTF8.self) != nil else { throw JSONMismatch() }
        try skipValue()
    }

    /// Passes over the value at the cursor, checking that it is JSON.
    package mutating func skipValue(depth: Int = 0) throws(JSONMismatch) {
        guard depth < Self.maxSkipDepth else { throw JSONMismatch() }
        skipWhitespace()
        guard position < bytes.count else { throw JSONMismatch() }
        switch bytes[position] {
        case UInt8(ascii: "{"): try dictionary { c, _ throws(JSONMismatch) in try c.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array { c throws(JSONMismatch) in try c.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw JSONMismatch() }
        default: _ = try number()
        }
    }

    /// Passes over the value at the cursor and returns its bytes (for a cold value's Codable).
    package mutating func rawValue() throws(JSONMismatch) -> UnsafeRawBufferPointer {
        skipWhitespace()
        let start = position
        try skipValue()
        return UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<position]))
    }

    /// After a container's element: true past a comma (another follows), false past `closing`.
    @inline(__always)
    private mutating func more(closing: UInt8) throws(JSONMismatch) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw JSONMismatch() }
        position += 1
        switch bytes[position - 1] {
        case UInt8(ascii: ","): return true
        case closing: return false
        default: throw JSONMismatch()
        }
    }

    /// Whether `byte` comes next (after whitespace), reading it if so.
    @inline(__always)
    package mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Whether the next value is `null`, reading it if so (how JSONDecoder sees a nil optional).
    package mutating func null() -> Bool { literal("null") }

    /// Whether the next value is a string (an enum written as a bare name, not an object).
    package mutating func atString() -> Bool {
        skipWhitespace()
        return position < bytes.count && bytes[position] == UInt8(ascii: "\"")
    }

    // MARK: Scalars

    package mutating func bool() throws(JSONMismatch) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw JSONMismatch()
    }

    /// A string's bytes as they lie, up to the next quote, for keys and names. Only the quote
    /// is looked for: a word is only ever compared with ASCII names (or read as a UUID's hex
    /// digits), which have no backslash, control character or non-ASCII byte, so a word with
    /// an escape (the encoders this reads never escape a name; JSONDecoder decides when one
    /// does), a raw control character or invalid UTF-8 matches none and is refused there.
    package mutating func word() throws(JSONMismatch) -> JSONWord {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                return JSONWord(bytes: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]))
            }
            position += 1
        }
        throw JSONMismatch()
    }

    /// A string, its escapes decoded. An ASCII one (most are) is made without a UTF-8 check.
    package mutating func string() throws(JSONMismatch) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        var union: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                let run = UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
                if union < 0x80 { return String(decoding: run, as: UTF8.self) }
                guard let text = String(validating: run, as: UTF8.self) else { throw JSONMismatch() }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw JSONMismatch() }
            union |= byte
            position += 1
        }
        throw JSONMismatch()
    }

    /// The rest of a string that has escapes, from its first byte `start` (the cursor on the
    /// first backslash).
    private mutating func escapedString(from start: Int) throws(JSONMismatch) -> String {
        var utf8 = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw JSONMismatch() }
                return text
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw JSONMismatch() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: UTF8.encode(try unicodeEscape())!)
                default: throw JSONMismatch()
                }
            case 0..<0x20:
                throw JSONMismatch()
            default:
                utf8.append(byte)
            }
        }
        throw JSONMismatch()
    }

    /// After `\u`: one scalar, joining a surrogate pair written as two escapes. A lone
    /// surrogate is refused, as JSONDecoder refuses it.
    private mutating func unicodeEscape() throws(JSONMismatch) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw JSONMismatch() }
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw JSONMismatch() }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw JSONMismatch() }
        return scalar
    }

    private mutating func hex4() throws(JSONMismatch) -> UInt32 {
        guard position + 4 <= bytes.count else { throw JSONMismatch() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONMismatch()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A UUID written as its 36 characters (`UUID(text:)`), read without making a String.
    package mutating func uuid() throws(JSONMismatch) -> UUID {
        guard let id = UUID(utf8: try word().bytes) else { throw JSONMismatch() }
        return id
    }

    /// An integer literal (JSONDecoder's Int from `6.0` or `6e0` is left to JSONDecoder).
    package mutating func int() throws(JSONMismatch) -> Int {
        let number = try self.number()
        guard number.isInteger else { throw JSONMismatch() }
        var value = 0
        for index in number.digitsStart..<number.end {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (sum, overflow2) = number.negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { throw JSONMismatch() }
            value = sum
        }
        return value
    }

    /// A number as a Double, rounded correctly as JSONDecoder rounds it (`JSONNumberText`).
    package mutating func double() throws(JSONMismatch) -> Double {
        skipWhitespace()
        guard let (value, end) = JSONNumberText.double(bytes, from: position) else { throw JSONMismatch() }
        position = end
        return value
    }

    /// Where a number lies, checked against JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(JSONMismatch) -> (digitsStart: Int, end: Int, negative: Bool, isInteger: Bool) {
        skipWhitespace()
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        guard digits() > 0 else { throw JSONMismatch() }
        if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1 { throw JSONMismatch() }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw JSONMismatch() }
            isInteger = false
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw JSONMismatch() }
            isInteger = false
        }
        return (digitsStart, position, negative, isInteger)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }

    // MARK: Bytes

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(JSONMismatch) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw JSONMismatch() }
        position += 1
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        position += count
        return true
    }
}

/// The input is not the JSON the reader expects; `reason` says what, where a reader knows.
package struct JSONMismatch: Error {
    package var reason: String?
    package init(_ reason: String? = nil) { self.reason = reason }
}

/// A key or a name as its raw bytes in the input (no escapes), compared with ASCII names.
package struct JSONWord {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Lets a reader `switch key { case "id": ... }`.
    @inline(__always)
    package static func ~= (name: StaticString, word: JSONWord) -> Bool {
        guard name.utf8CodeUnitCount == word.bytes.count else { return false }
        for index in 0..<word.bytes.count where word.bytes[index] != name.utf8Start[index] { return false }
        return true
    }
}
