/// Why bytes or a TZ string could not be read as time-zone rules. Malformed input is this
/// error, never a crash: zone files come from the system and `TZ` from the person.
public struct ZoneRulesError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not a TZif file (no `TZif` magic).
        case notTZif
        /// The file ends before the sizes its header announces.
        case truncated
        /// A count, index, offset or ordering the format forbids.
        case invalidData
        /// A POSIX TZ string (`TZ` or a TZif footer) that does not parse.
        case invalidRule
    }

    public let kind: Kind
    public let detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail }
}
