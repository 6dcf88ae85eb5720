/// A small JSON parser for the store's own records. Foundation's JSON readers on Linux take
/// about 50 µs per record (mostly Codable's generic machinery), which would make loading
/// 10,000 alarms take half a second; this one, with `RecordReader`, takes a few.
///
/// Numbers keep their text so that they are converted exactly as JSONDecoder would (Int
/// only from an integer literal, Double by correctly rounded parsing).
package enum JSONTree {
    /// A nominal type rather than a `(key:, value:)` tuple: arrays of tuples look up their
    /// type metadata at run time on every allocation, a third of the parse time.
    package struct Member {
        let key: String
        let value: JSONTree
    }

    case object([Member])
    case array([JSONTree])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The value in `bytes`, or nil if they are not exactly one JSON value.
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONTree? {
        // Validated once here, so the parser can make each string without validating it
        // again (String(validating:) is generic and costly per call).
        guard String(validating: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self) != nil else { return nil }
        var parser = Parser(bytes: bytes)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.position == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Objects and arrays nest at most this deep: records nest 6 levels; this bounds
        /// the recursion whatever a file holds.
        var depth = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func value() -> JSONTree? {
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(JSONTree.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ text: StaticString, _ value: JSONTree) -> JSONTree? {
            let count = text.utf8CodeUnitCount
            guard position + count <= bytes.count else { return nil }
            for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return nil }
            position += count
            return value
        }

        mutating func object() -> JSONTree? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 32 else { return nil }
            position += 1  // {
            var members: [Member] = []
            members.reserveCapacity(4)
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let member = value() else { return nil }
                members.append(Member(key: key, value: member))
                skipWhitespace()
                guard position < bytes.count else { return nil }
                position += 1
                switch bytes[position - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default: return nil
                }
            }
        }

        mutating func array() -> JSONTree? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 32 else { return nil }
            position += 1  // [
            var elements: [JSONTree] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                guard let element = value() else { return nil }
                elements.append(element)
                skipWhitespace()
                guard position < bytes.count else { return nil }
                position += 1
                switch bytes[position - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(elements)
                default: return nil
                }
            }
        }

        /// A string starting at the opening quote. Unescaped runs are copied as UTF-8 in one go.
        mutating func string() -> String? {
            position += 1  // "
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    defer { position += 1 }
                    return decodeUTF8(start..<position)
                }
                if byte == UInt8(ascii: "\\") { return escapedString(prefix: start..<position) }
                if byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        /// `range` lies inside valid UTF-8 between ASCII delimiters, so it is valid itself.
        private func decodeUTF8(_ range: Range<Int>) -> String? {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// The rest of a string that has escapes; `prefix` is what came before the first one.
        private mutating func escapedString(prefix: Range<Int>) -> String? {
            var utf8 = Array(bytes[prefix])
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        utf8.append(contentsOf: String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    utf8.append(byte)
                }
            }
            return nil
        }

        /// After `\u`: one scalar, joining a surrogate pair written as two escapes.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { return nil }
                position += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                position += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// The text of a number; `RecordReader` converts it. Swift's parsers accept a few
        /// forms JSON does not (`+1`, `1.`), so the ends are checked here.
        mutating func number() -> JSONTree? {
            let start = position
            scan: while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                    UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    position += 1
                default:
                    break scan
                }
            }
            guard position > start, bytes[start] == UInt8(ascii: "-") || isDigit(bytes[start]),
                isDigit(bytes[position - 1])
            else { return nil }
            return decodeUTF8(start..<position).map(JSONTree.number)
        }

        private func isDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
