/// Why a time spec was refused, and where: `offset`/`length` count characters of `input`,
/// so a caller can print `input` and a caret line under the bad part (`pointer`).
public struct TimeSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case empty, missingTime, missingDuration, ambiguousNumber, unknownWord, unexpectedWord
        case badTime, hourOutOfRange, minuteOutOfRange, secondOutOfRange
        case unknownWeekday, unknownDay, ambiguousWeekday
        case badDate, monthOutOfRange, dayOutOfRange, badOffset, inPast
        case badDuration, unknownUnit, repeatedUnit, durationOutOfRange
    }

    public var kind: Kind
    /// The whole explanation, naming the bad part and what to write instead.
    public var message: String
    public var input: String
    public var offset: Int
    public var length: Int

    public init(_ kind: Kind, _ message: String, input: String, offset: Int, length: Int) {
        self.kind = kind
        self.message = message
        self.input = input
        self.offset = max(0, offset)
        self.length = max(1, length)
    }

    public var description: String { message }

    /// The input on one line and carets under the bad part:
    /// ```
    /// mno-fri 6:30
    /// ^^^
    /// ```
    public var pointer: String {
        let flat = String(input.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return flat + "\n" + String(repeating: " ", count: offset) + String(repeating: "^", count: length)
    }
}
