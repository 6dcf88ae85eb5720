import Glibc

extension StringProtocol {
    /// `trimmingCharacters(in:)` for a predicate: drops leading and trailing characters that
    /// match (`.whitespacesAndNewlines` by default).
    public func trimmed(_ isTrimmed: (Character) -> Bool = \.isWhitespace) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = lastIndex(where: { !isTrimmed($0) })!
        return String(self[first...last])
    }

    /// `pad` repeated in front up to `length` characters (zero-padded numbers: "7" -> "07");
    /// never cut.
    public func leftPadded(to length: Int, with pad: Character) -> String {
        count >= length ? String(self) : String(repeating: pad, count: length - count) + self
    }
}

extension String {
    /// `String(format:)` for numbers (`%d`, `%02d`, `%.2f`, ...) through the C library's
    /// vsnprintf; no `%@`.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return Self(terminated: buffer) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                vsnprintf(&buffer, buffer.count, format, again)
                return Self(terminated: buffer)
            }
        }
    }

    /// The text of a C buffer up to its first NUL byte.
    private init(terminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
