/// A value bound to a statement's `?` parameter: only the storage classes the store uses.
enum SQLValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(nilLiteral: ()) { self = .null }

    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    init(_ real: Double?) { self = real.map { .real($0) } ?? .null }
    init(_ integer: Int) { self = .integer(Int64(integer)) }
}
